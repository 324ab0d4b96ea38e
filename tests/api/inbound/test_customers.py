"""Inbound gate, customers, prices, vehicles, plate look-up and the CSV import."""
from __future__ import annotations

import pytest

from tests.api.inbound.helpers import add_customer, inbound_tenant
from tests.api.tickets.lists import set_company


@pytest.fixture
async def tenant(factory):
    return await inbound_tenant(factory)


class TestGate:
    async def test_pro_plan_gets_403_enterprise_feature(self, client, factory):
        t = await factory.tenant(plan="pro", stores=1)
        await set_company(t, inbound_module_enabled=True)
        r = await client.get("/api/inbound/customers", headers=t.headers())
        assert r.status_code == 403 and "Enterprise feature" in r.json()["detail"]

    async def test_module_off_gets_403_feature_disabled(self, client, factory):
        t = await factory.tenant(plan="enterprise", stores=1)
        r = await client.get("/api/inbound/tickets", headers=t.headers())
        assert r.status_code == 403 and "inbound module is disabled" in r.json()["detail"]

    async def test_plan_name_is_compared_without_case(self, client, factory, owner_sql):
        t = await inbound_tenant(factory)
        owner_sql("update companies set subscription_plan='ENTERPRISE' where id=%s", (t.company_id,))
        r = await client.get("/api/inbound/customers", headers=t.headers())
        assert r.status_code == 200, r.text


class TestCustomers:
    async def test_account_numbers_are_generated_in_order_and_unique(self, client, tenant):
        a = await add_customer(client, tenant, "Alpha")
        b = await add_customer(client, tenant, "Beta", is_hauler=True)
        assert a["account_number"] == "C-1001" and b["account_number"] == "C-1002"
        r = await client.post("/api/inbound/customers", json={"customer_name": "Gamma", "account_number": "C-1001"},
                              headers=tenant.headers())
        assert r.status_code == 409 and "C-1001" in r.json()["detail"]
        listed = (await client.get("/api/inbound/customers", headers=tenant.headers())).json()
        assert (listed["total"], listed["payees"], listed["haulers"]) == (2, 1, 1)
        assert [c["customer_name"] for c in listed["customers"]] == ["Alpha", "Beta"]

    async def test_blank_name_is_refused_with_the_spec_words(self, client, tenant, owner_sql):
        r = await client.post("/api/inbound/customers", json={"customer_name": "  "}, headers=tenant.headers())
        assert r.status_code == 422 and r.json()["detail"] == "Customer name is required"
        assert owner_sql("select count(*) from customers where company_id=%s", (tenant.company_id,))[0][0] == 0

    async def test_full_update_toggles_type_status_and_prices(self, client, tenant):
        c = await add_customer(client, tenant, "Alpha", custom_pricing_per_unit=0.05, default_unit_of_measure="lb")
        body = {**c, "is_hauler": True, "active": False,
                "pricing_by_waste_type": {"food scraps": {"price": 0.031, "uom": "lb"}}}
        r = await client.put(f"/api/inbound/customers/{c['id']}", json=body, headers=tenant.headers())
        assert r.status_code == 200, r.text
        got = r.json()
        assert got["is_hauler"] is True and got["active"] is False and got["account_number"] == "C-1001"
        assert got["pricing_by_waste_type"] == {"Food Scraps": {"price": 0.031, "uom": "lb"}}
        assert got["pricing_per_unit"] == 0.05 and got["unit_of_measure"] == "lb"
        body["pricing_by_waste_type"] = {}
        r = await client.put(f"/api/inbound/customers/{c['id']}", json=body, headers=tenant.headers())
        assert r.json()["pricing_by_waste_type"] == {}

    async def test_unknown_waste_type_price_is_refused_and_nothing_changes(self, client, tenant):
        c = await add_customer(client, tenant, "Alpha")
        body = {**c, "notes": "changed", "pricing_by_waste_type": {"Plutonium": {"price": 1, "uom": "lb"}}}
        r = await client.put(f"/api/inbound/customers/{c['id']}", json=body, headers=tenant.headers())
        assert r.status_code == 422 and "Plutonium" in r.json()["detail"]
        listed = (await client.get("/api/inbound/customers", headers=tenant.headers())).json()
        assert listed["customers"][0]["notes"] is None

    async def test_employees_neither_add_nor_edit(self, client, tenant):
        """Customers are the managers' (docs/access.md), even where employees weigh loads in."""
        c = await add_customer(client, tenant, "Alpha")
        await set_company(tenant, inbound_employee_weigh_in_enabled=True)
        r = await client.put(f"/api/inbound/customers/{c['id']}", json=c, headers=tenant.headers("employee"))
        assert r.status_code == 403
        r = await client.post("/api/inbound/customers", json={"customer_name": "From the scale"},
                              headers=tenant.headers("employee"))
        assert r.status_code == 403
        r = await client.post(f"/api/inbound/customers/{c['id']}/vehicles", json={"license_plate": "EMP1"},
                              headers=tenant.headers("employee"))
        assert r.status_code == 403
        listed = await client.get("/api/inbound/customers", headers=tenant.headers("employee"))
        assert listed.status_code == 200 and listed.json()["total"] == 1  # the weigh-in picks a payee

    async def test_another_companys_customer_is_not_found(self, client, tenant, factory):
        other = await inbound_tenant(factory)
        c = await add_customer(client, other, "Theirs")
        r = await client.put(f"/api/inbound/customers/{c['id']}", json=c, headers=tenant.headers())
        assert r.status_code == 404
        assert (await client.get("/api/inbound/customers", headers=tenant.headers())).json()["total"] == 0


class TestVehiclesAndPlates:
    async def test_vehicle_with_stored_tare_and_normalised_lookup(self, client, tenant):
        payee = await add_customer(client, tenant, "Alpha")
        hauler = await add_customer(client, tenant, "Haul Co", is_hauler=True)
        r = await client.post(f"/api/inbound/customers/{hauler['id']}/vehicles", headers=tenant.headers(),
                              json={"license_plate": "7kxm-214", "make": "Isuzu", "tare_weight": 10400.04})
        assert r.status_code == 201, r.text
        v = r.json()
        assert v["license_plate"] == "7KXM214" and v["tare_weight"] == 10400.0 and v["tare_weighed_at"]
        assert v["hauler_id"] == hauler["id"] and v["customer_id"] is None
        again = await client.post(f"/api/inbound/customers/{payee['id']}/vehicles", headers=tenant.headers(),
                                  json={"license_plate": "7KXM 214"})
        assert again.status_code == 409
        r = await client.put(f"/api/inbound/vehicles/{v['id']}", headers=tenant.headers(),
                             json={"license_plate": "7KXM214", "color": "White", "tare_weight": 10400})
        assert r.status_code == 200 and r.json()["color"] == "White"
        assert r.json()["tare_weighed_at"] == v["tare_weighed_at"]
        for typed in ("7kxm214", "7 KXM 214", "7-kxm-214"):
            found = (await client.get(f"/api/inbound/license-plate-lookup/{typed}", headers=tenant.headers())).json()
            assert found["found"] is True and found["vehicle"]["id"] == v["id"]
            assert found["suggested_customer2"]["id"] == hauler["id"] and found["suggested_customer1"] is None
        listed = (await client.get(f"/api/inbound/customers/{hauler['id']}/vehicles", headers=tenant.headers())).json()
        assert [x["license_plate"] for x in listed["vehicles"]] == ["7KXM214"]

    async def test_unknown_plate_is_found_false(self, client, tenant):
        r = await client.get("/api/inbound/license-plate-lookup/zz-999", headers=tenant.headers())
        assert r.status_code == 200 and r.json() == {
            "found": False, "license_plate": "ZZ999", "vehicle": None, "customer": None,
            "suggested_customer1": None, "suggested_customer2": None}


CSV = (
    "customer_name,phone,email,address,is_hauler,active,pricing_per_unit,unit_of_measure,notes\r\n"
    "Alpha Foods,555-0100,ap@alpha.example.com,1 Main St,false,true,0.045,lb,\r\n"
    ",555-0101,x@example.com,,false,true,,,\r\n"
    "Beta Haul,555-0102,,,yes,,,,\r\n"
    "Gamma,555-0103,not-an-email,,false,true,,,\r\n"
    "Delta,555-0104,d@example.com,,maybe,true,,,\r\n"
    "Epsilon,555-0105,e@example.com,,false,true,abc,lb,\r\n"
    "Zeta,555-0106,z@example.com,,false,true,1,barrels,\r\n"
)


class TestBulkUpload:
    async def upload(self, client, tenant, content: bytes, name="customers.csv", who="admin"):
        return await client.post("/api/inbound/customers/bulk-upload", headers=tenant.headers(who),
                                 files={"file": (name, content, "text/csv")})

    async def test_template_has_the_spec_columns(self, client, tenant):
        r = await client.get("/api/inbound/customers/template", headers=tenant.headers())
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
        assert r.text.splitlines()[0] == ("customer_name,phone,email,address,is_hauler,active,pricing_per_unit,"
                                          "unit_of_measure,notes")

    async def test_bad_rows_are_reported_by_line_and_good_rows_kept(self, client, tenant, owner_sql):
        r = await self.upload(client, tenant, CSV.encode())
        assert r.status_code == 200, r.text
        got = r.json()
        assert got["successful"] == 2 and got["created"] == 2
        assert got["errors"] == [
            "Line 3: Customer name is required",
            "Line 5: email 'not-an-email' is not an email address",
            "Line 6: is_hauler must be true or false, not 'maybe'",
            "Line 7: pricing_per_unit 'abc' is not a number",
            "Line 8: unit_of_measure must be one of lb, ton, yard, gallon, each, not 'barrels'",
        ]
        rows = owner_sql("select customer_name, is_hauler, custom_pricing_per_unit, account_number from customers "
                         "where company_id=%s order by customer_name", (tenant.company_id,))
        assert [(n, h, str(p) if p is not None else None, a) for n, h, p, a in rows] == [
            ("Alpha Foods", False, "0.0450", "C-1001"), ("Beta Haul", True, None, "C-1002")]

    async def test_reupload_updates_instead_of_duplicating(self, client, tenant, owner_sql):
        await self.upload(client, tenant, CSV.encode())
        changed = CSV.replace("1 Main St", "2 Main St").encode()
        r = await self.upload(client, tenant, changed)
        assert r.json()["created"] == 0 and r.json()["updated"] == 2
        rows = owner_sql("select count(*), max(address) from customers where company_id=%s", (tenant.company_id,))
        assert rows[0] == (2, "2 Main St")

    async def test_same_customer_twice_in_one_file_is_an_error_on_the_second_line(self, client, tenant):
        content = (b"customer_name,email\r\nAlpha,a@x.example\r\nalpha,A@X.example\r\n")
        r = await self.upload(client, tenant, content)
        assert r.json()["successful"] == 1 and r.json()["errors"] == ["Line 3: the same customer as line 2"]

    @pytest.mark.parametrize("content", [b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", b"", b"name,phone\r\nA,1\r\n",
                                         "\ufeff\u00e9t\u00e9".encode("latin-1", "ignore") + b"\xff\xfe\x00"])
    async def test_not_a_csv_is_refused(self, client, tenant, content, owner_sql):
        r = await self.upload(client, tenant, content, name="customers.csv")
        assert r.status_code == 422 and r.json()["detail"].startswith("Please select a valid CSV file")
        assert owner_sql("select count(*) from customers where company_id=%s", (tenant.company_id,))[0][0] == 0

    async def test_a_50_mb_upload_is_413(self, client, tenant):
        big = b"customer_name\r\n" + b"x" * (50 * 1024 * 1024)
        r = await self.upload(client, tenant, big)
        assert r.status_code == 413

    async def test_employee_cannot_import(self, client, tenant):
        r = await self.upload(client, tenant, CSV.encode(), who="employee")
        assert r.status_code == 403
