"""Tickets stored before every ticket had its location (issue 29): a manager lists them and says
where each was weighed. Migration 0011 assigned the ones whose answer was known (the creator's
assigned location, a company's only location); nothing here guesses. Once no ticket of any
company lacks one, `flow db upgrade` makes the column NOT NULL (api/migrations/ticket_locations.py).
"""
from __future__ import annotations

import uuid

from sqlalchemy import func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit.service import audit
from api.kit.errors import Invalid, NotFound
from api.tables.stores import Store
from api.tables.tickets import LOCATION_REQUIRED_CHECK, Ticket
from api.tickets.service import Caller

LIST_LIMIT = 500


async def without_location(db: AsyncSession, limit: int = LIST_LIMIT) -> tuple[list[Ticket], int]:
    """The company's tickets without a location, oldest weighing first, and how many there are."""
    unlocated = Ticket.store_id.is_(None)
    total = await db.scalar(select(func.count()).select_from(Ticket).where(unlocated))
    rows = await db.execute(select(Ticket).where(unlocated).order_by(Ticket.ticket_at, Ticket.ticket_number).limit(limit))
    return list(rows.scalars()), total or 0


async def column_required(db: AsyncSession) -> bool:
    """Does the database already refuse a ticket without a location (NOT NULL set)?"""
    found = await db.execute(text("select 1 from pg_constraint where conname = :name"), {"name": LOCATION_REQUIRED_CHECK})
    return found.first() is None


async def assign(db: AsyncSession, caller: Caller, ticket_ids: list[uuid.UUID], store_id: uuid.UUID) -> int:
    """Put these tickets (those of them still without a location) at one location; the count assigned."""
    store = await db.get(Store, store_id)
    if store is None:
        raise Invalid("store_id: location not found")
    result = await db.execute(
        update(Ticket).where(Ticket.id.in_(ticket_ids), Ticket.store_id.is_(None))
        .values(store_id=store.id, updated_at=func.now()).returning(Ticket.ticket_number)
    )
    numbers = sorted(result.scalars())
    if not numbers:
        raise NotFound("Ticket not found")
    await audit(db, "ticket.location_assigned", company_id=caller.company.id, user_id=caller.user.id,
                store_id=store.id, store_name=store.name, record={"ticket_numbers": numbers})
    await db.flush()
    return len(numbers)
