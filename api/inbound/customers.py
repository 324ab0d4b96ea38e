"""Customers (payees and haulers) and their per-waste-type prices.

Account numbers are unique per company (a constraint) and generated as C-NNNN when absent; the
generator takes a per-company transaction lock, so two creators never pick the same number.
"""
from __future__ import annotations

import uuid
from collections import defaultdict
from datetime import UTC, datetime
from decimal import Decimal

from sqlalchemy import BigInteger, cast, func, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.inbound.schemas import (
    CustomerRead,
    CustomerWrite,
    InboundVehicleRead,
    VehicleWrite,
    WasteTypePriceRead,
)
from api.kit.errors import Conflict, Invalid, NotFound
from api.parties import service as party
from api.tables.inbound import CustomerPrice
from api.tables.lists import WasteType
from api.tables.parties import Customer, Vehicle

ACCOUNT_PREFIX = "C-"
FIRST_ACCOUNT = 1001
DUPLICATE_ACCOUNT = "Account number {n} is already used by another customer"


async def lock_account_numbers(db: AsyncSession, company_id: uuid.UUID) -> None:
    await db.execute(text("select pg_advisory_xact_lock(hashtext('flow.customers.account:' || :cid))"),
                     {"cid": str(company_id)})


async def next_account_number(db: AsyncSession) -> int:
    """The number after the highest C-NNNN of the company (call under lock_account_numbers)."""
    top = await db.scalar(select(func.max(cast(func.substring(Customer.account_number, r"^C-(\d{1,9})$"), BigInteger))))
    return max(FIRST_ACCOUNT, (top or 0) + 1)


def format_account(number: int) -> str:
    return f"{ACCOUNT_PREFIX}{number:04d}"


def customer_read(c: Customer, prices: list[tuple[str, CustomerPrice]]) -> CustomerRead:
    return CustomerRead(
        id=c.id, customer_name=c.customer_name, phone=c.phone, email=c.email, address=c.address,
        is_hauler=c.is_hauler, active=c.active, account_number=c.account_number,
        custom_pricing_per_unit=c.custom_pricing_per_unit, pricing_per_unit=c.custom_pricing_per_unit,
        default_unit_of_measure=c.default_unit_of_measure, unit_of_measure=c.default_unit_of_measure,
        pricing_by_waste_type={name: WasteTypePriceRead(price=p.price_per_unit, uom=p.unit_of_measure)
                               for name, p in sorted(prices, key=lambda x: x[0].lower())},
        notes=c.notes, created_at=c.created_at, updated_at=c.updated_at,
    )


async def prices_of(db: AsyncSession, customer_ids: list[uuid.UUID]) -> dict[uuid.UUID, list[tuple[str, CustomerPrice]]]:
    found: dict = defaultdict(list)
    if not customer_ids:
        return found
    rows = await db.execute(
        select(CustomerPrice, WasteType.name).join(WasteType, WasteType.id == CustomerPrice.waste_type_id)
        .where(CustomerPrice.customer_id.in_(customer_ids))
    )
    for price, name in rows:
        found[price.customer_id].append((name, price))
    return found


async def reads(db: AsyncSession, customers: list[Customer]) -> list[CustomerRead]:
    prices = await prices_of(db, [c.id for c in customers])
    return [customer_read(c, prices[c.id]) for c in customers]


LISTED = Customer.is_disposal_partner.is_(False) | Customer.is_hauler.is_(True)


async def count_customers(db: AsyncSession) -> dict[str, int]:
    """The whole list's counts (the screen's cards): total, payees, haulers."""
    total, haulers = (await db.execute(select(func.count(), func.count().filter(Customer.is_hauler.is_(True)))
                                       .where(LISTED))).one()
    return {"total": total, "payees": total - haulers, "haulers": haulers}


async def page_customers(db: AsyncSession, search: str | None, customer_type: str, limit: int | None,
                         offset: int) -> tuple[list[Customer], int]:
    """(one page by name, the number matching the search and type)."""
    found = await list_customers(db, search, customer_type, limit=limit, offset=offset)
    if limit is None and offset == 0:
        return found, len(found)
    matching = await db.scalar(select(func.count()).select_from(
        _filtered(select(Customer.id), search, customer_type).subquery()))
    return found, int(matching or 0)


def _filtered(stmt, search: str | None, customer_type: str):
    stmt = stmt.where(LISTED)
    if customer_type == "payee":
        stmt = stmt.where(Customer.is_hauler.is_(False))
    elif customer_type == "hauler":
        stmt = stmt.where(Customer.is_hauler.is_(True))
    if search and search.strip():
        pattern = "%" + search.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        stmt = stmt.where(
            Customer.customer_name.ilike(pattern, escape="\\") | Customer.account_number.ilike(pattern, escape="\\")
            | Customer.email.ilike(pattern, escape="\\") | Customer.phone.ilike(pattern, escape="\\")
        )
    return stmt


async def list_customers(db: AsyncSession, search: str | None, customer_type: str, *, limit: int | None = None,
                         offset: int = 0) -> list[Customer]:
    stmt = _filtered(select(Customer), search, customer_type).order_by(func.lower(Customer.customer_name), Customer.id)
    if limit is not None:
        stmt = stmt.limit(limit)
    if offset:
        stmt = stmt.offset(offset)
    return list((await db.execute(stmt)).scalars())


async def get_customer(db: AsyncSession, customer_id: uuid.UUID) -> Customer:
    customer = await db.get(Customer, customer_id)
    if customer is None:
        raise NotFound("Customer not found")
    return customer


def _columns(body: CustomerWrite) -> dict:
    price = body.custom_pricing_per_unit if body.custom_pricing_per_unit is not None else body.pricing_per_unit
    unit = body.default_unit_of_measure or body.unit_of_measure
    return {
        "customer_name": body.customer_name.strip(), "phone": body.phone or None, "email": body.email or None,
        "address": body.address or None, "is_hauler": body.is_hauler, "active": body.active,
        "custom_pricing_per_unit": price, "default_unit_of_measure": unit or ("lb" if price is not None else None),
        "notes": body.notes or None,
    }


async def _set_prices(db: AsyncSession, customer: Customer, body: CustomerWrite) -> None:
    if body.pricing_by_waste_type is None:
        return
    wanted = {name.strip().lower(): (name.strip(), p) for name, p in body.pricing_by_waste_type.items()}
    types = {}
    if wanted:
        rows = await db.execute(select(WasteType).where(func.lower(WasteType.name).in_(list(wanted))))
        types = {w.name.lower(): w for w in rows.scalars()}
    missing = [shown for key, (shown, _p) in wanted.items() if key not in types]
    if missing:
        raise Invalid(f"pricing_by_waste_type: unknown waste type '{missing[0]}'")
    existing = {p.waste_type_id: p for p in (await db.execute(
        select(CustomerPrice).where(CustomerPrice.customer_id == customer.id))).scalars()}
    keep = set()
    for key, (_shown, p) in wanted.items():
        wt = types[key]
        keep.add(wt.id)
        row = existing.get(wt.id)
        if row is None:
            db.add(CustomerPrice(company_id=customer.company_id, customer_id=customer.id, waste_type_id=wt.id,
                                 price_per_unit=p.price, unit_of_measure=p.uom))
        else:
            row.price_per_unit, row.unit_of_measure = p.price, p.uom
    for wt_id, row in existing.items():
        if wt_id not in keep:
            await db.delete(row)


async def _save(db: AsyncSession, customer: Customer) -> None:
    # The number is read before the flush: a failed flush expires an edited customer, and reading
    # it back afterwards (for the message) failed in the aborted transaction, a 500 for a 409.
    number = customer.account_number
    try:
        async with db.begin_nested():
            await db.flush()
    except IntegrityError:
        raise Conflict(DUPLICATE_ACCOUNT.format(n=number)) from None


async def create_customer(db: AsyncSession, company_id: uuid.UUID, body: CustomerWrite) -> Customer:
    customer = Customer(id=uuid.uuid4(), company_id=company_id, is_disposal_partner=False, **_columns(body))
    if body.account_number:
        customer.account_number = body.account_number
    else:
        await lock_account_numbers(db, company_id)
        customer.account_number = format_account(await next_account_number(db))
    db.add(customer)
    await _save(db, customer)
    await _set_prices(db, customer, body)
    await db.flush()
    await db.refresh(customer)
    return customer


async def update_customer(db: AsyncSession, customer_id: uuid.UUID, body: CustomerWrite) -> Customer:
    customer = await get_customer(db, customer_id)
    for key, value in _columns(body).items():
        setattr(customer, key, value)
    if body.account_number:
        customer.account_number = body.account_number
    customer.updated_at = datetime.now(tz=UTC)
    await _save(db, customer)
    await _set_prices(db, customer, body)
    await db.flush()
    return customer


# ---- vehicles -----------------------------------------------------------------------------------
DUPLICATE_PLATE = "A vehicle with license plate {p} already exists"
PLATE_TOO_LONG = f"license_plate: at most {party.MAX_PLATE} letters and digits"


def _vehicle_columns(body: VehicleWrite) -> dict:
    tare_at = body.tare_weighed_at or (datetime.now(tz=UTC) if body.tare_weight is not None else None)
    return {
        "license_plate": party.plate_or_refuse(body.license_plate, PLATE_TOO_LONG), "vehicle_type": body.vehicle_type, "make": body.make,
        "model": body.model, "year": body.year, "color": body.color, "description": body.description,
        "tare_weight": body.tare_weight.quantize(Decimal("0.1")) if body.tare_weight else None,
        "tare_weighed_at": tare_at if body.tare_weight is not None else None,
    }


async def _save_vehicle(db: AsyncSession, vehicle: Vehicle) -> None:
    try:
        async with db.begin_nested():
            await db.flush()
    except IntegrityError:
        raise Conflict(DUPLICATE_PLATE.format(p=vehicle.license_plate)) from None


async def vehicles_of(db: AsyncSession, customer_id: uuid.UUID) -> list[InboundVehicleRead]:
    await get_customer(db, customer_id)
    owned = await party.vehicles_of(db, [customer_id])
    return [InboundVehicleRead.model_validate(v) for v in owned[customer_id]]


async def add_vehicle(db: AsyncSession, customer_id: uuid.UUID, body: VehicleWrite) -> Vehicle:
    customer = await get_customer(db, customer_id)
    vehicle = Vehicle(id=uuid.uuid4(), company_id=customer.company_id, **_vehicle_columns(body))
    if customer.is_hauler:
        vehicle.hauler_id = customer.id
    else:
        vehicle.customer_id = customer.id
    db.add(vehicle)
    await _save_vehicle(db, vehicle)
    await db.refresh(vehicle)
    return vehicle


async def update_vehicle(db: AsyncSession, vehicle_id: uuid.UUID, body: VehicleWrite) -> Vehicle:
    vehicle = await db.get(Vehicle, vehicle_id)
    if vehicle is None:
        raise NotFound("Vehicle not found")
    keep_tare_date = body.tare_weighed_at is None and body.tare_weight == vehicle.tare_weight
    previous_tare_at = vehicle.tare_weighed_at
    for key, value in _vehicle_columns(body).items():
        setattr(vehicle, key, value)
    if keep_tare_date and body.tare_weight is not None:
        vehicle.tare_weighed_at = previous_tare_at  # same tare re-sent by a full update: not re-weighed
    vehicle.updated_at = datetime.now(tz=UTC)
    await _save_vehicle(db, vehicle)
    return vehicle


async def lookup_plate(db: AsyncSession, raw_plate: str):
    from api.inbound.schemas import InboundPlateLookup

    found = await party.plate_owners(db, raw_plate)
    if found.vehicle is None:
        return InboundPlateLookup(found=False, license_plate=found.plate)
    read = {r.id: r for r in await reads(db, list(found.owners.values()))}
    payee = read.get(found.payee.id) if found.payee else None
    hauler = read.get(found.hauler.id) if found.hauler else None
    return InboundPlateLookup(found=True, license_plate=found.plate,
                              vehicle=InboundVehicleRead.model_validate(found.vehicle),
                              customer=payee or hauler, suggested_customer1=payee, suggested_customer2=hauler)
