"""Every ticket has its location (issue 29): outbound, simple, offline-synced, truck-scale and
in-progress tickets carry the store_id where they were weighed: the operator's assigned location,
else the one chosen on the screen, else the company's only location, else a 422 naming store_id."""
from __future__ import annotations

import uuid

import pytest

from api.tickets.service import NO_LOCATION, NO_LOCATIONS_YET
from tests.api.tickets.lists import add_partner, ensure_lists, set_company

OUTBOUND = {
    "is_inbound": False, "outbound_ticket_type": "type_1_container", "waste_type": "Food Waste",
    "destination": "Compost", "container_type": "Slim Jim 23 (23gal)", "gross_weight": 57.8,
}
SIMPLE = {
    "waste_type": "Food Waste", "destination": "Compost", "container_type": "Slim Jim 23 (23gal)",
    "gross_weight": 40.0, "outbound_ticket_type": "type_1_container", "manual_override": True,
    "customer_facing_notes": "Created via the mobile interface", "internal_notes": "Simple Tickets mode: manual entry",
}


@pytest.fixture
async def two_sites(factory):
    t = await factory.tenant(stores=2)
    await ensure_lists(t)
    return t


async def _stored_location(owner_sql, ticket_id) -> uuid.UUID | None:
    return owner_sql("select store_id from tickets where id = %s", (ticket_id,))[0][0]


class TestCreateCarriesTheLocation:
    @pytest.mark.parametrize("payload", [OUTBOUND, SIMPLE], ids=["outbound", "simple"])
    async def test_a_manager_of_several_locations_must_choose_one(self, client, two_sites, owner_sql, payload):
        r = await client.post("/api/tickets", json=payload, headers=two_sites.headers())
        assert r.status_code == 422 and r.json()["detail"] == NO_LOCATION
        assert owner_sql("select count(*) from tickets where company_id = %s", (two_sites.company_id,))[0][0] == 0

    @pytest.mark.parametrize("payload", [OUTBOUND, SIMPLE], ids=["outbound", "simple"])
    async def test_the_location_chosen_on_the_screen_is_kept(self, client, two_sites, owner_sql, payload):
        second = two_sites.stores[1]
        r = await client.post("/api/tickets", json={**payload, "store_id": str(second.id)}, headers=two_sites.headers())
        assert r.status_code == 201, r.text
        assert r.json()["store_id"] == str(second.id) and r.json()["store_name"] == "Kitchen 2"
        assert await _stored_location(owner_sql, r.json()["id"]) == second.id

    async def test_an_unassigned_operator_chooses_too(self, client, two_sites):
        r = await client.post("/api/tickets", json=OUTBOUND, headers=two_sites.headers("employee"))
        assert r.status_code == 422 and r.json()["detail"] == NO_LOCATION
        chosen = {**OUTBOUND, "store_id": str(two_sites.stores[1].id)}
        r = await client.post("/api/tickets", json=chosen, headers=two_sites.headers("employee"))
        assert r.status_code == 201 and r.json()["store_id"] == str(two_sites.stores[1].id)

    async def test_an_assigned_operator_weighs_at_the_assigned_location_without_choosing(self, client, factory):
        t = await factory.tenant(stores=2, assign_employee=True)
        await ensure_lists(t)
        r = await client.post("/api/tickets", json=OUTBOUND, headers=t.headers("employee"))
        assert r.status_code == 201 and r.json()["store_id"] == str(t.stores[0].id)
        other = {**OUTBOUND, "store_id": str(t.stores[1].id)}
        assert (await client.post("/api/tickets", json=other, headers=t.headers("employee"))).status_code == 403

    async def test_a_company_with_one_location_needs_no_choice(self, client, factory):
        t = await factory.tenant(stores=1)
        await ensure_lists(t)
        r = await client.post("/api/tickets", json=SIMPLE, headers=t.headers())
        assert r.status_code == 201 and r.json()["store_id"] == str(t.stores[0].id)

    async def test_a_company_without_locations_is_told_to_add_one(self, client, factory):
        t = await factory.tenant(stores=0)
        await ensure_lists(t)
        r = await client.post("/api/tickets", json=OUTBOUND, headers=t.headers())
        assert r.status_code == 422 and r.json()["detail"] == NO_LOCATIONS_YET

    async def test_a_location_of_another_company_is_not_found(self, client, two_sites, factory):
        other = await factory.tenant(stores=1)
        body = {**OUTBOUND, "store_id": str(other.stores[0].id)}
        r = await client.post("/api/tickets", json=body, headers=two_sites.headers())
        assert r.status_code == 422 and r.json()["detail"] == "store_id: location not found"

    async def test_a_truck_scale_ticket_carries_its_location(self, client, two_sites):
        await set_company(two_sites, outbound_truck_scale_enabled=True)
        partner, _vehicle = await add_partner(two_sites, is_disposal_partner=True)
        body = {**OUTBOUND, "outbound_ticket_type": "type_2_truck_scale", "gross_weight": 12000, "tare_weight": 9000,
                "vehicle_info": {"license_plate": "8ABC123", "driver_name": "Dee"},
                "disposal_partner_id": str(partner.id)}
        r = await client.post("/api/tickets", json=body, headers=two_sites.headers())
        assert r.status_code == 422 and r.json()["detail"] == NO_LOCATION
        r = await client.post("/api/tickets", json={**body, "store_id": str(two_sites.stores[1].id)},
                              headers=two_sites.headers())
        assert r.status_code == 201, r.text
        assert r.json()["store_id"] == str(two_sites.stores[1].id)

    async def test_an_in_progress_draft_carries_its_location(self, client, two_sites):
        draft = {**OUTBOUND, "status": "draft", "gross_weight": None}
        r = await client.post("/api/tickets", json=draft, headers=two_sites.headers())
        assert r.status_code == 422 and r.json()["detail"] == NO_LOCATION
        r = await client.post("/api/tickets", json={**draft, "store_id": str(two_sites.stores[0].id)},
                              headers=two_sites.headers())
        assert r.status_code == 201 and r.json()["status"] == "draft"
        done = await client.put(f"/api/tickets/{r.json()['id']}", json={"status": "completed", "gross_weight": 30},
                                headers=two_sites.headers())
        assert done.status_code == 200 and done.json()["store_id"] == str(two_sites.stores[0].id)


class TestOfflineSyncCarriesTheLocation:
    async def test_each_synced_ticket_keeps_the_location_chosen_offline_or_fails_alone(self, client, two_sites, owner_sql):
        chosen, missing = uuid.uuid4(), uuid.uuid4()
        body = {"tickets": [
            {**OUTBOUND, "client_id": str(chosen), "store_id": str(two_sites.stores[1].id)},
            {**OUTBOUND, "client_id": str(missing)},
        ]}
        r = await client.post("/api/tickets/batch", json=body, headers=two_sites.headers("employee"))
        assert r.status_code == 200, r.text
        first, second = r.json()["results"]
        assert first["status"] == "created" and first["ticket"]["store_id"] == str(two_sites.stores[1].id)
        assert second["status"] == "error" and second["status_code"] == 422 and second["detail"] == NO_LOCATION
        rows = owner_sql("select client_id, store_id from tickets where company_id = %s", (two_sites.company_id,))
        assert rows == [(chosen, two_sites.stores[1].id)]
