from fastapi import APIRouter

router = APIRouter(tags=["stores"])
