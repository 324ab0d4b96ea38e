"""Tickets as read (TicketRead), built for many tickets in three queries: lines, images, stores."""
from __future__ import annotations

import uuid
from collections import defaultdict

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.tables.stores import Store
from api.tables.tickets import Ticket, TicketImage, TicketLineItem
from api.tickets.rules import method_label
from api.tickets.schemas import ContainerUsed, LineItemRead, TicketImageRead, TicketRead


def image_read(image: TicketImage) -> TicketImageRead:
    url = f"/api/tickets/{image.ticket_id}/images/{image.id}"
    return TicketImageRead(
        id=image.id, kind=image.kind, url=url, thumbnail_url=f"{url}/thumbnail", content_type=image.content_type,
        width=image.width, height=image.height, size_bytes=image.size_bytes, created_at=image.created_at,
    )


def ticket_read(
    t: Ticket, lines: list[TicketLineItem], images: list[TicketImage], store_name: str | None
) -> TicketRead:
    return TicketRead(
        id=t.id, ticket_number=t.ticket_number, client_id=t.client_id, is_inbound=t.is_inbound,
        ticket_type="inbound" if t.is_inbound else "outbound", outbound_ticket_type=t.outbound_ticket_type,
        status=t.status, timestamp=t.ticket_at, ticket_at=t.ticket_at, created_at=t.created_at,
        updated_at=t.updated_at, gross_weight=t.gross_weight, tare_weight=t.tare_weight, net_weight=t.net_weight,
        unit_of_measure=t.unit_of_measure, total_amount=t.total_amount, waste_type=t.waste_type_name,
        waste_type_id=t.waste_type_id, waste_subtype=t.waste_subtype_name, destination=t.destination_name,
        destination_id=t.destination_id, destination_is_diversion=t.destination_is_diversion,
        destination_management_path=t.destination_management_path, container_type=t.container_name,
        container_type_id=t.container_type_id,
        container_used=ContainerUsed(
            name=t.container_name, type=t.container_name, capacity=t.container_capacity_gallons,
            tare_weight=t.container_tare_lbs,
        ),
        diversion_method=t.diversion_method_name, carbon_methodology=t.carbon_methodology,
        ocr_provider=t.ocr_provider, confidence=t.confidence, manual_override=t.manual_override,
        method=method_label(t.ocr_provider, t.manual_override), created_by=t.created_by_id,
        employee_name=t.employee_name, store_id=t.store_id, store_name=store_name, location=store_name,
        vehicle_info=t.vehicle_info, disposal_partner_id=t.disposal_partner_id,
        customer_facing_notes=t.customer_facing_notes, internal_notes=t.internal_notes, notes=t.notes,
        line_items=[
            LineItemRead(
                id=li.id, position=li.position, waste_type=li.waste_type_name, quantity=li.quantity, unit=li.unit,
                declared_quantity=getattr(li, "declared_quantity", None),
                declared_unit=getattr(li, "declared_unit", None), unit_price=li.unit_price, amount=li.amount, notes=li.notes,
            )
            for li in sorted(lines, key=lambda li: li.position)
        ],
        images=[image_read(i) for i in sorted(images, key=lambda i: (i.created_at, str(i.id)))],
        voided_at=t.voided_at, void_reason=t.void_reason,
    )


async def store_names(db: AsyncSession, ids: set[uuid.UUID]) -> dict[uuid.UUID, str]:
    if not ids:
        return {}
    rows = await db.execute(select(Store.id, Store.name).where(Store.id.in_(ids)))
    return {sid: name for sid, name in rows}


async def read_tickets(db: AsyncSession, tickets: list[Ticket], *, with_details: bool = True) -> list[TicketRead]:
    if not tickets:
        return []
    ids = [t.id for t in tickets]
    lines: dict[uuid.UUID, list[TicketLineItem]] = defaultdict(list)
    images: dict[uuid.UUID, list[TicketImage]] = defaultdict(list)
    if with_details:
        for li in (await db.execute(select(TicketLineItem).where(TicketLineItem.ticket_id.in_(ids)))).scalars():
            lines[li.ticket_id].append(li)
        for im in (await db.execute(select(TicketImage).where(TicketImage.ticket_id.in_(ids)))).scalars():
            images[im.ticket_id].append(im)
    names = await store_names(db, {t.store_id for t in tickets if t.store_id})
    return [ticket_read(t, lines[t.id], images[t.id], names.get(t.store_id)) for t in tickets]
