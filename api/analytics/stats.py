"""Per-location figures for the company's current local month, read from location_monthly_stats.

The mart owns the figures (completed outbound tickets, net lb, weight-based diversion rate with
one decimal); this only picks the company's rows for the month that is current in its time zone.
"""
from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from api.warehouse import read_warehouse


def location_month_stats(company_id: uuid.UUID, timezone: str, now: datetime | None = None) -> dict[uuid.UUID, dict]:
    zone = ZoneInfo(timezone)
    month_start = (now or datetime.now(zone)).astimezone(zone).date().replace(day=1)
    with read_warehouse() as con:
        found = con.execute(
            "select location_id, total_tickets, total_lb, diversion_rate_percent "
            "from marts.location_monthly_stats "
            "where company_id = ? and month_start = ? and location_id is not null",
            [str(company_id), month_start],
        ).fetchall()
    return {
        uuid.UUID(location_id): {
            "total_tickets": count,
            "total_lb": Decimal(weight or 0),
            "diversion_rate": Decimal(str(rate)).quantize(Decimal("0.1")),
        }
        for location_id, count, weight, rate in found
    }
