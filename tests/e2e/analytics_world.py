"""Warehouse data for the analytics browser spec (web/e2e/analytics.spec.ts).

Three companies, one real warehouse refresh (Postgres ▶ DuckDB ▶ dbt ▶ publish) into the
FLOW_WAREHOUSE_PATH the uvicorn server reads:
- "Analytics Kitchens" (enterprise, 2 locations): the tickets below, a few days back in its own
  time zone (America/Los_Angeles), so every screen's default range (last 30 days) holds them.
  The spec's expected figures are hand-computed from this list (see its comments).
- "Empty Pantry" (pro): no tickets, for the spec's empty states.
- "Core Cafe" (core): for the PRO+ gate of the ESG Dashboard.
"""
from __future__ import annotations

import json
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from tests.factories import PASSWORD, Factory
from tests.pipelines.world import Weighing, add_tickets, refresh

ZONE = ZoneInfo("America/Los_Angeles")  # the Company model's default time zone

# Specs whose journeys read these companies; other selections skip the (slow) refresh.
SPECS = ("analytics", "compliance")


def wanted(selection: list[str]) -> bool:
    return not selection or any(name in spec for spec in selection for name in SPECS)


def local(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute), tzinfo=ZONE)


def weighings(today: date) -> list[Weighing]:
    d = {n: today - timedelta(days=n) for n in (2, 3, 5, 6)}
    return [
        # Kitchen 1: 100 lb compost (+10 lb container), 50 lb landfill (+7.8 lb container).
        Weighing(local(d[6], 9), "Compost", "100.0", tare="10.0", container="Slim Jim 23 (23gal)"),
        Weighing(local(d[5], 10), "Landfill", "50.0", tare="7.8", waste_type="Food Waste"),
        # Kitchen 2: 60 lb donated at 23:30 local, already the next day in UTC (time-zone check).
        Weighing(local(d[3], 23, 30), "Food Bank", "60.0", waste_type="Food Waste", store=1),
        # Inbound 200 lb (reports count it, dashboards do not) and a void ticket (never counts).
        Weighing(local(d[2], 11), "Compost", "200.0", inbound=True, store=1),
        Weighing(local(d[2], 12), "Compost", "999.0", status="void"),
    ]


async def build(factory: Factory) -> dict[str, str]:
    """Make the companies, run one refresh, and return the spec's environment variables."""
    today = datetime.now(ZONE).date()
    kitchens = await factory.tenant("enterprise", stores=2, name="Analytics Kitchens")
    empty = await factory.tenant("pro", stores=1, name="Empty Pantry")
    core = await factory.tenant("core", stores=1, name="Core Cafe")
    tickets = weighings(today)
    await add_tickets(kitchens, tickets)
    await refresh(full=True)
    days = sorted({t.at.date() for t in tickets if t.status == "completed"})
    world = {
        "password": PASSWORD,
        "manager": kitchens.admin.email,
        "empty": empty.admin.email,
        "core": core.admin.email,
        "today": today.isoformat(),
        # Company-local days: 6, 5, 3 and 2 days back.
        "days": [day.isoformat() for day in days],
        "same_month": all(day.month == today.month and day.year == today.year for day in days),
    }
    return {"E2E_ANALYTICS": json.dumps(world)}

