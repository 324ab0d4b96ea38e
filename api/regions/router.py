"""Regions (enterprise only): list, add, edit, delete."""
from __future__ import annotations

import uuid

from fastapi import APIRouter, Depends, status

from api.access.deps import AdminUser
from api.core.deps import Db
from api.regions import service
from api.regions.schemas import RegionCreate, RegionDeleted, RegionList, RegionRead, RegionUpdate
from api.subscription import plans
from api.subscription.deps import require_feature

router = APIRouter(tags=["regions"], dependencies=[Depends(require_feature(plans.REGIONS))])


@router.get("/regions", response_model=RegionList)
async def list_regions(db: Db, _admin: AdminUser) -> RegionList:
    return RegionList(regions=await service.list_regions(db))


@router.post("/regions", response_model=RegionRead, status_code=status.HTTP_201_CREATED)
async def create_region(body: RegionCreate, db: Db, _admin: AdminUser) -> RegionRead:
    return RegionRead.model_validate(await service.create_region(db, body))


@router.put("/regions/{region_id}", response_model=RegionRead)
async def update_region(region_id: uuid.UUID, body: RegionUpdate, db: Db, _admin: AdminUser) -> RegionRead:
    return RegionRead.model_validate(await service.update_region(db, region_id, body))


@router.delete("/regions/{region_id}", response_model=RegionDeleted)
async def delete_region(region_id: uuid.UUID, db: Db, _admin: AdminUser) -> RegionDeleted:
    await service.delete_region(db, region_id)
    return RegionDeleted(message="Region deleted")
