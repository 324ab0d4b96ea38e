"""Locations: list (scoped by role), create and edit (store_admin), and each one's employee interface."""
from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Query, status

from api.access.deps import AdminUser, CurrentCompany, StaffUser
from api.core.deps import Db
from api.kit.fields import MAX_OFFSET
from api.stores import service
from api.stores.schemas import (
    EmployeeInterfaceRead,
    EmployeeInterfaceUpdate,
    StoreCreate,
    StoreCreated,
    StoreList,
    StoreRead,
    StoreUpdate,
)

router = APIRouter(tags=["stores"])


@router.get("/stores", response_model=StoreList)
async def list_stores(
    db: Db, user: StaffUser, company: CurrentCompany,
    limit: Annotated[int, Query(ge=1, le=1000)] = 500, offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
) -> StoreList:
    """Locations by name, `limit` from `offset`; `total` counts every one the caller may see."""
    stores, total = await service.list_stores(db, user, company, limit=limit, offset=offset)
    return StoreList(stores=stores, total=total)


@router.post("/stores", response_model=StoreCreated, status_code=status.HTTP_201_CREATED)
async def create_store(body: StoreCreate, db: Db, _admin: AdminUser, company: CurrentCompany) -> StoreCreated:
    store = await service.create_store(db, company, body)
    return StoreCreated.model_validate(store)


@router.put("/stores/{store_id}", response_model=StoreRead)
async def update_store(store_id: uuid.UUID, body: StoreUpdate, db: Db, _admin: AdminUser,
                       company: CurrentCompany) -> StoreRead:
    store = await service.update_store(db, company, store_id, body)
    return StoreRead.model_validate(store)


# The spec serves each location's employee interface (simple or advanced) under /company/settings.
@router.get("/company/settings", response_model=EmployeeInterfaceRead)
async def get_company_settings(db: Db, user: StaffUser, store_id: uuid.UUID | None = None) -> EmployeeInterfaceRead:
    enabled, store = await service.employee_interface(db, user, store_id)
    return EmployeeInterfaceRead(advanced_options_enabled=enabled, store_id=store)


@router.get("/company/settings/{store_id}", response_model=EmployeeInterfaceRead)
async def get_store_company_settings(store_id: uuid.UUID, db: Db, user: StaffUser) -> EmployeeInterfaceRead:
    enabled, store = await service.employee_interface(db, user, store_id)
    return EmployeeInterfaceRead(advanced_options_enabled=enabled, store_id=store)


@router.put("/company/settings", response_model=EmployeeInterfaceRead)
async def update_company_settings(body: EmployeeInterfaceUpdate, db: Db, _admin: AdminUser,
                                  company: CurrentCompany) -> EmployeeInterfaceRead:
    """Without store_id the choice applies to every location of the company."""
    enabled, store = await service.set_employee_interface(db, company, body.advanced_options_enabled, body.store_id)
    return EmployeeInterfaceRead(advanced_options_enabled=enabled, store_id=store)
