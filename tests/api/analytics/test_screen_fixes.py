"""Fixes found by the analytics browser spec (web/e2e/analytics.spec.ts), on the hand-computed
October of tests/pipelines/world.py (Food Waste: 50 lb landfill + 60 lb donated; Compost: 100 lb
outbound + 200 lb inbound)."""
from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

OCT = {"start_date": "2026-10-01", "end_date": "2026-10-31"}


async def basic(client, tenant, **params) -> dict:
    r = await client.get("/api/reports/basic", params={**OCT, **params}, headers=tenant.headers())
    assert r.status_code == 200, r.text
    return r.json()


async def listed(client, tenant, **params) -> int:
    r = await client.get("/api/tickets", params={**OCT, "status": "completed", **params}, headers=tenant.headers())
    assert r.status_code == 200, r.text
    return r.json()["total"]


class TestReportFilterNames:
    async def test_waste_type_matches_in_any_case_like_the_ticket_table(self, client, world):
        for typed in ("Food Waste", "food waste", "  FOOD WASTE "):
            body = await basic(client, world["a"], waste_type=typed)
            assert (body["total_tickets"], body["total_net_weight"]) == (2, 110.0), typed
            assert await listed(client, world["a"], waste_type=typed) == 2

    async def test_destination_matches_in_any_case(self, client, world):
        body = await basic(client, world["a"], destination="compost")
        assert (body["total_tickets"], body["total_net_weight"]) == (2, 300.0)
        dashboard = await client.get("/api/analytics/dashboard", params={**OCT, "destination": "COMPOST"},
                                     headers=world["a"].headers())
        assert dashboard.json()["total_weight"] == 100.0  # outbound only

    async def test_all_means_any_name(self, client, world):
        body = await basic(client, world["a"], waste_type="all", destination="All")
        assert (body["total_tickets"], body["total_net_weight"]) == (4, 410.0)

    async def test_an_unknown_name_matches_nothing(self, client, world):
        body = await basic(client, world["a"], waste_type="Glass")
        assert (body["total_tickets"], body["total_net_weight"]) == (0, 0.0)


class TestDefaultPeriod:
    async def test_default_period_ends_on_the_company_local_day_not_the_server_day(self, client, world, factory,
                                                                                 owner_sql):
        # Between them, UTC+14 and UTC-11 are always on a different calendar day from the server's.
        zone = next(z for z in ("Pacific/Kiritimati", "Pacific/Pago_Pago")
                    if datetime.now(ZoneInfo(z)).date() != date.today())
        tenant = await factory.tenant("enterprise", stores=1)
        owner_sql("update companies set timezone = %s where id = %s", (zone, tenant.company_id))
        local_today = datetime.now(ZoneInfo(zone)).date()

        r = await client.get("/api/reports/basic", headers=tenant.headers())
        assert r.status_code == 200, r.text
        assert r.json()["period"] == {"start_date": (local_today - timedelta(days=29)).isoformat(),
                                      "end_date": local_today.isoformat()}
