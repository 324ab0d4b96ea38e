"""Resolve the reference items tickets name ('Food Waste' or an id) inside the company.

One query per list for a whole request (the header and every line item of every ticket of a
batch together), then per-ticket checks, so one bad name fails only its own ticket. The
session's tenant scope means another company's id is simply not found.
"""
from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.kit.calendar import company_zone_name
from api.kit.errors import Invalid
from api.settings.service import get_settings_row
from api.tables.inventory import InventoryItem
from api.tables.lists import ContainerType, DestinationType, DiversionMethod, WasteSubtype, WasteType
from api.tables.parties import Customer
from api.tables.settings import CompanySettings
from api.tables.stores import Store

LABELS = {
    WasteType: "Waste type",
    DestinationType: "Destination",
    ContainerType: "Container type",
    WasteSubtype: "Waste subtype",
    DiversionMethod: "Diversion method",
}
CUSTOM_CONTAINER = "custom container"


def as_uuid(value: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(value)
    except ValueError:
        return None


def is_custom_container(container: ContainerType | None) -> bool:
    return container is not None and container.name.strip().lower() == CUSTOM_CONTAINER


@dataclass
class ReferenceBook:
    """The company's settings and the list items, stores and partners one request refers to."""

    settings: CompanySettings
    tz: str
    items: dict[type, dict[str, object]] = field(default_factory=dict)
    stores: dict[uuid.UUID, Store] = field(default_factory=dict)
    only_active_store: Store | None = None
    has_locations: bool = True  # False: the company has no active location at all
    partners: dict[uuid.UUID, Customer] = field(default_factory=dict)
    # Waste types the site holds inventory of: only their outbound loads draw it down (asked in
    # the waste type query, so a company without the inbound module pays nothing per ticket).
    stocked_waste_types: set[uuid.UUID] = field(default_factory=set)

    def require(self, model: type, ref: str | None):
        """The active item a name or id refers to, or None when nothing was named."""
        if not ref or not ref.strip():
            return None
        ref = ref.strip()
        u = as_uuid(ref)
        row = self.items.get(model, {}).get(str(u) if u else ref.lower())
        label = LABELS[model]
        if row is None:
            raise Invalid(f"{label} '{ref}' was not found")
        if not row.is_active:
            raise Invalid(f"{label} '{row.name}' is inactive")
        return row


def _stocked():
    """Does the site hold inventory of this waste type (asked beside the waste type, no extra query)."""
    return (
        select(InventoryItem.id)
        .where(InventoryItem.waste_type_id == WasteType.id, InventoryItem.status.in_(("available", "reserved")))
        .exists()
    )


async def _load_items(
    db: AsyncSession, model: type, refs: Iterable[str | None], stocked: set[uuid.UUID] | None = None
) -> dict[str, object]:
    """The items named (by id or name); for waste types, `stocked` collects those held in inventory."""
    wanted = {r.strip() for r in refs if r and r.strip()}
    if not wanted:
        return {}
    ids = [u for u in (as_uuid(r) for r in wanted) if u]
    names = [r.lower() for r in wanted if as_uuid(r) is None]
    conditions = []
    if ids:
        conditions.append(model.id.in_(ids))
    if names:
        conditions.append(func.lower(model.name).in_(names))
    columns = (model, _stocked()) if stocked is not None else (model,)
    found: dict[str, object] = {}
    for row, *held in (await db.execute(select(*columns).where(or_(*conditions)))).all():
        found[str(row.id)] = row
        found[row.name.lower()] = row
        if held and held[0]:
            stocked.add(row.id)
    return found


async def load_book(db: AsyncSession, company, payloads: list) -> ReferenceBook:
    """Everything the payloads name, in one query per kind."""
    settings = await get_settings_row(db, company.id)
    book = ReferenceBook(settings=settings, tz=company_zone_name(company))
    wanted: dict[type, list[str | None]] = {m: [] for m in LABELS}
    store_ids: set[uuid.UUID] = set()
    partner_ids: set[uuid.UUID] = set()
    for p in payloads:
        wanted[WasteType].append(p.waste_type)
        wanted[WasteType].extend(li.waste_type for li in (p.line_items or []))
        wanted[DestinationType].append(p.destination)
        wanted[ContainerType].append(p.container_type)
        wanted[WasteSubtype].append(p.waste_subtype)
        wanted[DiversionMethod].append(p.diversion_method)
        if p.store_id:
            store_ids.add(p.store_id)
        if p.disposal_partner_id:
            partner_ids.add(p.disposal_partner_id)
    for model, refs in wanted.items():
        book.items[model] = await _load_items(
            db, model, refs, book.stocked_waste_types if model is WasteType else None
        )
    if store_ids:
        rows = (await db.execute(select(Store).where(Store.id.in_(store_ids)))).scalars()
        book.stores = {s.id: s for s in rows}
    if any(p.store_id is None for p in payloads):
        active = (await db.execute(select(Store).where(Store.is_active).limit(2))).scalars().all()
        # With a single location there is nothing to choose: a ticket without one belongs there.
        book.only_active_store = active[0] if len(active) == 1 else None
        book.has_locations = bool(active)
    if partner_ids:
        rows = (await db.execute(select(Customer).where(Customer.id.in_(partner_ids)))).scalars()
        book.partners = {c.id: c for c in rows}
    return book


async def add_store(db: AsyncSession, book: ReferenceBook, store_id: uuid.UUID | None) -> None:
    """Make sure a store id (the caller's assigned location) is in the book."""
    if store_id and store_id not in book.stores:
        store = await db.get(Store, store_id)
        if store is not None:
            book.stores[store.id] = store
