"""Every inbound ticket has its location (issue 29): a load is weighed at the operator's assigned
location, else the one chosen in the wizard, else the company's only location, else 422 naming
store_id; a weigh-in saved without one gets one before it is weighed out."""
from __future__ import annotations

import pytest

from api.tickets.service import NO_LOCATION
from tests.api.inbound.helpers import add_customer, inbound_tenant
from tests.api.tickets.lists import set_company


def load(payee_id, **extra) -> dict:
    return {"customer1_id": payee_id, "line_items": [{"waste_type": "Food Scraps", "quantity": 1500, "unit": "lbs"}],
            "gross_weight": 12000, "tare_weight": 10400, "payment_method": "cash", **extra}


@pytest.fixture
async def two_sites(factory):
    return await inbound_tenant(factory, multistep=True, stores=2, assign_employee=True)


@pytest.fixture
async def payee(client, two_sites):
    return await add_customer(client, two_sites)


class TestInboundLocation:
    async def test_a_manager_of_two_sites_chooses_where_the_load_was_weighed(self, client, two_sites, payee, owner_sql):
        r = await client.post("/api/inbound/tickets", json=load(payee["id"]), headers=two_sites.headers())
        assert r.status_code == 422 and r.json()["detail"] == NO_LOCATION
        assert owner_sql("select count(*) from tickets where company_id = %s", (two_sites.company_id,)) == [(0,)]
        site = str(two_sites.stores[1].id)
        r = await client.post("/api/inbound/tickets", json=load(payee["id"], store_id=site), headers=two_sites.headers())
        assert r.status_code == 201, r.text
        assert r.json()["store_id"] == site
        assert owner_sql("select store_id::text from tickets where id = %s", (r.json()["id"],)) == [(site,)]

    async def test_an_assigned_operator_weighs_in_at_the_assigned_site(self, client, two_sites, payee):
        await set_company(two_sites, inbound_employee_weigh_in_enabled=True)
        weigh_in = load(payee["id"], status="saved", tare_weight=None, payment_method=None)
        r = await client.post("/api/inbound/tickets", json=weigh_in, headers=two_sites.headers("employee"))
        assert r.status_code == 201, r.text
        assert r.json()["store_id"] == str(two_sites.stores[0].id)
        other = {**weigh_in, "store_id": str(two_sites.stores[1].id)}
        assert (await client.post("/api/inbound/tickets", json=other,
                                  headers=two_sites.headers("employee"))).status_code == 403

    async def test_an_in_progress_weigh_in_keeps_its_location_when_weighed_out(self, client, two_sites, payee):
        site = str(two_sites.stores[1].id)
        weigh_in = load(payee["id"], status="saved", tare_weight=None, payment_method=None)
        r = await client.post("/api/inbound/tickets", json=weigh_in, headers=two_sites.headers())
        assert r.status_code == 422 and r.json()["detail"] == NO_LOCATION
        r = await client.post("/api/inbound/tickets", json={**weigh_in, "store_id": site}, headers=two_sites.headers())
        assert r.status_code == 201 and r.json()["status"] == "saved"
        listed = (await client.get("/api/inbound/tickets/in-progress", headers=two_sites.headers())).json()
        assert [t["store_id"] for group in listed.values() for t in group] == [site]
        out = await client.put(f"/api/inbound/tickets/{r.json()['id']}", headers=two_sites.headers(),
                               json={"status": "completed", "tare_weight": 10400, "payment_method": "cash"})
        assert out.status_code == 200, out.text
        assert out.json()["store_id"] == site and out.json()["status"] == "completed"
