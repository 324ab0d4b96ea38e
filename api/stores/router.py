"""Locations: list (scoped by role), create and edit (store_admin)."""
from __future__ import annotations

import uuid

from fastapi import APIRouter, status

from api.core.deps import AdminUser, CurrentCompany, Db, StaffUser
from api.stores import service
from api.stores.schemas import StoreCreate, StoreCreated, StoreList, StoreRead, StoreUpdate

router = APIRouter(tags=["stores"])


@router.get("/stores", response_model=StoreList)
async def list_stores(db: Db, user: StaffUser, company: CurrentCompany) -> StoreList:
    stores = await service.list_stores(db, user, company)
    return StoreList(stores=stores, total=len(stores))


@router.post("/stores", response_model=StoreCreated, status_code=status.HTTP_201_CREATED)
async def create_store(body: StoreCreate, db: Db, _admin: AdminUser, company: CurrentCompany) -> StoreCreated:
    store = await service.create_store(db, company, body)
    return StoreCreated.model_validate(store)


@router.put("/stores/{store_id}", response_model=StoreRead)
async def update_store(store_id: uuid.UUID, body: StoreUpdate, db: Db, _admin: AdminUser,
                       company: CurrentCompany) -> StoreRead:
    store = await service.update_store(db, company, store_id, body)
    return StoreRead.model_validate(store)
