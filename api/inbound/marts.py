"""Reading the inbound ticket statistics mart (dbt/models/marts/inbound): the API narrows by the
caller's company and location, the date range and the customer, and sums; it never recomputes.
A published file from before this mart answers zeros."""
from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

import duckdb

from api.analytics.warehouse import last_refreshed_at, read_warehouse


@dataclass(frozen=True)
class TicketStats:
    total_tickets: int
    total_revenue: Decimal
    total_weight_lbs: Decimal
    today_count: int
    last_refreshed_at: datetime | None


def ticket_stats(company_id: uuid.UUID, location: uuid.UUID | None, start: date | None, end: date | None,
                 customer_id: uuid.UUID | None, today: date) -> TicketStats:
    where, params = ["company_id = ?"], [str(company_id)]
    if location is not None:
        where.append("location_id = ?")
        params.append(str(location))
    if start:
        where.append("local_date >= ?")
        params.append(start)
    if end:
        where.append("local_date <= ?")
        params.append(end)
    if customer_id:
        where.append("(payee_id = ? or hauler_id = ?)")
        params += [str(customer_id), str(customer_id)]
    with read_warehouse() as con:
        refreshed = last_refreshed_at(con)
        try:
            row = con.execute(
                "select coalesce(sum(ticket_count), 0), coalesce(sum(total_revenue_usd), 0), "
                "coalesce(sum(net_weight_lb), 0), coalesce(sum(case when local_date = ? then ticket_count end), 0) "
                f"from marts.inbound_ticket_stats_daily where {' and '.join(where)}", [today, *params]).fetchone()
        except (duckdb.CatalogException, duckdb.BinderException):  # published before this mart existed
            row = (0, Decimal(0), Decimal(0), 0)
    return TicketStats(int(row[0]), Decimal(row[1]).quantize(Decimal("0.01")),
                       Decimal(row[2]).quantize(Decimal("0.1")), int(row[3]), refreshed)
