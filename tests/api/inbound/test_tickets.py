"""Inbound tickets: numbering, pricing, the wizard's not-found paths, validation, idempotency,
multi-step weighing and completion, in-progress lists, and the inventory each load brings in."""
from __future__ import annotations

import uuid
from decimal import Decimal

import pytest

from tests.api.inbound.helpers import add_customer, inbound_tenant
from tests.api.tickets.lists import set_company


@pytest.fixture
async def tenant(factory):
    return await inbound_tenant(factory, multistep=True)


@pytest.fixture
async def payee(client, tenant):
    return await add_customer(client, tenant, "Golden Gate Produce", custom_pricing_per_unit=0.045,
                              default_unit_of_measure="lb",
                              pricing_by_waste_type={"Food Scraps": {"price": 0.03, "uom": "lb"}})


def load(payee_id, **extra) -> dict:
    return {
        "customer1_id": payee_id, "line_items": [
            {"waste_type": "Food Scraps", "quantity": 1500, "unit": "lbs"},
            {"waste_type": "Food Waste", "quantity": 0.75, "unit": "tons", "notes": "pallet 2"},
        ],
        "gross_weight": 14250.5, "tare_weight": 10400, "payment_method": "cash", "notes": "first load",
        "is_multi_product": True, **extra,
    }


def count(owner_sql, table, company_id) -> int:
    return owner_sql(f"select count(*) from {table} where company_id=%s", (company_id,))[0][0]


class TestCreate:
    async def test_two_product_ticket_is_numbered_priced_and_brings_inventory(self, client, tenant, payee, owner_sql):
        r = await client.post("/api/inbound/tickets", json=load(payee["id"]), headers=tenant.headers())
        assert r.status_code == 201, r.text
        t = r.json()
        assert "-I-" in t["ticket_number"] and t["ticket_number"].endswith("-0001")
        assert (t["gross_weight"], t["tare_weight"], t["net_weight"]) == (14250.5, 10400.0, 3850.5)
        # Billed as weighed: typed 1,500 lb and 0.75 t (1,500 lb) share the net 3,850.5 lb half and half,
        # 1,925.25 each; to the 0.1 lb the spare tenth goes to the first line (largest remainder, tie).
        # Food Scraps: the payee's product price 0.03/lb x 1,925.3 = 57.76;
        # Food Waste: the payee's default 0.045/lb x 1,925.2 lb = 86.63.
        assert [(li["waste_type"], li["quantity"], li["unit"], li["declared_quantity"], li["declared_unit"],
                 li["amount"]) for li in t["line_items"]] == [
            ("Food Scraps", 1925.3, "lbs", 1500.0, "lbs", 57.76), ("Food Waste", 1925.2, "lbs", 0.75, "tons", 86.63)]
        assert t["total_amount"] == 144.39 and t["is_multi_product"] is True and t["status"] == "completed"
        assert t["customer1"]["customer_name"] == "Golden Gate Produce" and t["ticket_type"] == "inbound"
        moves = owner_sql("select m.direction, m.kind, m.quantity, m.value, i.waste_type_name, i.source_customer_id "
                          "from inventory_movements m join inventory_items i on i.id = m.item_id "
                          "where m.company_id=%s order by i.waste_type_name", (tenant.company_id,))
        assert moves == [("in", "inbound", Decimal("1925.30"), Decimal("57.76"), "Food Scraps", uuid.UUID(payee["id"])),
                         ("in", "inbound", Decimal("1925.20"), Decimal("86.63"), "Food Waste", uuid.UUID(payee["id"]))]
        second = await client.post("/api/inbound/tickets", json=load(payee["id"]), headers=tenant.headers())
        assert second.json()["ticket_number"].endswith("-0002")

    async def test_listed_with_statistics_and_filter_by_customer(self, client, tenant, payee):
        await client.post("/api/inbound/tickets", json=load(payee["id"]), headers=tenant.headers())
        other = await add_customer(client, tenant, "Other Payee")
        await client.post("/api/inbound/tickets", json=load(other["id"]), headers=tenant.headers())
        r = await client.get("/api/inbound/tickets", headers=tenant.headers())
        got = r.json()
        assert got["total"] == 2  # the statistics come from the warehouse: tests/api/inbound/test_marts.py
        r = await client.get("/api/inbound/tickets", params={"customer_id": payee["id"]}, headers=tenant.headers())
        assert [t["customer1"]["id"] for t in r.json()["tickets"]] == [payee["id"]]

    async def test_unknown_plate_is_saved_as_a_vehicle_of_the_payee(self, client, tenant, payee):
        body = load(payee["id"], license_plate="8gg p-305")
        r = await client.post("/api/inbound/tickets", json=body, headers=tenant.headers())
        assert r.status_code == 201 and r.json()["license_plate"] == "8GGP305"
        found = (await client.get("/api/inbound/license-plate-lookup/8GGP305", headers=tenant.headers())).json()
        assert found["found"] and found["suggested_customer1"]["id"] == payee["id"]

    async def test_new_customer_path_then_ticket(self, client, tenant):
        new = await add_customer(client, tenant, "Walk-in Grower")
        r = await client.post("/api/inbound/tickets", json=load(new["id"], license_plate="NEW1"),
                              headers=tenant.headers())
        assert r.status_code == 201
        # No prices at all: 0.1 per lb of the weighed 1,925.3 lb + 1,925.2 lb (192.53 + 192.52).
        assert r.json()["total_amount"] == 385.05

    async def test_stored_tare_is_used_when_asked(self, client, tenant, payee):
        v = (await client.post(f"/api/inbound/customers/{payee['id']}/vehicles", headers=tenant.headers(),
                               json={"license_plate": "TARE1", "tare_weight": 10000})).json()
        body = load(payee["id"], vehicle_id=v["id"], tare_weight=None, use_stored_tare=True)
        r = await client.post("/api/inbound/tickets", json=body, headers=tenant.headers())
        assert r.status_code == 201 and r.json()["net_weight"] == 4250.5

    @pytest.mark.parametrize(("change", "detail"), [
        ({"customer1_id": None}, "customer1_id: a payee is required"),
        ({"line_items": []}, "line_items: add at least one product"),
        ({"tare_weight": 14250.5}, "gross_weight must be greater than tare_weight"),
        ({"tare_weight": 20000}, "gross_weight must be greater than tare_weight"),
        ({"line_items": [{"waste_type": "Food Scraps", "quantity": -5}]}, "line_items.0.quantity"),
        ({"line_items": [{"waste_type": "Food Scraps"}]}, "line_items.0.quantity"),
        ({"line_items": [{"waste_type": "Kryptonite", "quantity": 5}]}, "line_items[0].waste_type: unknown"),
        ({"customer1_id": str(uuid.uuid4())}, "customer1_id: customer not found"),
        ({"vehicle_id": str(uuid.uuid4())}, "vehicle_id: vehicle not found"),
        ({"payment_method": "bitcoin"}, "payment_method"),
    ])
    async def test_bad_input_is_422_naming_the_field_and_nothing_is_written(self, client, tenant, payee, owner_sql,
                                                                         change, detail):
        r = await client.post("/api/inbound/tickets", json=load(payee["id"], **change), headers=tenant.headers())
        assert r.status_code == 422 and detail in r.json()["detail"], r.text
        for table in ("tickets", "ticket_counters", "inventory_movements", "inventory_items"):
            assert count(owner_sql, table, tenant.company_id) == 0

    async def test_another_companys_customer_is_refused(self, client, tenant, factory, owner_sql):
        other = await inbound_tenant(factory)
        theirs = await add_customer(client, other, "Theirs")
        r = await client.post("/api/inbound/tickets", json=load(theirs["id"]), headers=tenant.headers())
        assert r.status_code == 422 and r.json()["detail"] == "customer1_id: customer not found"


class TestIdempotency:
    async def test_a_double_tapped_complete_charges_once(self, client, tenant, payee, owner_sql):
        body = load(payee["id"], client_id=str(uuid.uuid4()))
        first = await client.post("/api/inbound/tickets", json=body, headers=tenant.headers())
        again = await client.post("/api/inbound/tickets", json=body, headers=tenant.headers())
        assert (first.status_code, again.status_code) == (201, 200)
        assert again.json()["id"] == first.json()["id"]
        assert count(owner_sql, "tickets", tenant.company_id) == 1
        assert count(owner_sql, "inventory_movements", tenant.company_id) == 2
        reused = await client.post("/api/inbound/tickets", json={**body, "notes": "other"}, headers=tenant.headers())
        assert reused.status_code == 422


class TestMultiStep:
    async def test_weigh_in_saved_then_weigh_out_from_in_progress(self, client, tenant, payee, owner_sql):
        body = load(payee["id"], status="saved", tare_weight=None, payment_method=None)
        r = await client.post("/api/inbound/tickets", json=body, headers=tenant.headers())
        assert r.status_code == 201, r.text
        saved = r.json()
        assert saved["status"] == "saved" and saved["gross_weight"] == 14250.5 and saved["net_weight"] == 0.0
        assert count(owner_sql, "inventory_movements", tenant.company_id) == 0
        # Another operator (an employee, where the company lets employees weigh in) weighs the truck out.
        await set_company(tenant, inbound_employee_weigh_in_enabled=True)
        lists = (await client.get("/api/inbound/tickets/in-progress", headers=tenant.headers("employee"))).json()
        assert [t["id"] for t in lists["saved_tickets"]] == [saved["id"]] and lists["draft_tickets"] == []
        out = {"tare_weight": 10400, "payment_method": "invoice", "status": "completed"}
        r = await client.put(f"/api/inbound/tickets/{saved['id']}", json=out, headers=tenant.headers("employee"))
        assert r.status_code == 200, r.text
        done = r.json()
        assert done["status"] == "completed" and done["net_weight"] == 3850.5 and done["total_amount"] == 144.39
        assert done["ticket_number"] == saved["ticket_number"] and done["payment_method"] == "invoice"
        assert count(owner_sql, "inventory_movements", tenant.company_id) == 2
        # Completing again answers the completed ticket and writes nothing more.
        r = await client.put(f"/api/inbound/tickets/{saved['id']}", json=out, headers=tenant.headers())
        assert r.status_code == 200 and r.json()["status"] == "completed"
        assert count(owner_sql, "inventory_movements", tenant.company_id) == 2
        lists = (await client.get("/api/inbound/tickets/in-progress", headers=tenant.headers())).json()
        assert lists["saved_tickets"] == []
        r = await client.put(f"/api/inbound/tickets/{saved['id']}", json={"notes": "x"}, headers=tenant.headers())
        assert r.status_code == 409

    async def test_weigh_out_must_exceed_weigh_in_tare(self, client, tenant, payee, owner_sql):
        body = load(payee["id"], status="saved", tare_weight=None)
        saved = (await client.post("/api/inbound/tickets", json=body, headers=tenant.headers())).json()
        r = await client.put(f"/api/inbound/tickets/{saved['id']}", headers=tenant.headers(),
                             json={"tare_weight": 15000, "status": "completed"})
        assert r.status_code == 422 and r.json()["detail"] == "gross_weight must be greater than tare_weight"
        got = (await client.get(f"/api/inbound/tickets/{saved['id']}", headers=tenant.headers())).json()
        assert got["status"] == "saved" and got["tare_weight"] == 0.0

    async def test_draft_can_be_finished_later(self, client, tenant, payee):
        r = await client.post("/api/inbound/tickets", json={"status": "draft", "customer1_id": payee["id"]},
                              headers=tenant.headers())
        assert r.status_code == 201 and r.json()["status"] == "draft"
        lists = (await client.get("/api/inbound/tickets/in-progress", headers=tenant.headers())).json()
        assert [t["id"] for t in lists["draft_tickets"]] == [r.json()["id"]]
        done = await client.put(f"/api/inbound/tickets/{r.json()['id']}", headers=tenant.headers(),
                                json={**{k: v for k, v in load(payee["id"]).items() if k not in ("is_multi_product",)},
                                      "status": "completed"})
        assert done.status_code == 200, done.text
        assert done.json()["total_amount"] == 144.39  # billed as weighed, as above

    async def test_saved_needs_the_multistep_setting(self, client, factory):
        t = await inbound_tenant(factory, multistep=False)
        p = await add_customer(client, t, "P")
        r = await client.post("/api/inbound/tickets", json=load(p["id"], status="saved"), headers=t.headers())
        assert r.status_code == 403 and "Multi-step weighing is not enabled" in r.json()["detail"]

    async def test_assigned_employee_sees_only_their_location(self, client, factory, owner_sql):
        t = await inbound_tenant(factory, multistep=True, stores=2, assign_employee=True, weigh_in=True)
        p = await add_customer(client, t, "P")
        other_store = next(s for s in t.stores if s.id != t.employee.assigned_location_id)
        body = load(p["id"], status="saved", tare_weight=None, store_id=str(other_store.id))
        saved = (await client.post("/api/inbound/tickets", json=body, headers=t.headers())).json()
        lists = (await client.get("/api/inbound/tickets/in-progress", headers=t.headers("employee"))).json()
        assert lists["saved_tickets"] == []
        r = await client.get(f"/api/inbound/tickets/{saved['id']}", headers=t.headers("employee"))
        assert r.status_code == 404
        await set_company(t, inbound_module_enabled=False)
        r = await client.get("/api/inbound/tickets/in-progress", headers=t.headers())
        assert r.status_code == 403
