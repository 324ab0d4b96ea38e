"""Per-location figures for the current calendar month, computed in Postgres.

The month is the company's local month (companies.timezone). Only completed outbound tickets
count (inbound loads are receipts, not waste the location generated). Diversion is weight
based, the one definition the warehouse uses too: net weight sent to a destination flagged
is_diversion over all net weight, x100, one decimal. The warehouse engineer may later read
this from the marts; the signature stays.
"""
from __future__ import annotations

import uuid
from decimal import Decimal

from sqlalchemy import Numeric, and_, cast, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.companies.models import Company
from api.tickets.models import Ticket


async def location_month_stats(db: AsyncSession, company_id: uuid.UUID) -> dict[uuid.UUID, dict]:
    tz = select(Company.timezone).where(Company.id == company_id).scalar_subquery()
    local_month = func.date_trunc("month", func.timezone(tz, func.now()))
    starts = func.timezone(tz, local_month)
    ends = func.timezone(tz, local_month + func.make_interval(0, 1))
    diverted = func.coalesce(func.sum(Ticket.net_weight).filter(Ticket.destination_is_diversion.is_(True)), 0)
    total = func.coalesce(func.sum(Ticket.net_weight), 0)
    rate = func.round(cast(diverted * 100, Numeric) / func.nullif(total, 0), 1)
    rows = await db.execute(
        select(Ticket.store_id, func.count(), total, func.coalesce(rate, 0))
        .where(
            Ticket.company_id == company_id,
            Ticket.status == "completed",
            Ticket.is_inbound.is_(False),
            Ticket.store_id.is_not(None),
            and_(Ticket.ticket_at >= starts, Ticket.ticket_at < ends),
        )
        .group_by(Ticket.store_id)
    )
    return {
        store_id: {"total_tickets": count, "total_lb": Decimal(weight), "diversion_rate": Decimal(pct)}
        for store_id, count, weight, pct in rows
    }
