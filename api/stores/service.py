"""Location rules: plan limits, unique store numbers, regions of the company, employee scope."""
from __future__ import annotations

import uuid
from decimal import Decimal

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.analytics.stats import location_month_stats
from api.kit.errors import Conflict, NotFound
from api.stores.schemas import StoreCreate, StoreRead, StoreStats, StoreUpdate
from api.subscription import plans
from api.subscription import service as subscription
from api.tables.companies import Company
from api.tables.regions import Region
from api.tables.stores import Store
from api.tables.users import User

ZERO = Decimal(0)


def _read(store: Store, region_names: dict, price: Decimal | None, stats: dict | None) -> StoreRead:
    read = StoreRead.model_validate(store)
    read.region_name = region_names.get(store.region_id)
    if price is not None:
        read.monthly_cost = price if store.is_active else ZERO
    if stats is not None:
        read.stats = StoreStats(**stats.get(store.id, {"total_tickets": 0, "total_lb": ZERO, "diversion_rate": ZERO}))
    return read


async def list_stores(db: AsyncSession, user: User, company: Company, *, limit: int,
                      offset: int) -> tuple[list[StoreRead], int]:
    """Admins see every location with this month's figures and cost; employees only their own.
    One page (`limit` from `offset`) and the count of all the caller may see."""
    conds = []
    if user.role == "store_employee":
        conds.append(Store.id == user.assigned_location_id if user.assigned_location_id else Store.is_active)
    total = await db.scalar(select(func.count()).select_from(Store).where(*conds)) or 0
    query = select(Store).where(*conds).order_by(Store.name, Store.id).limit(limit).offset(offset)
    if user.role == "store_employee":
        return [_read(s, {}, None, None) for s in await db.scalars(query)], total
    stores = list(await db.scalars(query))
    regions = {r.id: r.name for r in await db.scalars(select(Region))}
    stats = location_month_stats(company.id, company.timezone)
    price = subscription.price_per_facility(company)
    return [_read(s, regions, price, stats) for s in stores], total


async def get_store(db: AsyncSession, store_id: uuid.UUID) -> Store:
    store = await db.scalar(select(Store).where(Store.id == store_id))
    if store is None:
        raise NotFound("Location not found")
    return store


async def _check_unique_number(db: AsyncSession, number: str, except_id: uuid.UUID | None = None) -> None:
    query = select(Store.id).where(Store.store_number == number)
    if except_id:
        query = query.where(Store.id != except_id)
    if await db.scalar(query):
        raise Conflict("A location with this store number already exists")


async def _check_regions(db: AsyncSession, company: Company, fields: dict) -> None:
    wanted = [fields[k] for k in ("region_id", "subregion_id") if fields.get(k)]
    if not wanted:
        return
    subscription.require_company_feature(company, plans.REGIONS)
    for region_id in wanted:
        if await db.scalar(select(Region.id).where(Region.id == region_id)) is None:
            raise NotFound("Region not found")


async def create_store(db: AsyncSession, company: Company, body: StoreCreate) -> Store:
    await subscription.check_location_limit(db, company)
    await _check_unique_number(db, body.store_number)
    fields = body.model_dump(exclude_none=True)
    await _check_regions(db, company, fields)
    store = Store(**fields)
    db.add(store)
    await db.flush()
    await db.refresh(store)
    return store


async def update_store(db: AsyncSession, company: Company, store_id: uuid.UUID, body: StoreUpdate) -> Store:
    store = await get_store(db, store_id)
    fields = body.model_dump(exclude_unset=True)
    for required in ("name", "store_number", "is_active", "advanced_options_enabled", "scale_display_unit"):
        if required in fields and fields[required] is None:
            fields.pop(required)
    if fields.get("store_number") and fields["store_number"] != store.store_number:
        await _check_unique_number(db, fields["store_number"], except_id=store.id)
    if fields.get("is_active") and not store.is_active:
        await subscription.check_location_limit(db, company)  # reactivating takes a slot again
    await _check_regions(db, company, fields)
    for name, value in fields.items():
        setattr(store, name, value)
    await db.flush()
    await db.refresh(store)
    return store


async def employee_interface(db: AsyncSession, user: User, store_id: uuid.UUID | None) -> tuple[bool, uuid.UUID | None]:
    """The Simple/Advanced choice of one location; an assigned employee reads only theirs."""
    if user.role == "store_employee" and user.assigned_location_id:
        if store_id and store_id != user.assigned_location_id:
            raise NotFound("Location not found")
        store_id = user.assigned_location_id
    if store_id:
        store = await get_store(db, store_id)
        return store.advanced_options_enabled, store.id
    first = await db.scalar(select(Store).where(Store.is_active).order_by(Store.created_at, Store.name).limit(1))
    return (first.advanced_options_enabled, first.id) if first else (False, None)


async def set_employee_interface(db: AsyncSession, company: Company, enabled: bool,
                                 store_id: uuid.UUID | None) -> tuple[bool, uuid.UUID | None]:
    """With a store_id one location changes; without one every location of the company does."""
    if store_id:
        store = await get_store(db, store_id)
        store.advanced_options_enabled = enabled
        await db.flush()
        return enabled, store.id
    await db.execute(
        update(Store).where(Store.company_id == company.id).values(advanced_options_enabled=enabled)
        .execution_options(synchronize_session=False)
    )
    return enabled, None
