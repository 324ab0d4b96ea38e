"""One truth (issue 29): for one company, one location filter and one period, every API answer and
file that carries a figure gives the same value (docs/figures.md names each figure once).

One data set, written through the app's own paths: an advanced outbound ticket, a simple ticket,
an offline ticket synced through the batch path, a truck-scale (type 2) ticket, General Trash to
landfill, mixed recyclables, cardboard, an inbound load, fifty small compost tickets, and tickets on
both sides of the company's new year at two locations; one warehouse refresh for both companies. The
period is the company's calendar year 2025 (the EAR's year). The whole module runs twice, for a
company in Los Angeles and one in Honolulu (two time zones): the tickets on either side of the new
year are placed at 23:30 on 31 December and 00:30 on 1 January in the company's own zone, so every
equality and hand-computed value below holds only if every answer and file uses that zone."""
from __future__ import annotations

import csv
import io
import json
import uuid
from decimal import Decimal

import httpx
import psycopg
import pytest
from openpyxl import load_workbook

from tests.api.analytics.test_report_exports import pdf_text
from tests.api.inbound.helpers import add_customer
from tests.api.tickets.lists import ensure_lists, set_company
from tests.pipelines.world import Weighing, add_tickets, refresh, utc
from tests.smtp import smtp  # noqa: F401

YEAR = 2025
PERIOD = {"start_date": "2025-01-01", "end_date": "2025-12-31"}

# Hand-computed from the tickets below (lb): generated (outbound) waste of 2025.
ORGANIC = Decimal("578.0")  # 48 + 28 + 24 + 400 + 32 + 46 x 1
ORGANIC_DIVERTED = Decimal("550.0")  # all but the 28 lb of food waste to landfill
GENERATED = ORGANIC + Decimal("128.0") + Decimal("9.0")  # + General Trash (landfill) + mixed recyclables
DIVERTED = ORGANIC_DIVERTED + Decimal("9.0")
ORGANIC_TICKETS = 51

# The company's zone -> (23:30 on 31 December 2025, 00:30 on 1 January 2026) there, in UTC.
ZONES = {
    "America/Los_Angeles": ("2026-01-01T07:30:00Z", "2026-01-01T08:30:00Z"),
    "Pacific/Honolulu": ("2026-01-01T09:30:00Z", "2026-01-01T10:30:00Z"),
}
ZONE_OF: dict = {}  # company id -> its zone, for the mails' headers


def ticket(waste_type: str, destination: str, container: str, gross, store, at: str, **extra) -> dict:
    return {"is_inbound": False, "outbound_ticket_type": "type_1_container", "waste_type": waste_type,
            "destination": destination, "container_type": container, "gross_weight": gross,
            "store_id": str(store.id), "ticket_at": at, **extra}


@pytest.fixture(scope="module")
async def companies(app, database_url) -> dict:
    """Both zones' companies, then one full warehouse refresh for the two (they are separate
    companies and the tests only read; a refresh per zone built the same marts twice)."""
    made = {zone: await _company(app, database_url, zone) for zone in sorted(ZONES)}
    await refresh(full=True)
    return made


@pytest.fixture(scope="module", params=sorted(ZONES))
async def world(companies, request):
    return companies[request.param]


async def _company(app, database_url, zone: str):
    from tests.factories import Factory

    last_evening, new_year = ZONES[zone]
    t = await Factory().tenant("enterprise", stores=2)
    with psycopg.connect(database_url) as conn:  # the company's day is its zone's, whatever the default
        conn.execute("update companies set timezone = %s where id = %s", (zone, t.company_id))
    ZONE_OF[t.company_id] = zone
    await ensure_lists(t)
    await set_company(t, inbound_module_enabled=True, outbound_truck_scale_enabled=True,
                      outbound_type2_require_vehicle_info=False)
    k1, k2 = t.stores
    transport = httpx.ASGITransport(app=app, client=("10.9.9.9", 40000))
    async with httpx.AsyncClient(transport=transport, base_url="http://flow.test") as client:
        async def post(path: str, body: dict, who: str = "admin") -> dict:
            r = await client.post(path, json=body, headers=t.headers(who))
            assert r.status_code in (200, 201), r.text
            return r.json()

        # Advanced outbound (Plastic Bucket, 1.5 lb tare): 48 lb of food scraps composted.
        await post("/api/tickets", ticket("Food Scraps", "Compost", "Plastic Bucket", 49.5, k1,
                                          "2025-03-10T19:00:00Z"), "employee")
        # Simple ticket (typed weight, Slim Jim 7.8 lb tare): 28 lb of food waste to landfill.
        await post("/api/tickets", ticket("Food Waste", "Landfill", "Slim Jim 23 (23gal)", 35.8, k1,
                                          "2025-05-05T19:00:00Z", manual_override=True,
                                          internal_notes="Simple Tickets mode - manual entry"), "employee")
        # Offline, synced through the batch path: 24 lb donated at 23:30 on 31 December in the
        # company's zone (1 January in UTC): it counts in 2025.
        synced = await post("/api/tickets/batch", {"tickets": [
            ticket("Edible Surplus Food", "Food Donation", "Plastic Bucket", 25.5, k1, last_evening,
                   client_id=str(uuid.uuid4()))]}, "employee")
        assert synced["created"] == 1, synced
        # Truck scale (type 2): 2,400 - 2,000 = 400 lb of food waste composted, at the other location.
        await post("/api/tickets", ticket("Food Waste", "Compost", "Custom Container", 2400, k2,
                                          "2025-08-20T19:00:00Z", outbound_ticket_type="type_2_truck_scale",
                                          tare_weight=2000))
        # Not organic waste: 128 lb of general trash landfilled, 9 lb of mixed recyclables recycled.
        await post("/api/tickets", ticket("General Trash", "Landfill", "Plastic Bucket", 129.5, k2,
                                          "2025-09-09T19:00:00Z"))
        await post("/api/tickets", ticket("Mixed Recyclables", "Recycling", "Plastic Bucket", 10.5, k2,
                                          "2025-09-10T19:00:00Z"))
        # Cardboard is a paper product: organic waste, 32 lb recycled.
        await post("/api/tickets", ticket("Cardboard (OCC)", "Recycling", "Plastic Bucket", 33.5, k1,
                                          "2025-10-01T19:00:00Z"))
        # 00:30 on 1 January 2026 in the company's zone: not in 2025.
        await post("/api/tickets", ticket("Food Scraps", "Compost", "Plastic Bucket", 49.5, k1, new_year))
        # An inbound load of 150 lb: a receipt, never the company's waste or diversion.
        payee = await add_customer(client, t, "Golden Gate Produce")
        load = await post("/api/inbound/tickets", {
            "customer1_id": payee["id"], "store_id": str(k1.id), "gross_weight": 10150, "tare_weight": 10000,
            "line_items": [{"waste_type": "Food Scraps", "quantity": 150, "unit": "lbs"}], "payment_method": "cash"})
    with psycopg.connect(database_url) as conn:  # the load was weighed in 2025 too
        conn.execute("update tickets set ticket_at = '2025-04-01 19:00+00' where id = %s", (load["id"],))
    # Fifty-odd small compost tickets through the year (the EAR needs 50 tickets to export).
    await add_tickets(t, [Weighing(utc(YEAR, 1 + i % 12, 12, 19), "Compost", "1.0") for i in range(46)])
    return t


@pytest.fixture
async def read(client, world):
    async def get(path: str, **params) -> dict:
        r = await client.get(path, params=params, headers=world.headers())
        assert r.status_code == 200, (path, r.text)
        return r.json()
    return get


def same(figure: str, values: dict[str, object]) -> None:
    """Every answer carrying `figure` gives one value (numbers compared as decimals)."""
    found = {name: v if isinstance(v, bool) else Decimal(str(v)) for name, v in values.items()}
    assert len(set(found.values())) == 1, f"{figure} differs: {found}"


def in_text(figure: str, text: str, shown: str) -> None:
    assert shown in " ".join(text.split()), f"{figure} {shown} not in the file"


def lb(v) -> str:
    return f"{Decimal(str(v)):,.1f}"


def usd(v) -> str:
    return f"${Decimal(str(v)):,.2f}"


async def company_answers(read) -> dict:
    return {
        "dashboard": await read("/api/analytics/dashboard", **PERIOD),
        "basic": await read("/api/reports/basic", **PERIOD),
        "basic_outbound": await read("/api/reports/basic", **PERIOD, ticket_type="outbound"),
        "tickets": await read("/api/reports/tickets", **PERIOD),
        "esg": await read("/api/reports/esg", **PERIOD),
        "cost": await read("/api/reports/cost-analysis", **PERIOD),
        "compliance": await read("/api/compliance/dashboard", year=YEAR),
        "ear": await read("/api/compliance/ear-report", year=YEAR),
        "ai": await read("/api/reports/ai-analytics", **PERIOD),
    }


async def test_generated_waste_figures_agree_on_every_screen(read):
    a = await company_answers(read)
    d, b, e, c = a["dashboard"], a["basic"], a["esg"], a["cost"]
    same("total weight", {"dashboard": d["total_weight"], "esg": e["summary"]["total_net_weight_lbs"],
                          "cost": c["performance_summary"]["total_weight"],
                          "basic, outbound": a["basic_outbound"]["total_net_weight"],
                          "ticket report, outbound": a["tickets"]["outbound"]["total_net_weight"],
                          "dashboard by location": sum(Decimal(str(s["weight"])) for s in
                                                       d["operational_kpis"]["location_breakdown"].values()),
                          "cost by location": sum(Decimal(str(r["total_weight"])) for r in c["savings_by_location"]),
                          "AI analytics": a["ai"]["totals"]["total_weight_lb"],
                          "AI analytics by location": sum(Decimal(str(r["weight_lb"])) for r in a["ai"]["by_location"]),
                          "hand": GENERATED})
    same("diverted weight", {"dashboard": d["diverted_weight"], "cost": c["performance_summary"]["diverted_weight"],
                             "cost by location": sum(Decimal(str(r["diverted_weight"])) for r in c["savings_by_location"]),
                             "hand": DIVERTED})
    same("tickets", {"dashboard": d["total_tickets"], "esg": e["summary"]["total_tickets"],
                     "cost": c["performance_summary"]["total_tickets"],
                     "ticket report, outbound": a["tickets"]["outbound"]["total_tickets"],
                     "AI analytics": a["ai"]["totals"]["total_tickets"]})
    same("diversion rate", {"dashboard": d["diversion_rate"], "basic": b["diversion_rate"],
                            "esg": e["diversion_metrics"]["diversion_rate_percent"],
                            "cost": c["performance_summary"]["diversion_rate"], "hand": "78.2"})
    same("CO2e avoided", {"dashboard": d["co2_prevented_kg"], "basic": b["basic_esg"]["co2_prevented_kg"],
                          "esg": e["environmental_impact"]["co2_prevented_kg"]})
    assert Decimal(str(d["co2_prevented_kg"])) > 0
    same("meals recovered", {"dashboard": d["meals_recovered"], "dashboard esg": d["esg_metrics"]["meals_recovered"],
                             "basic": b["basic_esg"]["meals_recovered"], "esg": e["food_recovery"]["meals_recovered"],
                             "hand (24 donated lb / 1.2)": 20})
    same("cost savings", {"dashboard": d["cost_savings"], "dashboard esg": d["esg_metrics"]["cost_saved_usd"],
                          "basic": b["basic_esg"]["cost_savings_usd"], "esg": e["economic_impact"]["cost_savings"],
                          "cost analysis": c["total_savings"], "hand (0.12 x diverted lb)": "67.08"})
    # The inbound load is in the basic report's totals, never in its diversion or impact.
    assert Decimal(str(b["total_net_weight"])) == GENERATED + 150


async def test_sb1383_figures_count_organic_waste_only_and_agree(read, client, world):
    a = await company_answers(read)
    comp, ear, e, d = a["compliance"], a["ear"], a["esg"], a["dashboard"]
    same("organic waste", {"compliance": comp["diversion_metrics"]["total_waste"],
                           "EAR": ear["summary"]["total_organic_waste"], "hand": ORGANIC})
    same("organic diverted", {"compliance": comp["diversion_metrics"]["diverted_weight"],
                              "EAR": ear["summary"]["diverted_weight"], "esg": e["compliance"]["total_diverted_weight"],
                              "hand": ORGANIC_DIVERTED})
    same("organic landfilled", {"compliance": comp["diversion_metrics"]["landfill_weight"], "hand": "28.0"})
    same("organic waste by location", {"compliance": comp["diversion_metrics"]["total_waste"], "location table": sum(
        Decimal(str(loc["total_weight"])) for loc in comp["location_compliance"].values())})
    same("SB 1383 organic diversion rate", {
        "compliance": comp["compliance_status"]["diversion_rate"],
        "compliance metrics": comp["diversion_metrics"]["diversion_rate"], "EAR": ear["summary"]["diversion_rate"],
        "esg": e["compliance"]["diversion_rate"], "hand": "95.2"})
    same("SB 1383 tickets", {"compliance": comp["compliance_status"]["total_tickets_analyzed"],
                             "EAR": ear["summary"]["ticket_count"], "hand": ORGANIC_TICKETS})
    # The target every screen and file measures against (the e-mailed SB 1383 PDF prints the ESG one).
    same("SB 1383 target", {"compliance": comp["compliance_status"]["target_rate"],
                            "EAR": ear["summary"]["target_rate"], "esg": e["compliance"]["target_rate"],
                            "dashboard": d["ca_compliance_target"]})
    same("meets the target", {"compliance": comp["compliance_status"]["is_compliant"],
                              "dashboard": d["ca_compliance"], "esg": e["compliance"]["sb1383_compliant"]})
    same("food recovered", {"compliance": comp["food_recovery"]["recovered_pounds"], "hand": "24.0"})
    assert ear["eligible_for_submission"] is True, ear["reason"]

    async def export(fmt: str) -> bytes:
        r = await client.post("/api/compliance/ear-report/export", params={"year": YEAR, "format": fmt},
                              headers=world.headers())
        assert r.status_code == 200, r.text
        return r.content

    lines = list(csv.DictReader(io.StringIO((await export("csv")).decode("utf-8-sig"))))
    assert {line["Waste Type"] for line in lines} >= {"Food Scraps", "Cardboard (OCC)"}
    assert not {"General Trash", "Mixed Recyclables"} & {line["Waste Type"] for line in lines}
    same("organic waste, EAR CSV", {"EAR": ear["summary"]["total_organic_waste"],
                                    "CSV lines": sum(Decimal(line["Weight (lbs)"]) for line in lines)})
    same("organic diverted, EAR CSV", {"EAR": ear["summary"]["diverted_weight"], "CSV lines": sum(
        Decimal(line["Weight (lbs)"]) for line in lines if line["Diversion"] == "yes")})
    same("SB 1383 tickets, EAR CSV", {"EAR": ear["summary"]["ticket_count"],
                                      "CSV lines": sum(int(line["Tickets"]) for line in lines)})
    body = json.loads(await export("json"))["ear_report"]
    for key in ("diversion_rate", "total_organic_waste", "total_organic_waste_tons", "diverted_weight", "ticket_count"):
        same(f"EAR JSON {key}", {"EAR": ear["summary"][key], "JSON": body["summary"][key]})
    sheet = load_workbook(io.BytesIO(await export("xlsx")))["Summary"]
    cells = {row[0]: row[1] for row in sheet.iter_rows(min_row=2, values_only=True) if row and row[0]}
    for key in ("diversion_rate", "total_organic_waste", "diverted_weight"):
        same(f"EAR XLSX {key}", {"EAR": ear["summary"][key], "XLSX": cells[key.replace("_", " ")]})
    pdf = pdf_text(await export("pdf"))
    in_text("SB 1383 organic diversion rate", pdf, f"Organic diversion: {ear['summary']['diversion_rate']}%")
    in_text("organic waste", pdf, f"Organic waste: {lb(ear['summary']['total_organic_waste'])} lbs")
    r = await client.get("/api/compliance/location-report", params={"year": YEAR}, headers=world.headers())
    report = pdf_text(r.content)
    in_text("SB 1383 organic diversion rate", report, f"Diversion {comp['compliance_status']['diversion_rate']}%")
    in_text("organic waste", report, f"of {lb(comp['diversion_metrics']['total_waste'])} lbs")


async def test_the_files_and_mails_carry_the_screens_figures(read, client, world, smtp):  # noqa: F811
    a = await company_answers(read)
    d, e = a["dashboard"], a["esg"]
    files = {}
    for kind in ("basic", "esg"):
        r = await client.post(f"/api/reports/{kind}/export", json=PERIOD, headers=world.headers())
        assert r.status_code == 200, r.text
        files[f"{kind} PDF"] = pdf_text(r.content)
        address = world.admin.email  # reports are mailed to the company's own users
        r = await client.post(f"/api/reports/{kind}/email", json={"email": address, "filters": PERIOD},
                              headers=world.headers())
        assert r.status_code == 200, r.text
        (part,) = list(smtp.last_to(address).iter_attachments())
        files[f"{kind} e-mail"] = pdf_text(part.get_content())
    for name, text in files.items():
        in_text(f"diversion rate ({name})", text, f"{d['diversion_rate']}%")
        in_text(f"CO2e avoided ({name})", text, f"{Decimal(str(d['co2_prevented_kg'])):,.2f}")
        in_text(f"cost savings ({name})", text, usd(d["cost_savings"]))
    for name in ("esg PDF", "esg e-mail"):
        in_text(f"SB 1383 organic diversion rate ({name})", files[name],
                f"SB 1383 organic diversion rate {e['compliance']['diversion_rate']}%")
    # The ticket files: the outbound tickets' weights, and each file's total, are the generated waste.
    async def ticket_file(fmt: str) -> bytes:
        r = await client.get(f"/api/tickets/export/{fmt}", params={**PERIOD, "ticket_type": "outbound"},
                             headers=world.headers())
        assert r.status_code == 200, r.text
        return r.content

    rows = list(csv.DictReader(io.StringIO((await ticket_file("csv")).decode("utf-8-sig"))))
    total = next(row for row in rows if row["Date"] == "Total")
    sheet = load_workbook(io.BytesIO(await ticket_file("xlsx"))).active
    xlsx_total = next(row for row in sheet.iter_rows(values_only=True) if row and row[0] == "Total")
    same("total weight, ticket files", {
        "dashboard": d["total_weight"], "CSV rows": sum(Decimal(row["Weight (lbs)"].replace(",", ""))
                                                       for row in rows if row["Date"] != "Total"),
        "CSV total": total["Weight (lbs)"].replace(",", ""), "XLSX total": xlsx_total[6]})
    in_text("total weight (ticket PDF)", pdf_text(await ticket_file("pdf")), f"Total weight: {lb(d['total_weight'])} lbs")


async def test_one_location_gives_one_answer_everywhere(read, world):
    k1 = world.stores[0]
    one = {"store_id": str(k1.id), **PERIOD}
    d = await read("/api/analytics/dashboard", **one)
    b = await read("/api/reports/basic", **one)
    e = await read("/api/reports/esg", **one)
    c = await read("/api/reports/cost-analysis", **one)
    company_cost = await read("/api/reports/cost-analysis", **PERIOD)
    company_dash = await read("/api/analytics/dashboard", **PERIOD)
    comp = await read("/api/compliance/dashboard", year=YEAR)
    row = next(r for r in company_cost["savings_by_location"] if r["location"] == k1.name)
    same("total weight, one location", {
        "dashboard": d["total_weight"], "esg": e["summary"]["total_net_weight_lbs"],
        "cost": c["performance_summary"]["total_weight"], "company cost by location": row["total_weight"],
        "company dashboard by location": company_dash["operational_kpis"]["location_breakdown"][k1.name]["weight"],
        "hand": "178.0"})  # 48 + 28 + 24 + 32 + 46 x 1 (the 2026 ticket is not in 2025)
    same("diversion rate, one location", {"dashboard": d["diversion_rate"], "basic": b["diversion_rate"],
                                          "esg": e["diversion_metrics"]["diversion_rate_percent"],
                                          "cost": c["performance_summary"]["diversion_rate"]})
    same("cost savings, one location", {"dashboard": d["cost_savings"], "basic": b["basic_esg"]["cost_savings_usd"],
                                        "esg": e["economic_impact"]["cost_savings"], "cost": c["total_savings"],
                                        "company cost by location": row["cost_saved"]})
    same("CO2e avoided, one location", {"dashboard": d["co2_prevented_kg"], "basic": b["basic_esg"]["co2_prevented_kg"],
                                        "esg": e["environmental_impact"]["co2_prevented_kg"]})
    same("SB 1383 organic diversion rate, one location", {
        "esg": e["compliance"]["diversion_rate"],
        "compliance table": comp["location_compliance"][k1.name]["diversion_rate"]})
    same("organic waste, one location", {"compliance table": comp["location_compliance"][k1.name]["total_weight"],
                                         "hand": "178.0"})


async def test_the_scheduled_mails_attachments_carry_the_screens_figures(read, world):
    """The e-mail alerts' attachments (api/email_alerts/reports.render, as the scheduler mails them),
    rendered for the same period: cost analysis and the SB 1383 summary."""
    import asyncio
    from datetime import UTC, date, datetime

    from api.analytics.service import ReportFilter
    from api.email_alerts import reports
    from api.reports.pdf import ReportHeader

    a = await company_answers(read)
    f = ReportFilter(company_id=str(world.company_id), start=date(YEAR, 1, 1), end=date(YEAR, 12, 31))
    header = ReportHeader(company_name="One Truth", timezone=ZONE_OF[world.company_id], generated_at=datetime.now(tz=UTC))
    cost = pdf_text((await asyncio.to_thread(reports.render, "cost-analysis", f, header))[0].data)
    in_text("cost savings (cost analysis mail)", cost, usd(a["cost"]["total_savings"]))
    in_text("diversion rate (cost analysis mail)", cost, f"{a['dashboard']['diversion_rate']}%")
    in_text("total weight (cost analysis mail)", cost, lb(a["dashboard"]["total_weight"]))
    sb1383 = pdf_text((await asyncio.to_thread(reports.render, "sb1383", f, header))[0].data)
    in_text("SB 1383 organic diversion rate (SB 1383 mail)", sb1383, f"{a['compliance']['compliance_status']['diversion_rate']}%")
    in_text("organic diverted (SB 1383 mail)", sb1383, lb(a["ear"]["summary"]["diverted_weight"]))
    esg = pdf_text((await asyncio.to_thread(reports.render, "esg-impact", f, header))[0].data)
    in_text("cost savings (ESG mail)", esg, usd(a["dashboard"]["cost_savings"]))
    in_text("CO2e avoided (ESG mail)", esg, f"{Decimal(str(a['dashboard']['co2_prevented_kg'])):,.2f}")
