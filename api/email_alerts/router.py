from fastapi import APIRouter

router = APIRouter(tags=["email_alerts"])
