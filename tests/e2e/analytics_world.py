"""Warehouse data for the analytics browser spec (web/e2e/analytics.spec.ts).

Three companies, one real warehouse refresh (Postgres ▶ DuckDB ▶ dbt ▶ publish) into the
FLOW_WAREHOUSE_PATH the uvicorn server reads:
- "Analytics Kitchens" (enterprise, 2 locations): the tickets below, a few days back in its own
  time zone (America/Los_Angeles), so every screen's default range (last 30 days) holds them.
  The spec's expected figures are hand-computed from this list (see its comments).
- "Empty Pantry" (pro): no tickets, for the spec's empty states.
- "Core Cafe" (core): for the PRO+ gate of the ESG Dashboard.
- "Vision Kitchens" (enterprise, 1 location): nine days for the AI Analytics spec
  (web/e2e/ai-analytics.spec.ts), 10 to 2 days back: 90 and 110 lb alternating for eight days,
  then 500 lb (an anomaly: z = 37.42 against mean 100, sample stddev 10.69, as in
  dbt/unit_tests/ai.yml). Photos on the 110 lb and 500 lb tickets (940 of 1,300 lb = 72.3 %);
  scale readings on the same five, one corrected by hand (4 of 5 accepted = 80.0 %).
- "Compliance Kitchens" (pro, 2 locations): a whole calendar year of tickets on fixed dates
  (COMPLIANCE_YEAR), so the compliance spec's figures are the same on any day it runs (the
  dashboards default to the latest year with tickets and carbon credits to all periods).
"""
from __future__ import annotations

import json
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import select, update

from api.core.db import sessionmaker, set_tenant
from api.tables.lists import DestinationType
from api.tables.tickets import Ticket, TicketImage
from tests.factories import PASSWORD, Factory
from tests.pipelines.world import Weighing, add_tickets, refresh

ZONE = ZoneInfo("America/Los_Angeles")  # the Company model's default time zone

# Specs whose journeys read these companies; other selections skip the (slow) refresh.
SPECS = ("analytics", "compliance")  # "analytics" also selects ai-analytics.spec.ts


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


def vision_weighings(today: date) -> list[Weighing]:
    nets = ["90.0", "110.0"] * 4 + ["500.0"]
    return [Weighing(local(today - timedelta(days=10 - i), 12), "Compost", net) for i, net in enumerate(nets)]


async def add_photos_and_readings(tenant, ids: list, nets: list[str]) -> None:
    """Photos and AI scale readings on the 110 lb and 500 lb tickets; the last 110 lb one corrected."""
    chosen = [i for i, net in zip(ids, nets, strict=True) if net in ("110.0", "500.0")]
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, tenant.company_id)
        for n, ticket_id in enumerate(chosen):
            db.add(TicketImage(company_id=tenant.company_id, ticket_id=ticket_id, kind="gross",
                               storage_key=f"e2e/{ticket_id}.jpg", content_type="image/jpeg", size_bytes=1,
                               sha256="0" * 64))
            corrected = n == len(chosen) - 2  # the last 110 lb ticket
            await db.execute(update(Ticket).where(Ticket.id == ticket_id).values(
                ocr_provider="gpt4_vision" if corrected else "local_ocr", manual_override=corrected))
COMPLIANCE_YEAR = 2025


def compliance_weighings(year: int = COMPLIANCE_YEAR) -> list[Weighing]:
    """Every month of `year`, on the 10th to 14th (company-local):
    Kitchen 1 composts 3 x 100 lb and landfills 50 lb (85.7 %); Kitchen 2 donates 40 lb to the
    Food Bank and landfills 60 lb (40.0 %). A year: 72 tickets, 5,400 lb, 4,080 lb diverted
    (75.6 %, compliant, eligible for the EAR export), 480 lb donated (8.9 %).
    Kitchen 2 misses the target by 0.75 x 1,200 - 480 = 420 lb."""
    out = []
    for month in range(1, 13):
        d = {n: date(year, month, n) for n in (10, 11, 12, 13, 14)}
        out += [
            Weighing(local(d[10], 9), "Compost", "100.0", tare="10.0"),
            Weighing(local(d[11], 9), "Compost", "100.0", tare="10.0"),
            Weighing(local(d[12], 9), "Compost", "100.0", tare="10.0"),
            Weighing(local(d[13], 10), "Landfill", "50.0", waste_type="Food Waste"),
            Weighing(local(d[13], 11), "Food Bank", "40.0", waste_type="Food Waste", store=1),
            Weighing(local(d[14], 11), "Landfill", "60.0", waste_type="Food Waste", store=1),
        ]
    return out


async def name_donations(tenant, ids, made: list[Weighing]) -> None:
    """The donation tickets go to the company's own donation destination (as the scale screen
    records them), so a food recovery partner linked to it is named on them."""
    donated = [i for i, w in zip(ids, made, strict=True) if w.destination == "Food Bank"]
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, tenant.company_id)
        dest = await db.scalar(select(DestinationType).where(
            DestinationType.company_id == tenant.company_id, DestinationType.name == DONATION))
        await db.execute(update(Ticket).where(Ticket.id.in_(donated)).values(
            destination_id=dest.id, destination_name=dest.name))


DONATION = "Food Donation"  # the default donation destination (api/lists/defaults.py)


async def build(factory: Factory) -> dict[str, str]:
    """Make the companies, run one refresh, and return the spec's environment variables."""
    today = datetime.now(ZONE).date()
    kitchens = await factory.tenant("enterprise", stores=2, name="Analytics Kitchens")
    empty = await factory.tenant("pro", stores=1, name="Empty Pantry")
    core = await factory.tenant("core", stores=1, name="Core Cafe")
    vision = await factory.tenant("enterprise", stores=1, name="Vision Kitchens")
    tickets = weighings(today)
    await add_tickets(kitchens, tickets)
    vision_tickets = vision_weighings(today)
    ids = await add_tickets(vision, vision_tickets)
    await add_photos_and_readings(vision, ids, [w.net for w in vision_tickets])
    compliance = await factory.tenant("pro", stores=2, name="Compliance Kitchens")
    await name_donations(compliance, await add_tickets(compliance, compliance_weighings()), compliance_weighings())
    await refresh(full=True, dbt_tests=False)  # dbt's tests run after the specs (test_browser.py)
    days = sorted({t.at.date() for t in tickets if t.status == "completed"})
    world = {
        "password": PASSWORD,
        "manager": kitchens.admin.email,
        "empty": empty.admin.email,
        "core": core.admin.email,
        "vision": vision.admin.email,
        "vision_anomaly_day": vision_tickets[-1].at.date().isoformat(),
        "compliance": compliance.admin.email,
        "compliance_year": COMPLIANCE_YEAR,
        "donation_destination": DONATION,
        "today": today.isoformat(),
        # Company-local days: 6, 5, 3 and 2 days back.
        "days": [day.isoformat() for day in days],
        "same_month": all(day.month == today.month and day.year == today.year for day in days),
    }
    return {"E2E_ANALYTICS": json.dumps(world)}

