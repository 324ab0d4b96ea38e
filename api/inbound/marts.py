"""Inbound Ticket Management's statistics (spec 3 s2.5) from the ledger: the Postgres view
ledger_inbound_ticket_days (migration 0010; the same rows as dbt's inbound_ticket_stats_daily),
narrowed by the caller's company and location, the date range and the customer, and summed. A
ticket completed a moment ago counts on the next read."""
from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession


@dataclass(frozen=True)
class TicketStats:
    total_tickets: int
    total_revenue: Decimal
    total_weight_lbs: Decimal
    today_count: int
    last_refreshed_at: datetime | None


async def ticket_stats(db: AsyncSession, company_id: uuid.UUID, location: uuid.UUID | None, start: date | None,
                       end: date | None, customer_id: uuid.UUID | None, today: date) -> TicketStats:
    where, params = ["company_id = :company"], {"company": company_id, "today": today}
    if location is not None:
        where.append("location_id = :location")
        params["location"] = location
    if start:
        where.append("local_date >= :start")
        params["start"] = start
    if end:
        where.append("local_date <= :end")
        params["end"] = end
    if customer_id:
        where.append("(payee_id = :customer or hauler_id = :customer)")
        params["customer"] = customer_id
    row = (await db.execute(text(
        "select coalesce(sum(ticket_count), 0), coalesce(sum(total_revenue_usd), 0), "
        "coalesce(sum(net_weight_lb), 0), coalesce(sum(case when local_date = :today then ticket_count end), 0) "
        f"from ledger_inbound_ticket_days where {' and '.join(where)}"), params)).one()
    return TicketStats(int(row[0]), Decimal(row[1]).quantize(Decimal("0.01")),
                       Decimal(row[2]).quantize(Decimal("0.1")), int(row[3]), None)
