"""Locations: list by role with this month's figures, create with plan limits, partial edits."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from api.analytics.stats import location_month_stats
from api.core.db import sessionmaker, set_tenant
from api.tables.tickets import Ticket
from tests.pipelines.world import refresh

NEW = {"name": "Harbor Kitchen", "store_number": "H-100", "address": "1 Pier", "city": "Oakland", "state": "CA",
       "zip_code": "94607"}


def _month_start_utc(tz: str = "America/Los_Angeles") -> datetime:
    local = datetime.now(ZoneInfo(tz)).replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    return local.astimezone(UTC)


async def add_tickets(company_id, rows):
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, company_id)
        for i, (store_id, net, diverted, at, extra) in enumerate(rows):
            db.add(Ticket(ticket_number=f"T-X-{i}-{at.timestamp()}", store_id=store_id, gross_weight=net,
                          tare_weight=Decimal(0), net_weight=net, destination_is_diversion=diverted,
                          ticket_at=at, **extra))


class TestLocationMonthStats:
    async def test_counts_completed_outbound_tickets_of_the_local_month_by_weight(self, factory):
        t = await factory.tenant(stores=2)
        a, b = t.stores
        start = _month_start_utc()
        await add_tickets(t.company_id, [
            (a.id, Decimal("30.0"), True, start + timedelta(minutes=5), {}),
            (a.id, Decimal("10.0"), False, start + timedelta(hours=1), {}),
            (a.id, Decimal("99.0"), True, start - timedelta(minutes=5), {}),  # last month, local time
            (a.id, Decimal("50.0"), True, start + timedelta(hours=2), {"status": "void"}),
            (a.id, Decimal("70.0"), True, start + timedelta(hours=2), {"is_inbound": True}),
            (b.id, Decimal("12.5"), False, start + timedelta(hours=3), {}),
        ])
        await refresh()  # the figures are the location_monthly_stats mart's
        stats = location_month_stats(t.company_id, "America/Los_Angeles")
        assert stats[a.id] == {"total_tickets": 2, "total_lb": Decimal("40.0"), "diversion_rate": Decimal("75.0")}
        assert stats[b.id]["diversion_rate"] == Decimal("0.0")


class TestListStores:
    async def test_admin_sees_every_location_with_cost_region_and_stats(self, client, factory):
        t = await factory.tenant(plan="enterprise", stores=2)
        await add_tickets(t.company_id, [(t.stores[0].id, Decimal("20.0"), True, _month_start_utc() + timedelta(hours=1), {})])
        await refresh()
        r = await client.get("/api/stores", headers=t.headers())
        assert r.status_code == 200
        stores = {s["id"]: s for s in r.json()["stores"]}
        first = stores[str(t.stores[0].id)]
        assert first["monthly_cost"] == 150
        assert first["stats"] == {"total_tickets": 1, "total_lb": 20.0, "diversion_rate": 100.0}
        assert stores[str(t.stores[1].id)]["stats"]["total_tickets"] == 0

    async def test_assigned_employee_sees_only_their_location(self, client, factory):
        t = await factory.tenant(stores=3, assign_employee=True)
        r = await client.get("/api/stores", headers=t.headers("employee"))
        assert [s["id"] for s in r.json()["stores"]] == [str(t.stores[0].id)]
        assert r.json()["stores"][0]["stats"] is None

    async def test_unassigned_employee_sees_all_active_locations(self, client, factory):
        t = await factory.tenant(stores=3)
        r = await client.get("/api/stores", headers=t.headers("employee"))
        assert r.json()["total"] == 3

    async def test_list_never_shows_another_company_locations(self, client, factory):
        a = await factory.tenant(stores=1)
        b = await factory.tenant(stores=2)
        ids = {s["id"] for s in (await client.get("/api/stores", headers=a.headers())).json()["stores"]}
        assert ids == {str(a.stores[0].id)} and not ids & {str(s.id) for s in b.stores}


class TestCreateStore:
    async def test_admin_creates_a_location(self, client, factory, owner_sql):
        t = await factory.tenant(stores=0)
        r = await client.post("/api/stores", json=NEW, headers=t.headers())
        assert r.status_code == 201, r.text
        assert r.json()["advanced_options_enabled"] is False
        assert owner_sql("select company_id, name from stores where id = %s", (r.json()["id"],)) == [
            (t.company_id, "Harbor Kitchen")]

    @pytest.mark.parametrize("field,message", [("name", "Location name is required"),
                                               ("store_number", "Store number is required")])
    async def test_name_and_store_number_are_required(self, client, factory, field, message):
        t = await factory.tenant(stores=0)
        for value in (None, "   "):
            body = {**NEW, field: value} if value is not None else {k: v for k, v in NEW.items() if k != field}
            r = await client.post("/api/stores", json=body, headers=t.headers())
            assert r.status_code == 422 and r.json()["detail"] == message

    async def test_duplicate_store_number_is_a_conflict(self, client, factory):
        t = await factory.tenant(stores=1)
        r = await client.post("/api/stores", json={**NEW, "store_number": t.stores[0].store_number}, headers=t.headers())
        assert r.status_code == 409

    async def test_the_same_store_number_is_fine_in_another_company(self, client, factory):
        a = await factory.tenant(stores=1)
        b = await factory.tenant(stores=0)
        r = await client.post("/api/stores", json={**NEW, "store_number": a.stores[0].store_number}, headers=b.headers())
        assert r.status_code == 201

    async def test_plan_limit_blocks_another_location(self, client, factory, owner_sql):
        t = await factory.tenant(plan="core", stores=1)
        r = await client.post("/api/stores", json=NEW, headers=t.headers())
        assert r.status_code == 403 and r.json()["detail"] == "Maximum locations (1) reached for your plan"
        assert owner_sql("select count(*) from stores where company_id = %s", (t.company_id,)) == [(1,)]

    async def test_region_must_be_the_company_own_and_enterprise_only(self, client, factory, owner_sql):
        a = await factory.tenant(plan="enterprise", stores=0)
        b = await factory.tenant(plan="enterprise", stores=0)
        mine = (await client.post("/api/regions", json={"name": "Bay"}, headers=a.headers())).json()["id"]
        theirs = (await client.post("/api/regions", json={"name": "Bay"}, headers=b.headers())).json()["id"]
        assert (await client.post("/api/stores", json={**NEW, "region_id": theirs}, headers=a.headers())).status_code == 404
        r = await client.post("/api/stores", json={**NEW, "region_id": mine}, headers=a.headers())
        assert r.status_code == 201 and r.json()["region_id"] == mine
        listed = (await client.get("/api/stores", headers=a.headers())).json()["stores"]
        assert listed[0]["region_name"] == "Bay"
        pro = await factory.tenant(plan="pro", stores=0)
        r = await client.post("/api/stores", json={**NEW, "region_id": mine}, headers=pro.headers())
        assert r.status_code == 403

    async def test_employee_cannot_create_a_location(self, client, factory):
        t = await factory.tenant(stores=0)
        assert (await client.post("/api/stores", json=NEW, headers=t.headers("employee"))).status_code == 403


class TestUpdateStore:
    async def test_status_toggle_sends_only_is_active(self, client, factory):
        t = await factory.tenant(stores=2)
        r = await client.put(f"/api/stores/{t.stores[1].id}", json={"is_active": False}, headers=t.headers())
        assert r.status_code == 200 and r.json()["is_active"] is False and r.json()["name"] == t.stores[1].name

    async def test_partial_edit_changes_only_sent_fields(self, client, factory):
        t = await factory.tenant(stores=1)
        r = await client.put(f"/api/stores/{t.stores[0].id}", json={"city": "Fresno", "advanced_options_enabled": True},
                             headers=t.headers())
        body = r.json()
        assert body["city"] == "Fresno" and body["advanced_options_enabled"] is True
        assert body["store_number"] == t.stores[0].store_number

    async def test_reactivating_past_the_limit_is_blocked(self, client, factory, owner_sql):
        t = await factory.tenant(plan="core", stores=1)
        owner_sql("insert into stores (id, company_id, name, store_number, is_active, advanced_options_enabled) "
                  "values (gen_random_uuid(), %s, 'Old', 'OLD', false, false)", (t.company_id,))
        old = owner_sql("select id from stores where company_id = %s and store_number = 'OLD'", (t.company_id,))[0][0]
        r = await client.put(f"/api/stores/{old}", json={"is_active": True}, headers=t.headers())
        assert r.status_code == 403

    async def test_cannot_take_another_location_store_number(self, client, factory):
        t = await factory.tenant(stores=2)
        r = await client.put(f"/api/stores/{t.stores[1].id}", json={"store_number": t.stores[0].store_number},
                             headers=t.headers())
        assert r.status_code == 409

    async def test_another_company_location_is_not_found(self, client, factory):
        a = await factory.tenant(stores=1)
        b = await factory.tenant(stores=1)
        r = await client.put(f"/api/stores/{b.stores[0].id}", json={"name": "Mine now"}, headers=a.headers())
        assert r.status_code == 404
