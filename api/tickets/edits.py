"""Changes after creation: edit or complete a draft/saved ticket, add photos, sync a batch.

Completed tickets are never edited, only voided (service.void_ticket), so the record that
reports and invoices read keeps an audit trail.
"""
from __future__ import annotations

import uuid
from datetime import UTC, datetime

import anyio
from pydantic import ValidationError
from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.config import get_settings
from api.kit.errors import Conflict, Invalid, NotFound
from api.kit.events import publish
from api.tables.tickets import Ticket, TicketImage, TicketLineItem
from api.tickets.events import TicketCompleted
from api.tickets.images import IMAGE_CAPS, MAX_IMAGES_PER_TICKET, image_keys, image_store, process_image
from api.tickets.references import add_store, load_book
from api.tickets.schemas import LineItemCreate, TicketCreate, TicketUpdate
from api.tickets.service import Caller, prepare, require_location, visible_ticket

EDITABLE = ("draft", "saved")
NOT_NULL = ("status", "outbound_ticket_type", "manual_override", "line_items", "ticket_at")


async def own_ticket(db: AsyncSession, caller: Caller, ticket_id: uuid.UUID) -> Ticket:
    """A ticket the caller may change: an admin any in scope, an employee only their own."""
    ticket = await visible_ticket(db, caller, ticket_id, for_update=True)
    if not caller.is_admin and ticket.created_by_id != caller.user.id:
        raise NotFound("Ticket not found")
    return ticket


def _ref(item_id: uuid.UUID | None, name: str | None) -> str | None:
    return str(item_id) if item_id else name


def _current_payload(ticket: Ticket, lines: list[TicketLineItem]) -> dict:
    return {
        "outbound_ticket_type": ticket.outbound_ticket_type or "type_1_container",
        "waste_type": _ref(ticket.waste_type_id, ticket.waste_type_name),
        "destination": _ref(ticket.destination_id, ticket.destination_name),
        "container_type": _ref(ticket.container_type_id, ticket.container_name),
        "waste_subtype": _ref(ticket.waste_subtype_id, ticket.waste_subtype_name),
        "diversion_method": _ref(ticket.diversion_method_id, ticket.diversion_method_name),
        "carbon_methodology": ticket.carbon_methodology,
        "gross_weight": ticket.gross_weight or None, "tare_weight": ticket.tare_weight,
        "customer_facing_notes": ticket.customer_facing_notes, "internal_notes": ticket.internal_notes, "notes": ticket.notes,
        "vehicle_info": ticket.vehicle_info, "disposal_partner_id": ticket.disposal_partner_id,
        "line_items": [
            LineItemCreate(waste_type=_ref(li.waste_type_id, li.waste_type_name), quantity=li.quantity,
                           unit=li.unit, notes=li.notes)
            for li in sorted(lines, key=lambda li: li.position)
        ],
        "status": ticket.status, "store_id": ticket.store_id, "ticket_at": ticket.ticket_at,
        "ocr_provider": ticket.ocr_provider, "confidence": ticket.confidence, "manual_override": ticket.manual_override,
    }


async def update_ticket(db: AsyncSession, caller: Caller, ticket_id: uuid.UUID, body: TicketUpdate) -> Ticket:
    ticket = await own_ticket(db, caller, ticket_id)
    if ticket.status == "completed":
        raise Conflict("Completed tickets cannot be edited; void the ticket instead")
    if ticket.status not in EDITABLE:
        raise Conflict("Void tickets cannot be edited")
    lines = list((await db.execute(select(TicketLineItem).where(TicketLineItem.ticket_id == ticket.id))).scalars())
    given = {k: v for k, v in body.model_dump(exclude_unset=True).items() if v is not None or k not in NOT_NULL}
    merged = _current_payload(ticket, lines)
    if "container_type" in given and "tare_weight" not in given:
        merged["tare_weight"] = None  # a new container brings its own tare
    merged.update(given)
    try:
        payload = TicketCreate(**merged)
    except ValidationError as exc:
        raise Invalid(str(exc.errors()[0].get("msg", "Invalid ticket")).removeprefix("Value error, ")) from None
    book = await load_book(db, caller.company, [payload])
    await add_store(db, book, caller.scope or caller.user.assigned_location_id)
    prepared = prepare(book, caller, payload, datetime.now(tz=UTC))
    for keep in ("created_by_id", "employee_name"):
        prepared.values.pop(keep)
    for key, value in prepared.values.items():
        setattr(ticket, key, value)
    now = datetime.now(tz=UTC)
    ticket.updated_at = now
    if "line_items" in given:
        await db.execute(delete(TicketLineItem).where(TicketLineItem.ticket_id == ticket.id))
        db.add_all(TicketLineItem(id=uuid.uuid4(), ticket_id=ticket.id, created_at=now, updated_at=now, **li)
                   for li in prepared.lines)
    await db.flush()
    if ticket.status == "completed":  # completed now: the load left the site
        await publish(db, TicketCompleted(ticket, caller.user.id, now,
                                          stocked=ticket.waste_type_id in book.stocked_waste_types))
    return ticket


async def add_image(
    db: AsyncSession, caller: Caller, ticket_id: uuid.UUID, kind: str, raw: bytes
) -> tuple[TicketImage, bool]:
    """(image, created). The same photo sent again for the same ticket and kind is the same image,
    so an offline sync that retries its uploads never fills the caps with copies."""
    max_bytes = get_settings().max_image_bytes
    processed = await anyio.to_thread.run_sync(process_image, raw, max_bytes)
    # The row lock makes the caps hold when two uploads for one ticket race.
    ticket = await own_ticket(db, caller, ticket_id)
    if ticket.status == "void":
        raise Conflict("Images cannot be added to a void ticket")
    require_location(ticket)
    same = await db.scalar(select(TicketImage).where(
        TicketImage.ticket_id == ticket.id, TicketImage.kind == kind, TicketImage.sha256 == processed.sha256
    ))
    if same is not None:
        return same, False
    rows = await db.execute(
        select(TicketImage.kind, func.count()).where(TicketImage.ticket_id == ticket.id).group_by(TicketImage.kind)
    )
    counts = dict(rows.all())
    if sum(counts.values()) >= MAX_IMAGES_PER_TICKET:
        raise Invalid(f"Maximum of {MAX_IMAGES_PER_TICKET} images per ticket")
    if counts.get(kind, 0) >= IMAGE_CAPS[kind]:
        raise Invalid(f"Maximum of {IMAGE_CAPS[kind]} {kind} images per ticket")
    now = datetime.now(tz=UTC)
    image_id = uuid.uuid4()
    key, thumb = image_keys(caller.company.id, ticket.id, image_id)
    image = TicketImage(
        id=image_id, ticket_id=ticket.id, kind=kind, storage_key=key, thumbnail_key=thumb,
        content_type=processed.content_type, size_bytes=len(processed.data), width=processed.width,
        height=processed.height, sha256=processed.sha256, created_at=now, updated_at=now,
    )
    db.add(image)
    ticket.updated_at = now
    await db.flush()
    store = image_store()
    await store.save(key, processed.data, processed.content_type)
    await store.save(thumb, processed.thumbnail, processed.content_type)
    return image, True


async def load_image(db: AsyncSession, caller: Caller, ticket_id: uuid.UUID, image_id: uuid.UUID,
                     *, thumbnail: bool) -> tuple[bytes, str]:
    await visible_ticket(db, caller, ticket_id)
    image = await db.scalar(
        select(TicketImage).where(TicketImage.id == image_id, TicketImage.ticket_id == ticket_id)
    )
    if image is None:
        raise NotFound("Image not found")
    data = await image_store().load(image.thumbnail_key if thumbnail and image.thumbnail_key else image.storage_key)
    if data is None:
        raise NotFound("Image not found")
    return data, image.content_type
