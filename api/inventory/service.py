"""Inventory writes. Every change of stock is an InventoryMovement row; on hand is the sum of
movements (in minus out), never a number edited in place. Inventory is counted in lb: an
inbound line in tons or cubic yards is converted with the named factors of api.kit.units.
"""
from __future__ import annotations

import uuid
from datetime import UTC, datetime
from decimal import ROUND_HALF_UP, Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from api.audit.service import audit
from api.kit.units import convert
from api.tables.inventory import InventoryItem, InventoryMovement
from api.tables.tickets import Ticket, TicketLineItem

QTY = Decimal("0.01")


def in_lbs(quantity: Decimal, unit: str) -> Decimal:
    return convert(Decimal(quantity), unit, "lbs").quantize(QTY, rounding=ROUND_HALF_UP)


async def receive_inbound(db: AsyncSession, ticket: Ticket, lines: list[TicketLineItem], user_id: uuid.UUID | None,
                          now: datetime) -> list[InventoryItem]:
    """One item per inbound line (its waste type, source customer, value at the line's price) and
    its 'in' movement, in the ticket's transaction."""
    items, values = [], []
    for line in lines:
        lbs = in_lbs(line.quantity, line.unit)
        if lbs <= 0:
            continue
        item = InventoryItem(
            id=uuid.uuid4(), company_id=ticket.company_id, store_id=ticket.store_id,
            waste_type_id=line.waste_type_id, waste_type_name=line.waste_type_name,
            source_customer_id=ticket.customer1_id, source_ticket_id=ticket.id,
            quantity_available=lbs, quantity_reserved=Decimal(0), unit_of_measure="lbs",
            unit_value=(line.amount / lbs).quantize(Decimal("0.0001"), rounding=ROUND_HALF_UP),
            status="available", created_at=now, updated_at=now,
        )
        items.append(item)
        values.append(line.amount)
    db.add_all(items)
    await db.flush()
    db.add_all([
        InventoryMovement(
            id=uuid.uuid4(), company_id=ticket.company_id, item_id=item.id, direction="in", kind="inbound",
            quantity=item.quantity_available, value=value, ticket_id=ticket.id, occurred_at=ticket.ticket_at,
            updated_at=now, created_by_id=user_id,
        )
        for item, value in zip(items, values, strict=True)
    ])
    await db.flush()
    return items


# ---- manual adjustments -------------------------------------------------------------------------
async def on_hand(db: AsyncSession, item_id: uuid.UUID) -> Decimal:
    """Sum of an item's movements (in minus out): the rule a write checks against."""
    from sqlalchemy import case, func, select

    total = await db.scalar(select(func.coalesce(func.sum(case(
        (InventoryMovement.direction == "in", InventoryMovement.quantity), else_=-InventoryMovement.quantity)), 0))
        .where(InventoryMovement.item_id == item_id))
    return Decimal(total or 0)


async def adjust(db: AsyncSession, company_id: uuid.UUID, user_id: uuid.UUID, item_id: uuid.UUID,
                 quantity: Decimal, reason: str) -> tuple[InventoryMovement, Decimal]:
    """An audited manual adjustment: one movement with its reason, and an audit event."""
    from sqlalchemy import select

    from api.kit.errors import Invalid, NotFound

    item = await db.scalar(select(InventoryItem).where(InventoryItem.id == item_id).with_for_update())
    if item is None:
        raise NotFound("Inventory item not found")
    qty = Decimal(quantity).quantize(QTY, rounding=ROUND_HALF_UP)
    if qty == 0:
        raise Invalid("quantity: an adjustment cannot be 0")
    current = await on_hand(db, item.id)
    if current + qty < 0:
        raise Invalid(f"quantity: only {current} lb on hand; an adjustment cannot take it below 0")
    now = datetime.now(tz=UTC)
    move = InventoryMovement(
        id=uuid.uuid4(), company_id=company_id, item_id=item.id, direction="in" if qty > 0 else "out",
        kind="adjustment", quantity=abs(qty), value=(abs(qty) * item.unit_value).quantize(QTY), reason=reason.strip(),
        occurred_at=now, updated_at=now, created_by_id=user_id,
    )
    item.updated_at = now  # the warehouse picks the item up again; on hand stays the sum of movements
    db.add(move)
    await audit(db, "inventory.adjust", company_id=company_id, user_id=user_id, item_id=item.id,
                waste_type=item.waste_type_name, quantity=qty, reason=move.reason, on_hand_before=current)
    await db.flush()
    return move, current + qty


# ---- outbound disposal ----------------------------------------------------------------------------
async def draw_down_for_disposal(db: AsyncSession, ticket: Ticket, user_id: uuid.UUID | None) -> Decimal:
    """A completed outbound load takes its net weight out of the inventory of its waste type,
    oldest item first, as 'out' movements of kind disposal; never below 0. Returns the lb taken.
    A company without inventory of that waste type (no inbound module) writes nothing."""
    from sqlalchemy import case, func, or_, select

    if ticket.is_inbound or ticket.status != "completed" or ticket.waste_type_id is None or ticket.net_weight <= 0:
        return Decimal(0)
    items = (await db.execute(
        select(InventoryItem)
        .where(InventoryItem.waste_type_id == ticket.waste_type_id, InventoryItem.status.in_(("available", "reserved")),
               # a site ships its own stock (or stock booked to no location)
               *([or_(InventoryItem.store_id == ticket.store_id, InventoryItem.store_id.is_(None))]
                 if ticket.store_id is not None else []))
        .order_by(InventoryItem.created_at, InventoryItem.id).with_for_update()
    )).scalars().all()
    if not items:
        return Decimal(0)
    signed = case((InventoryMovement.direction == "in", InventoryMovement.quantity), else_=-InventoryMovement.quantity)
    stocks = dict((await db.execute(
        select(InventoryMovement.item_id, func.sum(signed))
        .where(InventoryMovement.item_id.in_([i.id for i in items])).group_by(InventoryMovement.item_id)
    )).all())
    rows = [(item, stocks.get(item.id, 0)) for item in items]
    left = Decimal(ticket.net_weight).quantize(QTY)
    now = datetime.now(tz=UTC)
    taken = Decimal(0)
    for item, stock in rows:
        stock = Decimal(stock)
        if left <= 0:
            break
        if stock <= 0:
            continue
        qty = min(stock, left)
        db.add(InventoryMovement(
            id=uuid.uuid4(), company_id=ticket.company_id, item_id=item.id, direction="out", kind="disposal",
            quantity=qty, value=(qty * item.unit_value).quantize(QTY, rounding=ROUND_HALF_UP), ticket_id=ticket.id,
            occurred_at=ticket.ticket_at, updated_at=now, created_by_id=user_id,
        ))
        item.updated_at = now
        left -= qty
        taken += qty
    if taken:
        await db.flush()
    return taken


# ---- voids ----------------------------------------------------------------------------------------
# A void is a movement of kind 'void' against the original direction: it never edits or deletes
# the movements it takes back. The flows mart counts it against the flow it cancels (a void 'out'
# lowers the inflow, a void 'in' lowers the outflow), so a voided load leaves no flow behind.
async def reverse_inbound(db: AsyncSession, ticket: Ticket, user_id: uuid.UUID | None, now: datetime) -> Decimal:
    """Take a voided inbound load's inventory out again: each of its items loses what it has on
    hand (after any manual adjustment). Refused (409) when part of the load already left in an
    outbound load: that material is gone, so the void would make the inventory lie."""
    from sqlalchemy import case, func, select

    from api.kit.errors import Conflict

    items = (await db.execute(select(InventoryItem).where(InventoryItem.source_ticket_id == ticket.id)
                              .order_by(InventoryItem.id).with_for_update())).scalars().all()
    if not items:
        return Decimal(0)
    ids = [i.id for i in items]
    shipped = (await db.execute(
        select(Ticket.ticket_number, func.sum(InventoryMovement.quantity))
        .join(Ticket, Ticket.id == InventoryMovement.ticket_id)
        .where(InventoryMovement.item_id.in_(ids), InventoryMovement.kind == "disposal",
               InventoryMovement.direction == "out", Ticket.status != "void")
        .group_by(Ticket.ticket_number).order_by(Ticket.ticket_number))).all()
    if shipped:
        gone = sum((Decimal(q) for _n, q in shipped), Decimal(0))
        names = ", ".join(n for n, _q in shipped[:3]) + (" ..." if len(shipped) > 3 else "")
        raise Conflict(f"{gone} lb of this load already left in outbound load(s) {names}; "
                       "void those first or adjust the inventory instead")
    signed = case((InventoryMovement.direction == "in", InventoryMovement.quantity), else_=-InventoryMovement.quantity)
    stocks = dict((await db.execute(select(InventoryMovement.item_id, func.sum(signed))
                                    .where(InventoryMovement.item_id.in_(ids))
                                    .group_by(InventoryMovement.item_id))).all())
    taken = Decimal(0)
    for item in items:
        qty = Decimal(stocks.get(item.id) or 0)
        if qty > 0:
            db.add(InventoryMovement(
                id=uuid.uuid4(), company_id=ticket.company_id, item_id=item.id, direction="out", kind="void",
                quantity=qty, value=(qty * item.unit_value).quantize(QTY, rounding=ROUND_HALF_UP), ticket_id=ticket.id,
                reason=f"Ticket {ticket.ticket_number} voided", occurred_at=now, updated_at=now, created_by_id=user_id,
            ))
            taken += qty
        item.updated_at = now
    await db.flush()
    return taken


async def reverse_disposal(db: AsyncSession, ticket: Ticket, user_id: uuid.UUID | None, now: datetime) -> Decimal:
    """Put back what a voided outbound load drew down: one 'in' movement of kind 'void' per
    disposal movement of the ticket, on the same item."""
    from sqlalchemy import select

    moves = (await db.execute(select(InventoryMovement).where(
        InventoryMovement.ticket_id == ticket.id, InventoryMovement.kind == "disposal",
        InventoryMovement.direction == "out"))).scalars().all()
    if not moves:
        return Decimal(0)
    items = {i.id: i for i in (await db.execute(select(InventoryItem).where(
        InventoryItem.id.in_({m.item_id for m in moves})).with_for_update())).scalars()}
    for move in moves:
        db.add(InventoryMovement(
            id=uuid.uuid4(), company_id=ticket.company_id, item_id=move.item_id, direction="in", kind="void",
            quantity=move.quantity, value=move.value, ticket_id=ticket.id,
            reason=f"Ticket {ticket.ticket_number} voided", occurred_at=now, updated_at=now, created_by_id=user_id,
        ))
        items[move.item_id].updated_at = now
    await db.flush()
    return sum((m.quantity for m in moves), Decimal(0))
