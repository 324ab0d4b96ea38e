"""Region rules: unique names per company, parents of the same company, no delete while in use.

Deleting a region that locations still use is refused (409) rather than silently detaching
those locations: the admin moves them first, so no location loses its region by accident.
Subregions of a deleted region become top-level (the foreign key sets parent_id to null).
"""
from __future__ import annotations

import uuid

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.kit.errors import Conflict, Invalid, NotFound
from api.regions.schemas import RegionCreate, RegionRead, RegionUpdate
from api.tables.regions import Region
from api.tables.stores import Store
from api.tables.users import User


async def _counts(db: AsyncSession, column) -> tuple[dict[uuid.UUID, int], dict[uuid.UUID, int]]:
    """Locations in each region (by region_id or subregion_id) and the active users assigned to them."""
    stores = dict((await db.execute(select(column, func.count()).where(column.is_not(None))
                                    .group_by(column))).all())
    users = dict((await db.execute(
        select(column, func.count(User.id)).join(User, User.assigned_location_id == Store.id)
        .where(column.is_not(None), User.is_active).group_by(column))).all())
    return stores, users


async def list_regions(db: AsyncSession) -> list[RegionRead]:
    stores, users = await _counts(db, Store.region_id)
    sub_stores, sub_users = await _counts(db, Store.subregion_id)
    regions = await db.scalars(select(Region).order_by(Region.name))
    return [RegionRead.model_validate(r).model_copy(update={
        "store_count": stores.get(r.id, 0) + sub_stores.get(r.id, 0),
        "user_count": users.get(r.id, 0) + sub_users.get(r.id, 0),
    }) for r in regions]


async def get_region(db: AsyncSession, region_id: uuid.UUID) -> Region:
    region = await db.scalar(select(Region).where(Region.id == region_id))
    if region is None:
        raise NotFound("Region not found")
    return region


async def _check_name(db: AsyncSession, name: str, except_id: uuid.UUID | None = None) -> None:
    query = select(Region.id).where(func.lower(Region.name) == name.lower())
    if except_id:
        query = query.where(Region.id != except_id)
    if await db.scalar(query):
        raise Conflict("A region with this name already exists")


async def create_region(db: AsyncSession, body: RegionCreate) -> Region:
    await _check_name(db, body.name)
    if body.parent_id:
        await get_region(db, body.parent_id)
    region = Region(name=body.name, description=body.description, parent_id=body.parent_id)
    db.add(region)
    await db.flush()
    await db.refresh(region)
    return region


async def update_region(db: AsyncSession, region_id: uuid.UUID, body: RegionUpdate) -> Region:
    region = await get_region(db, region_id)
    fields = body.model_dump(exclude_unset=True)
    if fields.get("name") is None:
        fields.pop("name", None)
    if "name" in fields:
        await _check_name(db, fields["name"], except_id=region.id)
    if fields.get("parent_id"):
        if fields["parent_id"] == region.id:
            raise Invalid("A region cannot be its own parent")
        await get_region(db, fields["parent_id"])
    for name, value in fields.items():
        setattr(region, name, value)
    await db.flush()
    await db.refresh(region)
    return region


async def delete_region(db: AsyncSession, region_id: uuid.UUID) -> None:
    region = await get_region(db, region_id)
    in_use = await db.scalar(
        select(func.count()).select_from(Store).where(or_(Store.region_id == region.id, Store.subregion_id == region.id))
    )
    if in_use:
        raise Conflict(f"This region is used by {in_use} location(s); move them to another region first")
    await db.delete(region)
    await db.flush()
