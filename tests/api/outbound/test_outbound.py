"""Haulers and disposal partners for type-2 tickets: list, search, plate look-up."""
from __future__ import annotations

from api.core.db import sessionmaker, set_tenant
from api.tables.parties import Customer
from tests.api.tickets.lists import add_partner


async def _plain_customer(tenant) -> None:
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, tenant.company_id)
        db.add(Customer(company_id=tenant.company_id, customer_name="Corner Cafe", is_hauler=False,
                        is_disposal_partner=False, active=True))


class TestCustomers:
    async def test_haulers_are_listed_with_their_vehicles(self, client, factory):
        t = await factory.tenant(stores=1)
        _partner, _vehicle = await add_partner(t)
        await _plain_customer(t)
        r = await client.get("/api/outbound/customers?customer_type=hauler&include_vehicles=true",
                             headers=t.headers("employee"))
        assert r.status_code == 200, r.text
        customers = r.json()["customers"]
        assert [c["customer_name"] for c in customers] == ["Green Haul Co"]
        assert customers[0]["vehicles"][0]["license_plate"] == "8ABC123"

    async def test_vehicles_are_left_out_unless_asked(self, client, factory):
        t = await factory.tenant(stores=1)
        await add_partner(t)
        r = await client.get("/api/outbound/customers", headers=t.headers())
        assert r.json()["customers"][0]["vehicles"] == []

    async def test_another_company_customers_are_not_listed(self, client, factory):
        a = await factory.tenant(stores=1)
        b = await factory.tenant(stores=1)
        await add_partner(b, name="Their Hauler")
        r = await client.get("/api/outbound/customers", headers=a.headers())
        assert r.json()["customers"] == []


class TestSearch:
    async def test_search_finds_partners_by_name_and_by_plate(self, client, factory):
        t = await factory.tenant(stores=1)
        await add_partner(t, name="Bay Organics Hauling", plate="7XYZ987")
        by_name = (await client.get("/api/outbound/customers/search?query=organ", headers=t.headers())).json()
        assert by_name["search_results"][0]["customer"]["customer_name"] == "Bay Organics Hauling"
        by_plate = (await client.get("/api/outbound/customers/search?query=xyz-98", headers=t.headers())).json()
        assert by_plate["search_results"][0]["vehicle"]["license_plate"] == "7XYZ987"

    async def test_two_characters_are_not_enough_to_search(self, client, factory):
        t = await factory.tenant(stores=1)
        await add_partner(t, name="Ab Hauling")
        r = await client.get("/api/outbound/customers/search?query=Ab", headers=t.headers())
        assert r.status_code == 200 and r.json()["search_results"] == []


class TestPlateLookup:
    async def test_plate_is_found_whatever_its_spacing_and_case(self, client, factory):
        t = await factory.tenant(stores=1)
        partner, _v = await add_partner(t, plate="8ABC123")
        r = await client.get("/api/outbound/license-plate-lookup/8abc-123", headers=t.headers("employee"))
        body = r.json()
        assert body["found"] is True and body["vehicle"]["make"] == "Freightliner"
        assert body["customer"]["id"] == str(partner.id) and body["disposal_partner"]["id"] == str(partner.id)

    async def test_unknown_plate_answers_not_found(self, client, factory):
        t = await factory.tenant(stores=1)
        r = await client.get("/api/outbound/license-plate-lookup/NOPE 1", headers=t.headers())
        assert r.status_code == 200 and r.json() == {"found": False, "license_plate": "NOPE1", "vehicle": None,
                                                     "customer": None, "disposal_partner": None}

    async def test_another_company_plate_is_not_found(self, client, factory):
        a = await factory.tenant(stores=1)
        b = await factory.tenant(stores=1)
        await add_partner(b, plate="5SHARED5")
        r = await client.get("/api/outbound/license-plate-lookup/5SHARED5", headers=a.headers())
        assert r.json()["found"] is False

    async def test_anonymous_caller_cannot_look_up_plates(self, client):
        assert (await client.get("/api/outbound/license-plate-lookup/ABC123")).status_code == 401
