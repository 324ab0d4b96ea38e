"""SB 1383 dashboard: figures from the sb1383_* marts on hand-computed tickets, and its gates."""
from __future__ import annotations

import pytest

DASH = "/api/compliance/dashboard"


async def test_dashboard_reads_the_year_from_the_marts(client, world):
    r = await client.get(DASH, headers=world["a"].headers())
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["year"] == 2026 and body["available_years"] == [2026] and body["has_data"] is True
    # Outbound October: 100 compost + 50 landfill + 60 donated; inbound and void never count.
    assert body["compliance_status"] == {"is_compliant": True, "target_rate": 75.0, "diversion_rate": 76.2,
                                         "total_tickets_analyzed": 3, "risk_level": "low"}
    d = body["diversion_metrics"]
    assert (d["total_waste"], d["diverted_weight"], d["landfill_weight"]) == (210.0, 160.0, 50.0)
    assert d["gap_to_compliance"] == 0 and d["lb_to_target"] == 0
    assert d["current_rate"] == 76.2 and d["current_month"] == "2026-10-01"
    assert [(p["month"], p["is_compliant"]) for p in d["monthly_trend"]] == [("2026-10-01", True)]
    # 60 / 210 = 28.6 % recovered against the 20 % goal.
    assert body["food_recovery"] == {"recovered_pounds": 60.0, "recovery_rate": 28.6, "target_rate": 20.0,
                                     "donation_tickets": 1, "gap_to_target": 0.0, "lb_to_target": 0.0}
    ear = body["ear_progress"]
    # Compliant and food recovery recorded; only October (months 1-9 missing) and 3 < 50 tickets.
    assert ear == {"completion_percentage": 50, "eligible_for_submission": False, "current_quarter": "Q4 2026",
                   "reporting_due_date": "2027-08-01", "status": "in_progress", "min_tickets": 50,
                   "tickets_without_location": 0}
    assert body["calrecycle_integration"]["connection_status"] == "not connected"
    assert body["calrecycle_integration"]["last_sync"] is None
    assert body["calrecycle_integration"]["submission_status"] == "pending"
    # Kitchen 1: 100 compost + 50 landfill = 66.7 % (medium), 12.5 lb short of 75 %; Kitchen 2: 60 donated.
    locs = body["location_compliance"]
    assert locs["Kitchen 1"] | {"location_id": None} == {
        "location_id": None, "diversion_rate": 66.7, "total_weight": 150.0, "is_compliant": False,
        "ticket_count": 2, "risk_level": "medium", "lb_to_target": 12.5}
    assert locs["Kitchen 2"]["is_compliant"] is True
    titles = [i["title"] for i in body["action_items"]]
    assert "Divert 12.5 lb more at Kitchen 1" in titles
    assert "Record 47 more tickets" in titles
    assert body["last_refreshed_at"] is not None


async def test_fifty_tickets_at_target_make_the_year_eligible(client, world):
    body = (await client.get(DASH, headers=world["ready"].headers())).json()
    assert body["compliance_status"]["diversion_rate"] == 80.0
    assert body["compliance_status"]["total_tickets_analyzed"] == 50
    assert body["ear_progress"]["eligible_for_submission"] is True
    assert body["ear_progress"]["status"] == "ready"
    assert body["calrecycle_integration"]["submission_status"] == "ready"


async def test_a_year_without_tickets_is_the_empty_state(client, world):
    body = (await client.get(DASH, headers=world["empty"].headers())).json()
    assert body["has_data"] is False and body["available_years"] == []
    assert body["compliance_status"]["risk_level"] == "none"
    assert body["ear_progress"]["status"] == "not_started"
    assert body["location_compliance"] == {} and body["diversion_metrics"]["monthly_trend"] == []
    other = (await client.get(DASH, params={"year": 2025}, headers=world["a"].headers())).json()
    assert other["year"] == 2025 and other["has_data"] is False


@pytest.mark.parametrize(("who", "tenant", "status"), [
    ("admin", "core", 403),      # core plan: no SB 1383 features
    ("admin", "off", 403),       # pro, but the platform turned the flag off
    ("employee", "a", 403),      # compliance is for store admins
])
async def test_gates(client, world, who, tenant, status):
    r = await client.get(DASH, headers=world[tenant].headers(who))
    assert r.status_code == status
    if who == "admin":
        assert r.json()["detail"].startswith("Compliance Features Not Enabled")


async def test_bad_year_names_the_field(client, world):
    r = await client.get(DASH, params={"year": "1999"}, headers=world["a"].headers())
    assert r.status_code == 422 and "year" in r.text


async def test_location_report_pdf_lists_each_location(client, world):
    import io

    from pypdf import PdfReader

    r = await client.get("/api/compliance/location-report", params={"year": 2026}, headers=world["a"].headers())
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    assert 'filename="sb1383_location_report_2026.pdf"' in r.headers["content-disposition"]
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(r.content)).pages)
    assert "California SB 1383 Compliance Report 2026" in text
    assert "Kitchen 1" in text and "66.7%" in text and "Non-Compliant" in text and "Kitchen 2" in text
    assert "76.2%" in text
    locked = await client.get("/api/compliance/location-report", headers=world["core"].headers())
    assert locked.status_code == 403


async def test_the_gate_and_the_dashboard_share_one_read_of_the_company_settings(client, world):
    """The SB 1383 gate (override) and the dashboard (target) read the settings row once per call."""
    from tests.api.tickets.test_query_counts import counting_statements

    with counting_statements() as seen:
        r = await client.get(DASH, headers=world["a"].headers())
    assert r.status_code == 200, r.text
    assert r.json()["compliance_status"]["target_rate"] == 75.0
    assert len([s for s in seen if "from company_settings" in s.lower()]) == 1, seen


async def test_the_dashboard_asks_postgres_four_statements(client, world):
    """Who is calling (user and company), the gate's settings row, one statement for the rest
    (partners, agreements, locations with their answers, the stored log), and the freshness probe
    (api/warehouse/freshness.py: any change since the published warehouse, on the updated_at
    indexes): it was eight with the tenant's set_config, which now goes with the transaction's BEGIN."""
    from tests.api.tickets.test_query_counts import counting_statements

    with counting_statements() as seen:
        r = await client.get(DASH, headers=world["a"].headers())
    assert r.status_code == 200, r.text
    assert len(seen) == 4, seen
    assert "from users" in seen[0].lower() and "from company_settings" in seen[1].lower()
    rest = [s for s in seen[2:] if "food_recovery_partners" in s and "compliance_events" in s]
    probe = [s for s in seen[2:] if s.lower().startswith("select least(") and "updated_at > " in s]
    assert len(rest) == 1 and len(probe) == 1, seen


async def test_the_log_shows_stored_events_newest_first_with_their_time(client, world, owner_sql):
    """Stored events come back with the time Postgres stamped, newest first, trend events left out."""
    from datetime import datetime

    company = world["ready"].company_id
    owner_sql("insert into compliance_events (id, company_id, event, severity, description, created_at, updated_at) "
              "values (gen_random_uuid(), %s, 'partner_added', 'info', 'older', '2026-03-01 10:00:00.123456+00', now()),"
              " (gen_random_uuid(), %s, 'partner_added', 'info', 'newer', '2026-06-01 10:00:00+00', now()),"
              " (gen_random_uuid(), %s, 'threshold_crossed', 'info', 'stored trend', '2026-07-01 10:00:00+00', now())",
              (company, company, company))
    log = (await client.get(DASH, headers=world["ready"].headers())).json()["compliance_log"]
    stored = [e for e in log if e["event"] == "partner_added"]
    assert [e["description"] for e in stored] == ["newer", "older"]
    assert datetime.fromisoformat(stored[1]["timestamp"]) == datetime.fromisoformat("2026-03-01T10:00:00.123456+00:00")
    assert "stored trend" not in [e["description"] for e in log]
    times = [datetime.fromisoformat(e["timestamp"]) for e in log]
    assert times == sorted(times, reverse=True)


async def test_the_whole_log_pages_newest_first(client, world, factory, owner_sql):
    """Issue 30: the dashboard carries the newest 20 entries and counts them all; GET
    /api/compliance/activity-log pages through every one, in the caller's company only."""
    t = await factory.tenant("enterprise", stores=1)
    owner_sql("insert into compliance_events (id, company_id, event, severity, description, created_at, updated_at) "
              "select gen_random_uuid(), %s, 'partner_added', 'info', 'entry ' || n, "
              "timestamptz '2026-01-01 10:00+00' + n * interval '1 hour', now() from generate_series(1, 25) as n",
              (t.company_id,))
    owner_sql("insert into compliance_events (id, company_id, event, severity, description, created_at, updated_at) "
              "values (gen_random_uuid(), %s, 'threshold_crossed', 'info', 'stored trend', now(), now())",
              (t.company_id,))
    dash = (await client.get(DASH, headers=t.headers())).json()
    assert dash["compliance_log_total"] == 25 and len(dash["compliance_log"]) == 20
    pages = []
    for offset in (0, 10, 20):
        r = await client.get("/api/compliance/activity-log", params={"limit": 10, "offset": offset}, headers=t.headers())
        assert r.status_code == 200, r.text
        assert r.json()["total"] == 25
        pages.append([e["description"] for e in r.json()["entries"]])
    assert [len(p) for p in pages] == [10, 10, 5]
    assert [d for p in pages for d in p] == [f"entry {n}" for n in range(25, 0, -1)]
    assert pages[0] + pages[1] == [e["description"] for e in dash["compliance_log"]]
    other = (await client.get("/api/compliance/activity-log", headers=world["empty"].headers())).json()
    assert "entry 25" not in [e["description"] for e in other["entries"]]
    r = await client.get("/api/compliance/activity-log", params={"limit": 201}, headers=t.headers())
    assert r.status_code == 422 and "limit" in r.text
    r = await client.get("/api/compliance/activity-log", headers=t.headers("employee"))
    assert r.status_code == 403
