"""An older database's tickets without a location (issue 29): "Unassigned never appears in an EAR".

The marts invent no location for them (no 'Unassigned' row; location tables leave them out, the
company's figures keep them); the EAR of their year says how many wait, is not eligible and
refuses its export with the count; a breakdown by location names them "Without a location".
Once a manager assigns them on Locations and the warehouse refreshes, the EAR exports with every
line at a real location."""
from __future__ import annotations

import csv
import io

from api.warehouse import read_warehouse, rows
from tests.pipelines.world import Weighing, add_tickets, refresh, utc

EAR = "/api/compliance/ear-report"
YEAR = {"year": 2025}
# 50 organic tickets in June 2025 at Kitchen 1, all composted: eligible (100% and 50 tickets).
JUNE = [Weighing(utc(2025, 6, 1 + i % 28, 19), "Compost", "10.0") for i in range(50)]


def _marts_with_a_made_up_location(company_id: str) -> dict[str, int]:
    """Rows of the location marts that are not a real location, or any mart row called 'Unassigned'."""
    found = {}
    with read_warehouse() as con:
        for mart in ("sb1383_location_yearly", "location_monthly_stats"):
            found[mart] = rows(con, f"select count(*) as n from marts.{mart} where company_id = ? "
                                    "and (location_id is null or location_name is null)", [company_id])[0]["n"]
        for mart in ("tickets", "ticket_facts_daily", "sb1383_ear_lines", "sb1383_location_yearly",
                     "location_monthly_stats"):
            found[f"{mart} 'Unassigned'"] = rows(
                con, f"select count(*) as n from marts.{mart} where company_id = ? and location_name = 'Unassigned'",
                [company_id])[0]["n"]
    return found


async def test_the_ear_waits_for_tickets_without_a_location_and_names_no_made_up_location(
        client, factory, legacy):
    t = await factory.tenant("enterprise", stores=1)
    ids = await add_tickets(t, JUNE)
    legacy(ids[0], ids[1])
    await refresh(full=True)
    company = str(t.company_id)

    assert set(_marts_with_a_made_up_location(company).values()) == {0}
    with read_warehouse() as con:
        # The company's year still counts all 50 tickets; the location's row holds its own 48.
        year = rows(con, "select ticket_count from marts.sb1383_yearly where company_id = ? and report_year = 2025",
                    [company])[0]
        located = rows(con, "select location_name, ticket_count from marts.sb1383_location_yearly "
                            "where company_id = ? and report_year = 2025", [company])
    assert year["ticket_count"] == 50
    assert [(r["location_name"], r["ticket_count"]) for r in located] == [("Kitchen 1", 48)]

    body = (await client.get(EAR, params=YEAR, headers=t.headers())).json()
    assert body["tickets_without_location"] == 2
    assert body["eligible_for_submission"] is False
    reason = ("2 tickets of 2025 have no location. Assign them under Locations, Tickets without a location: "
              "the EAR names every ticket's location.")
    assert body["reason"] == reason
    item = next(i for i in body["preparation_checklist"] if i["key"] == "tickets_located")
    assert (item["done"], item["detail"]) == (False, "2 tickets without a location: assign them under Locations")
    for fmt in ("json", "csv", "xlsx", "pdf"):
        r = await client.post(f"{EAR}/export", params={**YEAR, "format": fmt}, headers=t.headers())
        assert r.status_code == 409, (fmt, r.text)
        assert r.json()["detail"] == reason

    # The compliance dashboard says the same first, and its EAR card is not eligible either.
    dash = (await client.get("/api/compliance/dashboard", params=YEAR, headers=t.headers())).json()
    assert dash["ear_progress"]["eligible_for_submission"] is False
    assert dash["ear_progress"]["tickets_without_location"] == 2
    assert dash["action_items"][0]["title"] == "Assign tickets to their locations"
    assert dash["action_items"][0]["description"] == reason
    assert list(dash["location_compliance"]) == ["Kitchen 1"]

    # A breakdown by location names them for what they are.
    june = {"start_date": "2025-06-01", "end_date": "2025-06-30"}
    cost = (await client.get("/api/reports/cost-analysis", params=june, headers=t.headers())).json()
    assert sorted((s["location"], s["total_weight"]) for s in cost["savings_by_location"]) == [
        ("Kitchen 1", 480.0), ("Without a location", 20.0)]
    report = (await client.get("/api/reports/tickets", params={**june, "include_breakdowns": "true"},
                               headers=t.headers())).json()
    assert "Unassigned" not in str(report)

    # The manager assigns them; after the next refresh the EAR exports, every line at Kitchen 1.
    r = await client.put("/api/tickets/location", json={"ticket_ids": [str(i) for i in ids[:2]],
                                                        "store_id": str(t.stores[0].id)}, headers=t.headers())
    assert r.status_code == 200, r.text
    assert r.json() == {"assigned": 2, "remaining": 0}
    await refresh(full=True)
    body = (await client.get(EAR, params=YEAR, headers=t.headers())).json()
    assert (body["tickets_without_location"], body["eligible_for_submission"], body["reason"]) == (0, True, None)
    r = await client.post(f"{EAR}/export", params={**YEAR, "format": "csv"}, headers=t.headers())
    assert r.status_code == 200, r.text
    lines = list(csv.DictReader(io.StringIO(r.content.decode("utf-8-sig"))))
    assert {line["Location"] for line in lines} == {"Kitchen 1"}
    assert sum(int(line["Tickets"]) for line in lines) == 50
