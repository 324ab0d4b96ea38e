"""The Tier 1 / Tier 2 questionnaire (14 CCR 18982): answers stored per location, the tier from
the dbt rule (answered at once through the warehouse function, the same in the mart after a
refresh), explained with its citation; warnings for tiered locations without an agreement."""
from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest

from tests.pipelines.world import Weighing, add_tickets, refresh, utc

TIERS = "/api/compliance/generator-tiers"
PARTNERS = "/api/compliance/food-recovery-partners"
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


@pytest.fixture(scope="module")
async def tiered(app):
    from api.core.db import sessionmaker, set_tenant
    from api.settings.service import get_settings_row
    from tests.factories import Factory

    factory = Factory()
    made = {"t": await factory.tenant("pro", stores=2, assign_employee=True),
            "other": await factory.tenant("pro", stores=1), "core": await factory.tenant("core", stores=1),
            "plain": await factory.tenant("pro", stores=1)}
    # 80 of 100 lb diverted in October 2026 at "other" (its target 85%) and "plain" (the 75% default).
    for name in ("other", "plain"):
        await add_tickets(made[name], [Weighing(utc(2026, 10, 5, 19), "Compost", "80.0"),
                                       Weighing(utc(2026, 10, 6, 19), "Landfill", "20.0")])
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, made["other"].company_id)
        (await get_settings_row(db, made["other"].company_id)).sb1383_target_percent = Decimal("85.00")
    return made


def store(tenant, i=0) -> str:
    return str(tenant.stores[i].id)


async def test_locations_start_unanswered(client, tiered):
    r = await client.get(TIERS, headers=tiered["t"].headers())
    assert r.status_code == 200, r.text
    body = r.json()
    assert [(loc["location_name"], loc["tier"], loc["answers"]) for loc in body["locations"]] == [
        ("Kitchen 1", "unanswered", None), ("Kitchen 2", "unanswered", None)]
    assert body["warnings"] == []


@pytest.mark.parametrize(("answers", "tier", "rule"), [
    ({"business_type": "restaurant", "seats": 250, "facility_square_feet": 1200}, "tier_2", "tier2_restaurant_seats"),
    ({"business_type": "restaurant", "seats": 249, "facility_square_feet": 4999}, "none",
     "restaurant_under_thresholds"),
    ({"business_type": "restaurant", "seats": 10, "facility_square_feet": 5000}, "tier_2", "tier2_restaurant_size"),
    ({"business_type": "supermarket", "gross_annual_sales_usd": "2000000.00"}, "tier_1", "tier1_supermarket"),
    ({"business_type": "supermarket", "gross_annual_sales_usd": "1999999.99"}, "none", "supermarket_under_2m_sales"),
    ({"business_type": "grocery_store", "facility_square_feet": 10000}, "tier_1", "tier1_grocery_store"),
    ({"business_type": "hotel", "has_onsite_food_facility": True, "rooms": 200}, "tier_2", "tier2_hotel"),
    ({"business_type": "hotel", "has_onsite_food_facility": False}, "none", "hotel_without_food_facility"),
    ({"business_type": "health_facility", "has_onsite_food_facility": True, "beds": 99}, "none",
     "health_facility_under_100_beds"),
    ({"business_type": "large_event", "average_daily_attendance": 2001}, "tier_2", "tier2_large_event"),
    ({"business_type": "food_service_provider"}, "tier_1", "tier1_food_service_provider"),
])
async def test_answers_lead_to_a_tier_explained_with_its_citation(client, tiered, answers, tier, rule):
    r = await client.put(f"{TIERS}/{store(tiered['t'], 1)}", json=answers, headers=tiered["t"].headers())
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["tier"], body["rule_key"]) == (tier, rule)
    assert body["answers"]["business_type"] == answers["business_type"]
    assert "18982" in body["citation"] or "42648" in body["citation"]
    assert body["explanation"]
    assert body["obligated_from"] == {"tier_1": "2022-01-01", "tier_2": "2024-01-01"}.get(tier)


@pytest.mark.parametrize(("answers", "field"), [
    ({"business_type": "restaurant", "facility_square_feet": 1200}, "seats"),
    ({"business_type": "supermarket"}, "gross_annual_sales_usd"),
    ({"business_type": "hotel", "has_onsite_food_facility": True}, "rooms"),
    ({"business_type": "large_venue"}, "average_daily_attendance"),
    ({"business_type": "restaurant", "seats": -1, "facility_square_feet": 1}, "seats"),
    ({"business_type": "bakery"}, "business_type"),
])
async def test_missing_or_bad_answers_name_the_field(client, tiered, answers, field):
    r = await client.put(f"{TIERS}/{store(tiered['t'])}", json=answers, headers=tiered["t"].headers())
    assert r.status_code == 422, r.text
    assert r.json()["errors"][0]["field"] == field


async def test_a_tiered_location_without_an_agreement_is_warned_about(client, tiered, owner_sql):
    t = tiered["t"]
    r = await client.put(f"{TIERS}/{store(t)}", json={"business_type": "restaurant", "seats": 300,
                                                      "facility_square_feet": 6000}, headers=t.headers())
    assert r.json()["tier"] == "tier_2"
    missing = ("Kitchen 1 is a Tier 2 commercial edible food generator with no food recovery agreement on file")
    body = (await client.get(TIERS, headers=t.headers())).json()
    assert any(w.startswith(missing) for w in body["warnings"])
    partners = (await client.get(PARTNERS, headers=t.headers())).json()
    assert partners["warnings"][0].startswith(missing)
    dash = (await client.get("/api/compliance/dashboard", headers=t.headers())).json()
    assert dash["action_items"][0]["title"] == "Put a food recovery agreement on file for Kitchen 1"
    assert any(e["event"] == "tier_agreement_missing" for e in dash["compliance_log"])
    # An agreement that ends within 30 days: still warned, now to renew.
    made = await client.post(PARTNERS, json={"name": "Harbor Pantry"}, headers=t.headers())
    soon = date.today() + timedelta(days=10)
    r = await client.post(f"{PARTNERS}/{made.json()['id']}/agreements",
                          data={"start_date": "2026-01-01", "end_date": soon.isoformat()},
                          files={"file": ("a.pdf", PDF)}, headers=t.headers())
    assert r.status_code == 201, r.text
    body = (await client.get(TIERS, headers=t.headers())).json()
    assert not any(w.startswith(missing) for w in body["warnings"])
    assert any(w.startswith("Kitchen 1 is a Tier 2 commercial edible food generator: its food recovery agreements "
                            f"on file end by {soon:%B %-d, %Y}") for w in body["warnings"])
    dash = (await client.get("/api/compliance/dashboard", headers=t.headers())).json()
    assert dash["action_items"][0]["title"] == "Renew the food recovery agreement for Kitchen 1"
    (await client.get(TIERS, headers=t.headers()))  # seen again, logged once
    events = [e for (e, text) in owner_sql("select event, description from compliance_events where company_id = %s",
                                           (t.company_id,)) if e.startswith("tier_") and "Kitchen 1" in text]
    assert events.count("tier_agreement_missing") == 1 and events.count("tier_agreement_expiring") == 1
    assert "tier_determined" in events


async def test_the_mart_holds_the_same_tier_after_a_refresh(client, tiered):
    from api.warehouse import read_warehouse, rows

    t = tiered["t"]
    saved = (await client.get(TIERS, headers=t.headers())).json()["locations"]
    await refresh(full=True)
    with read_warehouse() as con:
        mart = rows(con, "select location_name, tier, rule_key, citation from marts.edible_food_generators "
                         "where company_id = ? order by location_name", [str(t.company_id)])
    assert [(m["location_name"], m["tier"], m["rule_key"], m["citation"]) for m in mart] == [
        (s["location_name"], s["tier"], s["rule_key"], s["citation"]) for s in saved]


@pytest.mark.parametrize(("name", "target", "compliant"), [("other", 85.0, False), ("plain", 75.0, True)])
async def test_dashboard_judges_diversion_against_the_company_target(client, tiered, owner_sql, name, target,
                                                                     compliant):
    """Runs after the refresh above: the sb1383_targets mart holds each company's target."""
    period = {"start_date": "2026-10-01", "end_date": "2026-10-31"}
    body = (await client.get("/api/analytics/dashboard", params=period, headers=tiered[name].headers())).json()
    assert body["diversion_rate"] == 80.0
    assert (body["ca_compliance"], body["ca_compliance_target"]) == (compliant, target)
    esg = (await client.get("/api/reports/esg", params=period, headers=tiered[name].headers())).json()
    assert esg["compliance"]["sb1383_compliant"] is compliant
    # The ESG answer carries the same target the compliance and EAR screens show (85%, not 75%).
    assert esg["compliance"]["target_rate"] == target
    # The compliance dashboard judges the same month against the same target, and its log shows a
    # closed month below it once, read from the marts: the GETs write nothing.
    logged = "select id, event, description, created_at from compliance_events where company_id = %s order by id"
    before = owner_sql(logged, (tiered[name].company_id,))
    for _ in range(2):
        dash = (await client.get("/api/compliance/dashboard", params={"year": 2026},
                                 headers=tiered[name].headers())).json()
    assert owner_sql(logged, (tiered[name].company_id,)) == before
    assert dash["compliance_status"]["target_rate"] == target
    ear = (await client.get("/api/compliance/ear-report", params={"year": 2026}, headers=tiered[name].headers())).json()
    assert ear["summary"]["target_rate"] == esg["compliance"]["target_rate"]
    below = [e for e in dash["compliance_log"] if e["event"] == "month_closed_below_target"]
    assert [e["description"] for e in below] == (
        [] if compliant else ["October 2026 closed at 80.0% diversion, below the 85.0% target"])


async def test_other_companies_roles_and_plans_are_kept_out(client, tiered):
    t = tiered["t"]
    answers = {"business_type": "food_distributor"}
    r = await client.put(f"{TIERS}/{store(tiered['other'])}", json=answers, headers=t.headers())
    assert r.status_code == 404
    r = await client.put(f"{TIERS}/{store(t)}", json=answers, headers=t.headers("employee"))
    assert r.status_code == 403
    r = await client.get(TIERS, headers=tiered["core"].headers())
    assert r.status_code == 403 and r.json()["detail"].startswith("Compliance Features Not Enabled")


def test_trend_events_name_closed_months_below_target_and_crossings():
    from api.compliance.service import trend_events

    trend = [{"month": date(2026, m, 1), "diversion_rate": r, "target_rate": 75.0, "is_compliant": r >= 75}
             for m, r in ((8, 80.0), (9, 74.9), (10, 75.0), (11, 60.0))]
    assert trend_events(trend, date(2026, 11, 20)) == [
        ("month_closed_below_target", "warning", "September 2026 closed at 74.9% diversion, below the 75.0% target"),
        ("threshold_crossed", "warning",
         "Diversion moved below the 75.0% target in September 2026: 74.9% (from 80.0% in August 2026)"),
        ("threshold_crossed", "info",
         "Diversion moved at or above the 75.0% target in October 2026: 75.0% (from 74.9% in September 2026)"),
        # November is still open: below target, but not closed yet.
        ("threshold_crossed", "warning",
         "Diversion moved below the 75.0% target in November 2026: 60.0% (from 75.0% in October 2026)"),
    ]
