"""Ticket rules: create (outbound and simple payloads), idempotent retry, batch sync, edit of
drafts, void. One request is one transaction; the ticket number is taken last, so the
counter row stays locked for as short a time as possible.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal

import anyio
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit.service import audit
from api.core.config import get_settings
from api.kit.errors import Conflict, Forbidden, Invalid, NotFound
from api.kit.events import publish
from api.kit.idempotency import payload_digest
from api.kit.money import cents
from api.kit.plates import normalize_plate
from api.tables.companies import Company
from api.tables.lists import ContainerType, DestinationType, DiversionMethod, WasteSubtype, WasteType
from api.tables.stores import Store
from api.tables.tickets import TYPE_2, Ticket, TicketImage, TicketLineItem
from api.tables.users import User
from api.tickets import rules
from api.tickets.events import TicketCompleted, TicketVoided
from api.tickets.images import ProcessedImage, decode_data_url, image_keys, image_store, process_image
from api.tickets.numbering import next_ticket_number
from api.tickets.references import ReferenceBook, add_store, is_custom_container, load_book
from api.tickets.schemas import LineItemCreate, TicketCreate

REUSED_CLIENT_ID = "This client_id was already used for a different ticket"
# Every ticket carries the location where it was weighed (issue 29); the spec has no words for these.
NO_LOCATION = "store_id: choose the location where this ticket was weighed"
NO_LOCATIONS_YET = "store_id: add a location first (Company > Locations); every ticket belongs to a location"
UNLOCATED = ("store_id: ticket {number} has no location yet; a manager assigns it under "
             "Company > Locations > Tickets without a location")


@dataclass
class Caller:
    user: User
    company: Company
    scope: uuid.UUID | None  # the one location an assigned employee is limited to

    @property
    def is_admin(self) -> bool:
        return self.user.role == "store_admin"


@dataclass
class Prepared:
    """Column values and children of a ticket, validated, not yet written."""

    values: dict
    lines: list[dict] = field(default_factory=list)
    image: ProcessedImage | None = None


def choose_location(caller: Caller, store_id: uuid.UUID | None, stores: dict[uuid.UUID, Store],
                    only_active: Store | None) -> Store:
    """Where a ticket was weighed: the operator's assigned location, else the one chosen on the
    screen, else the company's only active location, else 422 naming store_id. `stores` holds
    the locations named (chosen or assigned)."""
    if caller.scope is not None:
        if store_id is not None and store_id != caller.scope:
            raise Forbidden("You can only create tickets for your assigned location")
        store_id = caller.scope
    store_id = store_id or caller.user.assigned_location_id
    if store_id is None:
        if only_active is None:
            raise Invalid(NO_LOCATION)
        return only_active
    store = stores.get(store_id)
    if store is None:
        raise Invalid("store_id: location not found")
    if not store.is_active:
        raise Invalid(f"store_id: location '{store.name}' is inactive")
    return store


def require_location(ticket: Ticket) -> None:
    """A ticket stored before every ticket had its location (issue 29) changes only once it has one:
    the constraint that new rows carry store_id holds for every changed row too."""
    if ticket.store_id is None:
        raise Invalid(UNLOCATED.format(number=ticket.ticket_number))


def _store_for(book: ReferenceBook, caller: Caller, store_id: uuid.UUID | None) -> Store:
    if store_id is None and caller.scope is None and caller.user.assigned_location_id is None \
            and not book.has_locations:
        raise Invalid(NO_LOCATIONS_YET)
    return choose_location(caller, store_id, book.stores, book.only_active_store)


def prepare(book: ReferenceBook, caller: Caller, body: TicketCreate, now: datetime) -> Prepared:
    """Apply every rule of spec 2 s5 to one payload; raise a 4xx with the spec's words."""
    if body.is_inbound:
        raise Invalid("Inbound tickets are created at /api/inbound/tickets")
    settings = book.settings
    completing = body.status == "completed"
    line_refs = [book.require(WasteType, li.waste_type) for li in body.line_items]
    waste = book.require(WasteType, body.waste_type) or (line_refs[0] if line_refs else None)
    destination = book.require(DestinationType, body.destination)
    container = book.require(ContainerType, body.container_type)
    subtype = book.require(WasteSubtype, body.waste_subtype)
    method = book.require(DiversionMethod, body.diversion_method)
    if completing:
        for thing, label in ((waste, "Waste type"), (container, "Container type"), (destination, "Destination")):
            if thing is None:
                raise Invalid(f"{label} is required")

    tare = body.tare_weight
    if tare is None and container is not None:
        if is_custom_container(container):
            if completing:
                raise Invalid("Tare weight is required for a Custom Container")
        else:
            tare = container.tare_weight_lbs
    gross, tare, net = rules.weights(body.gross_weight, tare, required=completing)

    truck = body.outbound_ticket_type == TYPE_2
    vehicle = body.vehicle_info.model_dump(exclude_none=True) if (truck and body.vehicle_info) else None
    if truck:
        if not settings.outbound_truck_scale_enabled:
            raise Forbidden("Type 2 truck scale tickets are not enabled. Please contact your administrator.")
        if vehicle is not None:
            vehicle["license_plate"] = normalize_plate(vehicle.get("license_plate"))
            vehicle = {k: v for k, v in vehicle.items() if v not in (None, "")}
        needs_vehicle = completing and settings.outbound_type2_require_vehicle_info
        if needs_vehicle and not ((vehicle or {}).get("license_plate") and (vehicle or {}).get("driver_name")):
            raise Invalid("License plate and driver name are required for Type 2 tickets")
    partner_id = None
    if truck and body.disposal_partner_id:
        partner = book.partners.get(body.disposal_partner_id)
        if partner is None or not partner.is_disposal_partner or not partner.active:
            raise Invalid("Disposal partner not found")
        partner_id = partner.id

    store = _store_for(book, caller, body.store_id)
    lines = []
    for position, (li, wt) in enumerate(zip(body.line_items, line_refs, strict=True), start=1):
        lines.append(_line(position, li, wt))
    if lines:
        total = sum((li["amount"] for li in lines), Decimal("0.00"))
    elif waste is not None:
        total = rules.amount(waste.default_price_per_unit, waste.default_pricing_unit, net, "lbs")
    else:
        total = Decimal("0.00")
    user = caller.user
    values = {
        "is_inbound": False, "outbound_ticket_type": body.outbound_ticket_type, "status": body.status,
        "ticket_at": rules.weighing_time(body.ticket_at, now), "store_id": store.id,
        "waste_type_id": waste.id if waste else None, "waste_type_name": waste.name if waste else None,
        "waste_subtype_id": subtype.id if subtype else None, "waste_subtype_name": subtype.name if subtype else None,
        "destination_id": destination.id if destination else None,
        "destination_name": destination.name if destination else None,
        "destination_is_diversion": destination.is_diversion if destination else None,
        "destination_management_path": destination.management_path if destination else None,
        "container_type_id": container.id if container else None, "container_name": container.name if container else None,
        "container_capacity_gallons": container.capacity_gallons if container else None,
        "container_tare_lbs": container.tare_weight_lbs if container else None,
        "diversion_method_id": method.id if method else None, "diversion_method_name": method.name if method else None,
        "carbon_methodology": body.carbon_methodology, "gross_weight": gross, "tare_weight": tare, "net_weight": net,
        "unit_of_measure": "lbs", "total_amount": cents(total), "vehicle_info": vehicle, "disposal_partner_id": partner_id,
        "customer_facing_notes": body.customer_facing_notes if settings.enable_customer_notes else None,
        "internal_notes": body.internal_notes if settings.enable_internal_notes else None, "notes": body.notes,
        "ocr_provider": body.ocr_provider, "confidence": cents(body.confidence) if body.confidence is not None else None,
        "manual_override": body.manual_override, "is_multi_product": len(lines) > 1,
        "created_by_id": user.id, "employee_name": f"{user.first_name} {user.last_name}".strip(),
    }
    return Prepared(values=values, lines=lines)


def _line(position: int, li: LineItemCreate, wt: WasteType) -> dict:
    quantity = Decimal(li.quantity).quantize(Decimal("0.01"))
    return {
        "position": position, "waste_type_id": wt.id, "waste_type_name": wt.name, "quantity": quantity, "unit": li.unit,
        "unit_price": wt.default_price_per_unit, "notes": li.notes,
        "amount": rules.amount(wt.default_price_per_unit, wt.default_pricing_unit, quantity, li.unit),
    }


async def _find_by_client_id(db: AsyncSession, client_id: uuid.UUID) -> Ticket | None:
    return await db.scalar(select(Ticket).where(Ticket.client_id == client_id))


def _same_or_refuse(existing: Ticket, digest: str) -> Ticket:
    if existing.payload_digest != digest:
        raise Invalid(REUSED_CLIENT_ID)
    return existing


async def _with_image(body: TicketCreate) -> ProcessedImage | None:
    if not body.image_data:
        return None
    max_bytes = get_settings().max_image_bytes
    raw = decode_data_url(body.image_data, max_bytes)
    return await anyio.to_thread.run_sync(process_image, raw, max_bytes)


async def _insert(db: AsyncSession, caller: Caller, book: ReferenceBook, prepared: Prepared,
                  client_id: uuid.UUID | None, digest: str) -> tuple[Ticket, list, list]:
    values = prepared.values
    number = await next_ticket_number(
        db, caller.company.id, inbound=False, at=values["ticket_at"], tz=book.tz
    )
    now = datetime.now(tz=UTC)
    # Timestamps set here, not by the server default, so the answer needs no re-read.
    ticket = Ticket(id=uuid.uuid4(), ticket_number=number, client_id=client_id, payload_digest=digest,
                    company_id=caller.company.id, created_at=now, updated_at=now, **values)
    db.add(ticket)
    await db.flush()
    lines = [TicketLineItem(id=uuid.uuid4(), ticket_id=ticket.id, created_at=now, updated_at=now, **li)
             for li in prepared.lines]
    images = []
    if prepared.image is not None:
        image_id = uuid.uuid4()
        key, thumb = image_keys(caller.company.id, ticket.id, image_id)
        img = prepared.image
        images.append(TicketImage(
            id=image_id, ticket_id=ticket.id, kind="gross", created_at=now, updated_at=now, storage_key=key, thumbnail_key=thumb,
            content_type=img.content_type, size_bytes=len(img.data), width=img.width, height=img.height,
            sha256=img.sha256,
        ))
    db.add_all(lines + images)
    await db.flush()
    return ticket, lines, images


async def create_one(db: AsyncSession, caller: Caller, book: ReferenceBook, body: TicketCreate,
                     client_id: uuid.UUID | None) -> tuple[Ticket, bool, list, list]:
    """(ticket, created, lines, images). A known client_id answers with the first ticket."""
    digest = payload_digest(body)
    if client_id is not None:
        existing = await _find_by_client_id(db, client_id)
        if existing is not None:
            return _same_or_refuse(existing, digest), False, [], []
    await add_store(db, book, caller.scope or caller.user.assigned_location_id)
    prepared = prepare(book, caller, body, datetime.now(tz=UTC))
    prepared.image = await _with_image(body)
    try:
        async with db.begin_nested():
            ticket, lines, images = await _insert(db, caller, book, prepared, client_id, digest)
            if ticket.status == "completed":
                # The load left the site: its stock is drawn down, a truck-scale load is billed.
                await publish(db, TicketCompleted(ticket, caller.user.id, ticket.updated_at,
                                                  stocked=ticket.waste_type_id in book.stocked_waste_types))
    except IntegrityError:
        # A parallel retry with the same client_id won the race: answer with its ticket.
        existing = await _find_by_client_id(db, client_id) if client_id else None
        if existing is None:
            raise
        return _same_or_refuse(existing, digest), False, [], []
    if prepared.image is not None:
        store = image_store()
        await store.save(images[0].storage_key, prepared.image.data, "image/jpeg")
        await store.save(images[0].thumbnail_key, prepared.image.thumbnail, "image/jpeg")
    return ticket, True, lines, images


def client_id_of(body: TicketCreate, header: str | None) -> uuid.UUID | None:
    if header:
        try:
            key = uuid.UUID(header.strip())
        except ValueError:
            raise Invalid("Idempotency-Key must be a UUID") from None
        if body.client_id is not None and body.client_id != key:
            raise Invalid("client_id and Idempotency-Key differ")
        return key
    return body.client_id


def store_name(book: ReferenceBook, store_id: uuid.UUID | None) -> str | None:
    """The name of a location the book holds (every location a ticket of it was created for)."""
    if store_id is None:
        return None
    store = book.stores.get(store_id) or book.only_active_store
    return store.name if store is not None and store.id == store_id else None


async def create_ticket(db: AsyncSession, caller: Caller, body: TicketCreate, header_key: str | None = None):
    """(ticket, created, lines, images, store name): the name from the reference book, no re-read."""
    client_id = client_id_of(body, header_key)
    book = await load_book(db, caller.company, [body])
    ticket, created, lines, images = await create_one(db, caller, book, body, client_id)
    return ticket, created, lines, images, store_name(book, ticket.store_id)


async def visible_ticket(db: AsyncSession, caller: Caller, ticket_id: uuid.UUID, *, for_update: bool = False) -> Ticket:
    """The ticket if this caller may see it, else 404 (another company's ticket does not exist; an
    employee sees only the tickets they made, at their location when assigned)."""
    stmt = select(Ticket).where(Ticket.id == ticket_id)
    if caller.scope is not None:
        stmt = stmt.where(Ticket.store_id == caller.scope)
    if not caller.is_admin:
        stmt = stmt.where(Ticket.created_by_id == caller.user.id)
    if for_update:
        stmt = stmt.with_for_update()
    ticket = await db.scalar(stmt)
    if ticket is None:
        raise NotFound("Ticket not found")
    return ticket


async def void_ticket(db: AsyncSession, caller: Caller, ticket_id: uuid.UUID, reason: str) -> Ticket:
    ticket = await visible_ticket(db, caller, ticket_id, for_update=True)
    if ticket.status == "void":
        raise Conflict("Ticket is already void")
    require_location(ticket)
    if ticket.is_inbound:
        # Its inventory and its invoice must follow: the inbound void takes both back.
        raise Conflict(f"Inbound ticket {ticket.ticket_number} is voided with POST /api/inbound/tickets/{ticket.id}/void")
    return await mark_void(db, caller, ticket, reason)


async def mark_void(db: AsyncSession, caller: Caller, ticket: Ticket, reason: str) -> Ticket:
    """The one void of a ticket, outbound or inbound, once the caller's checks passed.

    It announces `TicketVoided` while the ticket still has its old status: a completed load's
    stock goes back, its payable or receivable is taken back, or a subscriber refuses with 409 and
    the request rolls back. Then the reason is kept and the void audited with what was taken back."""
    previous = ticket.status
    now = datetime.now(tz=UTC)
    voided = TicketVoided(ticket, previous, caller.user.id, now)
    await publish(db, voided)
    ticket.status = "void"
    ticket.voided_at = now
    ticket.void_reason = reason.strip()
    ticket.updated_at = now
    await audit(db, "ticket.void", company_id=caller.company.id, user_id=caller.user.id, ticket_id=ticket.id,
                ticket_number=ticket.ticket_number, previous_status=previous, reason=ticket.void_reason,
                record=voided.record)
    await db.flush()
    return ticket
