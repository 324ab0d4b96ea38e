"""Who trucks outbound waste away: haulers and disposal partners (customers with those flags)
and their vehicles, as the outbound screens read them; the look-ups are api.parties'.
"""
from __future__ import annotations

from typing import Literal

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.kit.plates import normalize_plate
from api.outbound.schemas import OutboundCustomerRead, PlateLookup, SearchResult, VehicleRead
from api.parties import service as party
from api.tables.parties import Customer, Vehicle

CustomerType = Literal["all", "hauler", "disposal_partner"]
SEARCH_MIN_CHARS = 3  # the spec's partner search starts above 2 characters
SEARCH_LIMIT = 25


def _read(customer: Customer, vehicles: list[Vehicle] | None = None) -> OutboundCustomerRead:
    read = OutboundCustomerRead.model_validate(customer)
    read.vehicles = [VehicleRead.model_validate(v) for v in vehicles or []]
    return read


def _by_type(customer_type: CustomerType):
    if customer_type == "hauler":
        return Customer.is_hauler.is_(True)
    if customer_type == "disposal_partner":
        return Customer.is_disposal_partner.is_(True)
    return or_(Customer.is_hauler.is_(True), Customer.is_disposal_partner.is_(True))


async def list_customers(db: AsyncSession, customer_type: CustomerType, include_vehicles: bool) -> list[OutboundCustomerRead]:
    rows = (await db.execute(
        select(Customer).where(Customer.active.is_(True), _by_type(customer_type)).order_by(Customer.customer_name)
    )).scalars().all()
    vehicles = await party.vehicles_of(db, [c.id for c in rows]) if include_vehicles else {}
    return [_read(c, vehicles.get(c.id)) for c in rows]


async def search(db: AsyncSession, query: str) -> list[SearchResult]:
    """Partners and haulers by name, phone, email or plate; one result per vehicle that matches."""
    text = query.strip()
    if len(text) < SEARCH_MIN_CHARS:
        return []
    pattern = "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    plate = normalize_plate(text)
    by_customer = (await db.execute(
        select(Customer).where(
            Customer.active.is_(True), _by_type("all"),
            or_(Customer.customer_name.ilike(pattern, escape="\\"), Customer.phone.ilike(pattern, escape="\\"),
                Customer.email.ilike(pattern, escape="\\")),
        ).order_by(Customer.customer_name).limit(SEARCH_LIMIT)
    )).scalars().all()
    results = [SearchResult(customer=_read(c), vehicle=None) for c in by_customer]
    if plate:
        rows = await db.execute(
            select(Vehicle, Customer).join(Customer, Customer.id == func.coalesce(Vehicle.customer_id, Vehicle.hauler_id))
            .where(Vehicle.license_plate.contains(plate), Customer.active.is_(True))
            .order_by(Vehicle.license_plate).limit(SEARCH_LIMIT)
        )
        results += [SearchResult(customer=_read(c), vehicle=VehicleRead.model_validate(v)) for v, c in rows]
    return results[:SEARCH_LIMIT]


async def lookup_plate(db: AsyncSession, raw_plate: str) -> PlateLookup:
    """The plate's vehicle, its customer (payee, else hauler) and its disposal partner (api.parties)."""
    found = await party.plate_owners(db, raw_plate)
    if found.vehicle is None:
        return PlateLookup(found=False, license_plate=found.plate)
    customer, partner = found.payee or found.hauler, found.disposal_partner
    return PlateLookup(
        found=True, license_plate=found.plate, vehicle=VehicleRead.model_validate(found.vehicle),
        customer=_read(customer) if customer else None, disposal_partner=_read(partner) if partner else None,
    )
