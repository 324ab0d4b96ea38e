"""Parties: customers (payees, haulers, disposal partners) and their vehicles, known at the scale
by licence plate. One home for the look-ups inbound, outbound and payables share.

Plates are compared in one form (api.kit.plates.normalize_plate: upper case, letters and digits),
and stored in it, so every look-up is an exact match. Row-level security keeps each look-up in
the caller's company: another company's customer or vehicle is simply not found.
"""
from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.kit.errors import Invalid
from api.kit.plates import normalize_plate
from api.tables.parties import Customer, Vehicle

MAX_PLATE = 16  # the column's width
NO_PLATE = "license_plate: enter a licence plate (letters and digits)"


def plate_or_refuse(raw: str | None, too_long: str = NO_PLATE) -> str:
    """The plate in its stored form, or 422: empty, or longer than the column (`too_long`)."""
    plate = normalize_plate(raw)
    if not plate:
        raise Invalid(NO_PLATE)
    if len(plate) > MAX_PLATE:
        raise Invalid(too_long)
    return plate


async def vehicle_by_plate(db: AsyncSession, plate: str) -> Vehicle | None:
    """The vehicle with this plate (already normalised), if any."""
    return await db.scalar(select(Vehicle).where(Vehicle.license_plate == plate)) if plate else None


async def customers_by_id(db: AsyncSession, ids) -> dict[uuid.UUID, Customer]:
    wanted = [i for i in set(ids) if i]
    if not wanted:
        return {}
    return {c.id: c for c in (await db.execute(select(Customer).where(Customer.id.in_(wanted)))).scalars()}


async def customer(db: AsyncSession, customer_id: uuid.UUID | None) -> Customer | None:
    return await db.get(Customer, customer_id) if customer_id else None


@dataclass
class PlateOwners:
    """What a plate says at the scale: its vehicle and the customers it belongs to."""

    plate: str
    vehicle: Vehicle | None = None
    owners: dict[uuid.UUID, Customer] = field(default_factory=dict)

    @property
    def payee(self) -> Customer | None:
        return self.owners.get(self.vehicle.customer_id) if self.vehicle and self.vehicle.customer_id else None

    @property
    def hauler(self) -> Customer | None:
        return self.owners.get(self.vehicle.hauler_id) if self.vehicle and self.vehicle.hauler_id else None

    @property
    def disposal_partner(self) -> Customer | None:
        """The first owner (payee, then hauler) that is a disposal partner."""
        return next((c for c in (self.payee, self.hauler) if c is not None and c.is_disposal_partner), None)


async def plate_owners(db: AsyncSession, raw_plate: str) -> PlateOwners:
    """The plate typed or read at the scale: its vehicle and owners (none when unknown)."""
    plate = normalize_plate(raw_plate) or ""
    vehicle = await vehicle_by_plate(db, plate)
    if vehicle is None:
        return PlateOwners(plate)
    return PlateOwners(plate, vehicle, await customers_by_id(db, (vehicle.customer_id, vehicle.hauler_id)))


async def vehicles_of(db: AsyncSession, customer_ids: list[uuid.UUID]) -> dict[uuid.UUID, list[Vehicle]]:
    """Each customer's vehicles (as payee or hauler), by plate."""
    found: dict = defaultdict(list)
    if not customer_ids:
        return found
    rows = await db.execute(
        select(Vehicle).where(or_(Vehicle.customer_id.in_(customer_ids), Vehicle.hauler_id.in_(customer_ids)))
        .order_by(Vehicle.license_plate)
    )
    for v in rows.scalars():
        for owner in {v.customer_id, v.hauler_id} - {None}:
            found[owner].append(v)
    return found


# ---- at the scale -------------------------------------------------------------------------------
async def active_customer(db: AsyncSession, customer_id: uuid.UUID | None, field_name: str) -> Customer | None:
    """The customer a ticket names, or 422 naming the field: not found, or disabled."""
    if customer_id is None:
        return None
    found = await db.get(Customer, customer_id)  # RLS: another company's customer is not there
    if found is None:
        raise Invalid(f"{field_name}: customer not found")
    if not found.active:
        raise Invalid(f"{field_name}: customer '{found.customer_name}' is disabled")
    return found


async def vehicle_at_scale(db: AsyncSession, company_id: uuid.UUID, vehicle_id: uuid.UUID | None,
                           license_plate: str | None, payee: Customer | None, hauler: Customer | None) -> Vehicle | None:
    """The truck on the scale: the vehicle chosen, else the one with the plate typed, else (the
    wizard's 'save as unknown vehicle') a new vehicle of this payee/hauler with that plate."""
    if vehicle_id is not None:
        vehicle = await db.get(Vehicle, vehicle_id)
        if vehicle is None:
            raise Invalid("vehicle_id: vehicle not found")
        return vehicle
    if not license_plate:
        return None
    plate = plate_or_refuse(license_plate)
    vehicle = await vehicle_by_plate(db, plate)
    if vehicle is None:
        now = datetime.now(tz=UTC)
        vehicle = Vehicle(id=uuid.uuid4(), company_id=company_id, license_plate=plate,
                          customer_id=payee.id if payee else None, hauler_id=hauler.id if hauler else None,
                          description="Saved at the scale as an unknown vehicle", created_at=now, updated_at=now)
        db.add(vehicle)
    return vehicle


def remember_tare(vehicle: Vehicle | None, tare: Decimal, weighed: bool, at: datetime) -> None:
    """A tare weighed on the scale (not the stored one reused) is the vehicle's stored tare from now on."""
    if vehicle is None or not weighed or tare is None or tare <= 0:
        return
    vehicle.tare_weight = tare
    vehicle.tare_weighed_at = at
    vehicle.updated_at = at
