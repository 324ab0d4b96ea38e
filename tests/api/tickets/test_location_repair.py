"""Old tickets without a location (issue 29): migration 0011 assigns the known ones, a manager
assigns the rest, and the column becomes NOT NULL once none is left.

The session database is already past the migration (NOT NULL); `legacy` puts it back in the
state an older database is in after the migration: the column nullable, some tickets without a
location, and the CHECK ... NOT VALID that refuses new ones."""
from __future__ import annotations

import uuid

from api.migrations import ticket_locations
from tests.api.legacy_locations import _is_nullable
from tests.api.tickets.lists import ensure_lists

OUTBOUND = {
    "is_inbound": False, "outbound_ticket_type": "type_1_container", "waste_type": "Food Waste",
    "destination": "Compost", "container_type": "Slim Jim 23 (23gal)", "gross_weight": 57.8,
}


async def _ticket(client, tenant, store, **extra) -> dict:
    body = {**OUTBOUND, "store_id": str(store.id), **extra}
    r = await client.post("/api/tickets", json=body, headers=tenant.headers())
    assert r.status_code == 201, r.text
    return r.json()


class TestMigrationAssignsTheKnownLocations:
    async def test_the_creators_assignment_then_the_only_location_nothing_else(self, client, factory, owner_sql,
                                                                                 owner_engine, legacy):
        assigned = await factory.tenant(stores=2, assign_employee=True)
        single = await factory.tenant(stores=1)
        unknown = await factory.tenant(stores=2)
        for t in (assigned, single, unknown):
            await ensure_lists(t)
        by_employee = await client.post("/api/tickets", json=OUTBOUND, headers=assigned.headers("employee"))
        by_admin = await _ticket(client, assigned, assigned.stores[1])
        one = await _ticket(client, single, single.stores[0])
        guess = await _ticket(client, unknown, unknown.stores[1])
        legacy(by_employee.json()["id"], by_admin["id"], one["id"], guess["id"])

        with owner_engine.begin() as conn:
            ticket_locations.assign_known(conn)
            assert ticket_locations.finish(conn) is False  # one is still unknown: no NOT NULL yet

        where = dict(owner_sql("select id::text, store_id from tickets where id = any(%s)",
                               ([uuid.UUID(x) for x in (by_employee.json()["id"], by_admin["id"], one["id"],
                                                        guess["id"])],)))
        assert where[by_employee.json()["id"]] == assigned.stores[0].id  # the creator's assignment
        assert where[by_admin["id"]] is None  # the admin covers both: unknown, never the first location
        assert where[one["id"]] == single.stores[0].id  # the company's only location
        assert where[guess["id"]] is None
        assert _is_nullable(owner_sql)


class TestManagerAssignsTheRest:
    async def test_a_manager_lists_assigns_and_then_the_column_is_not_null(self, client, factory, owner_sql,
                                                                            owner_engine, legacy):
        t = await factory.tenant(stores=2)
        await ensure_lists(t)
        old = [await _ticket(client, t, t.stores[0]) for _ in range(2)]
        kept = await _ticket(client, t, t.stores[1])
        legacy(*(x["id"] for x in old))

        r = await client.get("/api/tickets/without-location", headers=t.headers())
        assert r.status_code == 200, r.text
        listed = r.json()
        assert listed["total"] == 2 and {x["id"] for x in listed["tickets"]} == {x["id"] for x in old}
        assert listed["location_required"] is False
        assert all(x["store_id"] is None for x in listed["tickets"])

        # A new ticket without a location is refused meanwhile (the API says so before the CHECK would).
        assert (await client.post("/api/tickets", json=OUTBOUND, headers=t.headers())).status_code == 422
        # An old ticket without one is not changed until it has one.
        r = await client.post(f"/api/tickets/{old[0]['id']}/void", json={"reason": "duplicate"}, headers=t.headers())
        assert r.status_code == 422 and r.json()["detail"].startswith("store_id: ticket ")

        body = {"ticket_ids": [old[0]["id"], kept["id"]], "store_id": str(t.stores[1].id)}
        r = await client.put("/api/tickets/location", json=body, headers=t.headers())
        assert r.status_code == 200, r.text
        assert r.json() == {"assigned": 1, "remaining": 1}  # a ticket that has a location keeps it
        assert owner_sql("select store_id from tickets where id = %s", (kept["id"],))[0][0] == t.stores[1].id
        audit = owner_sql("select detail->>'store_name' from audit_log where company_id = %s "
                          "and action = 'ticket.location_assigned'", (t.company_id,))
        assert audit == [("Kitchen 2",)]

        r = await client.put("/api/tickets/location", json={**body, "ticket_ids": [old[1]["id"]]}, headers=t.headers())
        assert r.json() == {"assigned": 1, "remaining": 0}
        with owner_engine.begin() as conn:
            assert ticket_locations.finish(conn) is True
        assert not _is_nullable(owner_sql)
        r = await client.get("/api/tickets/without-location", headers=t.headers())
        assert r.json() == {"tickets": [], "total": 0, "location_required": True}

    async def test_only_managers_of_the_company_assign(self, client, factory):
        t = await factory.tenant(stores=2)
        other = await factory.tenant(stores=1)
        body = {"ticket_ids": [str(uuid.uuid4())], "store_id": str(t.stores[0].id)}
        assert (await client.get("/api/tickets/without-location", headers=t.headers("employee"))).status_code == 403
        assert (await client.put("/api/tickets/location", json=body, headers=t.headers("employee"))).status_code == 403
        r = await client.put("/api/tickets/location", json={**body, "store_id": str(other.stores[0].id)},
                             headers=t.headers())
        assert r.status_code == 422 and r.json()["detail"] == "store_id: location not found"
        assert (await client.put("/api/tickets/location", json=body, headers=t.headers())).status_code == 404
