"""Finding tickets: filters, My Ticket History, month count, in-progress, edit and void, scoping."""
from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta

import pytest

from tests.api.tickets.lists import ensure_lists
from tests.api.tickets.test_create import OUTBOUND


@pytest.fixture
async def tenant(factory):
    t = await factory.tenant(stores=2, assign_employee=True)
    await ensure_lists(t)
    return t


async def make(client, tenant, who="admin", **extra):
    # The admin covers both locations and says where it weighed; the employee is assigned to the first.
    where = {"store_id": str(tenant.stores[0].id)} if who == "admin" and len(tenant.stores) > 1 else {}
    r = await client.post("/api/tickets", json={**OUTBOUND, **where, **extra}, headers=tenant.headers(who))
    assert r.status_code == 201, r.text
    return r.json()


class TestList:
    async def test_list_is_newest_first_with_a_total(self, client, tenant):
        old = await make(client, tenant, ticket_at=(datetime.now(tz=UTC) - timedelta(days=3)).isoformat())
        new = await make(client, tenant)
        r = await client.get("/api/tickets", headers=tenant.headers())
        body = r.json()
        assert body["total"] == 2 and [t["id"] for t in body["tickets"]] == [new["id"], old["id"]]
        asc = (await client.get("/api/tickets?sort_order=asc", headers=tenant.headers())).json()
        assert asc["tickets"][0]["id"] == old["id"]

    async def test_filters_by_waste_type_destination_container_and_store(self, client, tenant):
        a = await make(client, tenant, destination="Landfill", store_id=str(tenant.stores[1].id))
        b = await make(client, tenant, waste_type="Food Scraps", container_type="Plastic Bucket",
                       store_id=str(tenant.stores[1].id))
        await make(client, tenant, store_id=str(tenant.stores[0].id))

        async def ids(query: str) -> set[str]:
            r = await client.get(f"/api/tickets?{query}", headers=tenant.headers())
            return {t["id"] for t in r.json()["tickets"]}

        assert await ids("destination=Landfill") == {a["id"]}
        assert await ids("waste_type=food%20scraps") == {b["id"]}
        assert await ids("container_type=Plastic%20Bucket") == {b["id"]}
        assert await ids(f"store_id={tenant.stores[1].id}") == {a["id"], b["id"]}
        assert len(await ids("waste_type=all&destination=all")) == 3
        assert await ids("ticket_type=inbound") == set()

    async def test_dates_are_company_local_days(self, client, tenant):
        # 06:00 UTC on June 2 is 23:00 on June 1 in Los Angeles.
        t = await make(client, tenant, ticket_at="2026-06-02T06:00:00+00:00")
        on_1 = await client.get("/api/tickets?start_date=2026-06-01&end_date=2026-06-01", headers=tenant.headers())
        on_2 = await client.get("/api/tickets?start_date=2026-06-02&end_date=2026-06-02", headers=tenant.headers())
        assert [x["id"] for x in on_1.json()["tickets"]] == [t["id"]] and on_2.json()["total"] == 0
        assert t["ticket_number"].startswith("T-20260601-")

    async def test_search_by_ticket_number_limit_and_offset(self, client, tenant):
        made = [await make(client, tenant) for _ in range(3)]
        r = await client.get(f"/api/tickets?q={made[1]['ticket_number'][-6:]}", headers=tenant.headers())
        assert [t["id"] for t in r.json()["tickets"]] == [made[1]["id"]]
        page = (await client.get("/api/tickets?limit=2&offset=2", headers=tenant.headers())).json()
        assert page["total"] == 3 and len(page["tickets"]) == 1
        assert (await client.get("/api/tickets?limit=1001", headers=tenant.headers())).status_code == 422

    async def test_employee_history_shows_only_their_own_tickets(self, client, factory):
        t = await factory.tenant(stores=1)
        await ensure_lists(t)
        mine = await make(client, t, who="employee")
        theirs = await make(client, t, who="admin")
        r = await client.get("/api/tickets?created_by=me", headers=t.headers("employee"))
        assert [x["id"] for x in r.json()["tickets"]] == [mine["id"]]
        # Without the filter too: an employee reads only the tickets they made (docs/access.md).
        assert [x["id"] for x in (await client.get("/api/tickets", headers=t.headers("employee"))).json()["tickets"]] \
            == [mine["id"]]
        assert (await client.get(f"/api/tickets/{theirs['id']}", headers=t.headers("employee"))).status_code == 404
        assert (await client.get(f"/api/tickets/{mine['id']}", headers=t.headers("employee"))).status_code == 200
        assert (await client.get("/api/tickets", headers=t.headers())).json()["total"] == 2
        export = await client.get("/api/tickets/export/csv", params={"status": "all"}, headers=t.headers("employee"))
        assert export.status_code == 200, export.text
        assert mine["ticket_number"] in export.text and theirs["ticket_number"] not in export.text

    async def test_assigned_employee_sees_only_their_location(self, client, tenant):
        here = await make(client, tenant, who="employee")  # at their location
        there = await make(client, tenant, store_id=str(tenant.stores[1].id))
        r = await client.get("/api/tickets", headers=tenant.headers("employee"))
        assert [x["id"] for x in r.json()["tickets"]] == [here["id"]]
        assert (await client.get(f"/api/tickets/{there['id']}", headers=tenant.headers("employee"))).status_code == 404
        assert (await client.get(f"/api/tickets/{here['id']}", headers=tenant.headers("employee"))).status_code == 200
        admin = await client.get("/api/tickets", headers=tenant.headers())
        assert admin.json()["total"] == 2

    async def test_employee_cannot_open_another_company_ticket(self, client, tenant, factory):
        other = await factory.tenant(stores=1)
        await ensure_lists(other)
        theirs = await make(client, other)
        for who in ("admin", "employee"):
            r = await client.get(f"/api/tickets/{theirs['id']}", headers=tenant.headers(who))
            assert r.status_code == 404
        assert (await client.get("/api/tickets", headers=tenant.headers())).json()["total"] == 0


class TestCount:
    async def test_month_count_counts_completed_tickets_and_employees_count_their_own(self, client, factory):
        t = await factory.tenant(stores=1)
        await ensure_lists(t)
        await make(client, t, who="employee", ticket_at="2026-05-10T18:00:00+00:00")
        await make(client, t, who="admin", ticket_at="2026-05-11T18:00:00+00:00")
        await make(client, t, who="admin", ticket_at="2026-04-30T18:00:00+00:00")
        await make(client, t, who="admin", ticket_at="2026-05-12T18:00:00+00:00", status="draft")
        admin = await client.get("/api/tickets/count?year=2026&month=5", headers=t.headers())
        employee = await client.get("/api/tickets/count?year=2026&month=5", headers=t.headers("employee"))
        assert admin.json() == {"count": 2, "year": 2026, "month": 5}
        assert employee.json()["count"] == 1

    async def test_month_count_defaults_to_this_month(self, client, factory):
        t = await factory.tenant(stores=1)
        await ensure_lists(t)
        await make(client, t)
        body = (await client.get("/api/tickets/count", headers=t.headers())).json()
        assert body["count"] == 1 and body["year"] >= date.today().year - 1


class TestDraftsAndVoid:
    async def test_drafts_need_no_weight_and_show_in_progress(self, client, tenant):
        draft = await make(client, tenant, status="draft", gross_weight=None)
        saved = await make(client, tenant, status="saved")
        await make(client, tenant)
        body = (await client.get("/api/tickets/in-progress", headers=tenant.headers())).json()
        assert [t["id"] for t in body["draft_tickets"]] == [draft["id"]]
        assert [t["id"] for t in body["saved_tickets"]] == [saved["id"]]
        assert body["draft_tickets"][0]["ticket_type"] == "outbound"

    async def test_completing_a_draft_applies_the_rules_then_locks_it(self, client, tenant):
        draft = await make(client, tenant, status="draft", gross_weight=None)
        bad = await client.put(f"/api/tickets/{draft['id']}", json={"status": "completed"}, headers=tenant.headers())
        assert bad.status_code == 422 and bad.json()["detail"] == "Please provide a valid weight"
        done = await client.put(f"/api/tickets/{draft['id']}", json={"status": "completed", "gross_weight": 107.8},
                                headers=tenant.headers())
        assert done.status_code == 200, done.text
        assert done.json()["net_weight"] == 100.0 and done.json()["ticket_number"] == draft["ticket_number"]
        again = await client.put(f"/api/tickets/{draft['id']}", json={"gross_weight": 1}, headers=tenant.headers())
        assert again.status_code == 409

    async def test_changing_the_container_of_a_draft_brings_its_tare(self, client, tenant):
        draft = await make(client, tenant, status="saved", gross_weight=50)
        r = await client.put(f"/api/tickets/{draft['id']}", json={"container_type": "Plastic Bucket"},
                             headers=tenant.headers())
        assert r.json()["tare_weight"] == 1.5 and r.json()["net_weight"] == 48.5

    async def test_employee_cannot_edit_another_person_draft(self, client, factory):
        t = await factory.tenant(stores=1)
        await ensure_lists(t)
        draft = await make(client, t, who="admin", status="draft")
        r = await client.put(f"/api/tickets/{draft['id']}", json={"gross_weight": 60}, headers=t.headers("employee"))
        assert r.status_code == 404

    async def test_admin_voids_a_completed_ticket_with_a_reason(self, client, tenant, owner_sql):
        t = await make(client, tenant)
        r = await client.post(f"/api/tickets/{t['id']}/void", json={"reason": "Scale was not zeroed"},
                              headers=tenant.headers())
        assert r.status_code == 200 and r.json()["status"] == "void" and r.json()["void_reason"] == "Scale was not zeroed"
        assert (await client.post(f"/api/tickets/{t['id']}/void", json={"reason": "again"},
                                  headers=tenant.headers())).status_code == 409
        rows = owner_sql("select detail->>'ticket_number' from audit_log where action='ticket.void' and company_id=%s",
                         (tenant.company_id,))
        assert rows == [(t["ticket_number"],)]

    async def test_employees_cannot_void_and_voiding_needs_a_reason(self, client, tenant):
        t = await make(client, tenant)
        assert (await client.post(f"/api/tickets/{t['id']}/void", json={"reason": "x"},
                                  headers=tenant.headers("employee"))).status_code == 403
        assert (await client.post(f"/api/tickets/{t['id']}/void", json={"reason": ""},
                                  headers=tenant.headers())).status_code == 422

    async def test_admin_cannot_void_another_company_ticket(self, client, tenant, factory):
        other = await factory.tenant(stores=1)
        await ensure_lists(other)
        theirs = await make(client, other)
        r = await client.post(f"/api/tickets/{theirs['id']}/void", json={"reason": "x"}, headers=tenant.headers())
        assert r.status_code == 404

    async def test_unknown_ticket_is_not_found(self, client, tenant):
        assert (await client.get(f"/api/tickets/{uuid.uuid4()}", headers=tenant.headers())).status_code == 404
