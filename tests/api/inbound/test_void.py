"""Voiding loads: an inbound void takes its inventory out again and its receivable off the invoice
(or refuses with 409 when it cannot without leaving something wrong); an outbound void puts back
what the load drew down; a weighed tare becomes the vehicle's stored tare."""
from __future__ import annotations

from decimal import Decimal

import pytest

from tests.api.inbound.helpers import add_customer, inbound_tenant

OUT = {"waste_type": "Food Scraps", "destination": "Compost", "container_type": "Slim Jim 23 (23gal)",
       "gross_weight": 307.8}  # 300 lb net


@pytest.fixture
async def tenant(factory):
    return await inbound_tenant(factory, multistep=True, weigh_in=True)


@pytest.fixture
async def payee(client, tenant):
    return await add_customer(client, tenant, "Golden Gate Produce", custom_pricing_per_unit=0.05,
                              default_unit_of_measure="lb")


def load(payee_id, **extra) -> dict:
    return {"customer1_id": payee_id, "gross_weight": 13400, "tare_weight": 10400, "payment_method": "cash",
            "line_items": [{"waste_type": "Food Scraps", "quantity": 1500, "unit": "lbs"},
                           {"waste_type": "Food Waste", "quantity": 0.75, "unit": "tons"}], **extra}


async def weigh(client, tenant, body) -> dict:
    r = await client.post("/api/inbound/tickets", json=body, headers=tenant.headers())
    assert r.status_code == 201, r.text
    return r.json()


async def void(client, tenant, ticket_id, reason="Wrong truck keyed in", who="admin"):
    return await client.post(f"/api/inbound/tickets/{ticket_id}/void", json={"reason": reason},
                             headers=tenant.headers(who))


def on_hand(owner_sql, company_id) -> dict[str, float]:
    rows = owner_sql("select i.waste_type_name, sum(case when m.direction='in' then m.quantity else -m.quantity end) "
                     "from inventory_movements m join inventory_items i on i.id = m.item_id "
                     "where m.company_id=%s group by 1", (company_id,))
    return {name: float(q) for name, q in rows}


def invoice_of(owner_sql, ticket_id) -> tuple:
    return owner_sql("select i.invoice_number, i.payment_status, i.amount, i.balance from invoices i "
                     "join invoice_lines l on l.invoice_id = i.id where l.ticket_id=%s limit 1", (ticket_id,))[0]


class TestInboundVoid:
    async def test_a_paid_at_the_scale_load_leaves_the_inventory(self, client, tenant, payee, owner_sql):
        t = await weigh(client, tenant, load(payee["id"]))
        assert on_hand(owner_sql, tenant.company_id) == {"Food Scraps": 1500.0, "Food Waste": 1500.0}
        r = await void(client, tenant, t["id"])
        assert r.status_code == 200, r.text
        assert r.json()["status"] == "void"
        assert on_hand(owner_sql, tenant.company_id) == {"Food Scraps": 0.0, "Food Waste": 0.0}
        moves = owner_sql("select direction, kind, quantity, value from inventory_movements where ticket_id=%s "
                          "and kind='void' order by value", (t["id"],))
        assert moves == [("out", "void", Decimal("1500.00"), Decimal("75.00")),
                         ("out", "void", Decimal("1500.00"), Decimal("75.00"))]
        audit = owner_sql("select detail->>'reason', detail->>'inventory_reversed_lbs' from audit_log "
                          "where company_id=%s and action='ticket.void'", (tenant.company_id,))
        assert audit == [("Wrong truck keyed in", "3000.00")]
        again = await void(client, tenant, t["id"])
        assert again.status_code == 409 and again.json()["detail"] == "Ticket is already void"
        listed = (await client.get("/api/inbound/tickets", params={"status": "void"}, headers=tenant.headers())).json()
        assert [x["id"] for x in listed["tickets"]] == [t["id"]]

    async def test_only_admins_void_and_a_reason_is_needed(self, client, tenant, payee, owner_sql):
        t = await weigh(client, tenant, load(payee["id"]))
        assert (await void(client, tenant, t["id"], who="employee")).status_code == 403
        r = await void(client, tenant, t["id"], reason="   ")
        assert r.status_code == 422 and r.json()["detail"].startswith("reason")
        assert owner_sql("select status from tickets where id=%s", (t["id"],)) == [("completed",)]

    async def test_the_outbound_void_call_refuses_an_inbound_ticket(self, client, tenant, payee, owner_sql):
        t = await weigh(client, tenant, load(payee["id"]))
        r = await client.post(f"/api/tickets/{t['id']}/void", json={"reason": "x"}, headers=tenant.headers())
        assert r.status_code == 409 and "/api/inbound/tickets/" in r.json()["detail"]
        assert on_hand(owner_sql, tenant.company_id)["Food Scraps"] == 1500.0

    async def test_a_load_partly_shipped_out_cannot_be_voided(self, client, tenant, payee, owner_sql):
        t = await weigh(client, tenant, load(payee["id"]))
        out = await client.post("/api/tickets", json=OUT, headers=tenant.headers())
        assert out.status_code == 201, out.text
        r = await void(client, tenant, t["id"])
        assert r.status_code == 409 and "300.00 lb of this load already left" in r.json()["detail"]
        assert out.json()["ticket_number"] in r.json()["detail"]
        assert owner_sql("select status from tickets where id=%s", (t["id"],)) == [("completed",)]
        # Voiding the outbound load first puts its 300 lb back; then the inbound void goes through.
        r = await client.post(f"/api/tickets/{out.json()['id']}/void", json={"reason": "Never left"},
                              headers=tenant.headers())
        assert r.status_code == 200, r.text
        assert on_hand(owner_sql, tenant.company_id)["Food Scraps"] == 1500.0
        assert (await void(client, tenant, t["id"])).status_code == 200
        assert on_hand(owner_sql, tenant.company_id) == {"Food Scraps": 0.0, "Food Waste": 0.0}

    async def test_a_saved_weigh_in_is_voided_with_nothing_to_reverse(self, client, tenant, payee, owner_sql):
        saved = await weigh(client, tenant, load(payee["id"], status="saved", tare_weight=None))
        assert (await void(client, tenant, saved["id"], reason="Truck turned away")).status_code == 200
        lists = (await client.get("/api/inbound/tickets/in-progress", headers=tenant.headers())).json()
        assert lists["saved_tickets"] == []
        assert owner_sql("select count(*) from inventory_movements where company_id=%s", (tenant.company_id,)) == [(0,)]


class TestVoidAndTheInvoice:
    async def test_an_unpaid_per_load_invoice_is_voided_with_the_load(self, client, tenant, payee, owner_sql):
        t = await weigh(client, tenant, load(payee["id"], payment_method="invoice"))
        number, status, amount, _balance = invoice_of(owner_sql, t["id"])
        assert status == "pending" and amount == Decimal("150.00")
        assert (await void(client, tenant, t["id"])).status_code == 200
        assert invoice_of(owner_sql, t["id"]) == (number, "void", Decimal("150.00"), Decimal("0.00"))

    async def test_a_load_on_an_invoice_with_payments_is_refused(self, client, tenant, payee, owner_sql):
        t = await weigh(client, tenant, load(payee["id"], payment_method="invoice"))
        invoice_id = owner_sql("select invoice_id from invoice_lines where ticket_id=%s limit 1", (t["id"],))[0][0]
        r = await client.put(f"/api/invoices/{invoice_id}/payment", json={"amount": "50.00", "method": "check"},
                             headers=tenant.headers())
        assert r.status_code == 200, r.text
        r = await void(client, tenant, t["id"])
        assert r.status_code == 409
        assert "$50.00 in payments recorded" in r.json()["detail"] and "credit" in r.json()["detail"]
        # Nothing written: the ticket, its inventory and the invoice are as they were.
        assert owner_sql("select status from tickets where id=%s", (t["id"],)) == [("completed",)]
        assert on_hand(owner_sql, tenant.company_id)["Food Scraps"] == 1500.0
        assert invoice_of(owner_sql, t["id"])[1:] == ("pending", Decimal("150.00"), Decimal("100.00"))

    async def test_a_monthly_invoice_loses_only_the_voided_loads_lines(self, client, tenant, payee, owner_sql):
        owner_sql("update customers set billing_cycle='monthly' where id=%s", (payee["id"],))
        first = await weigh(client, tenant, load(payee["id"], payment_method="invoice"))
        second = await weigh(client, tenant, load(payee["id"], payment_method="invoice", gross_weight=10600, line_items=[
            {"waste_type": "Food Scraps", "quantity": 200, "unit": "lbs"}]))
        number, _status, amount, _ = invoice_of(owner_sql, first["id"])
        assert invoice_of(owner_sql, second["id"])[0] == number and amount == Decimal("160.00")
        assert (await void(client, tenant, first["id"])).status_code == 200
        lines = owner_sql("select l.ticket_id, l.total from invoice_lines l join invoices i on i.id = l.invoice_id "
                          "where i.invoice_number=%s and i.company_id=%s", (number, tenant.company_id))
        assert [(str(tid), total) for tid, total in lines] == [(second["id"], Decimal("10.00"))]
        assert invoice_of(owner_sql, second["id"]) == (number, "pending", Decimal("10.00"), Decimal("10.00"))


class TestStoredTare:
    async def test_a_weigh_out_stores_the_vehicles_tare_with_its_date(self, client, tenant, payee, owner_sql):
        v = (await client.post(f"/api/inbound/customers/{payee['id']}/vehicles", headers=tenant.headers(),
                               json={"license_plate": "TARE2"})).json()
        assert v["tare_weight"] is None
        saved = await weigh(client, tenant, load(payee["id"], vehicle_id=v["id"], status="saved", tare_weight=None))
        r = await client.put(f"/api/inbound/tickets/{saved['id']}", headers=tenant.headers("employee"),
                             json={"tare_weight": 10412.4, "status": "completed"})
        assert r.status_code == 200, r.text
        tare, at = owner_sql("select tare_weight, tare_weighed_at from vehicles where id=%s", (v["id"],))[0]
        assert tare == Decimal("10412.4") and at is not None
        found = (await client.get("/api/inbound/license-plate-lookup/tare2", headers=tenant.headers())).json()
        assert found["vehicle"]["tare_weight"] == 10412.4
        # Leaving on the stored tare does not re-date it; a one-step load with a weighed tare does.
        await weigh(client, tenant, load(payee["id"], vehicle_id=v["id"], tare_weight=None, use_stored_tare=True))
        assert owner_sql("select tare_weighed_at from vehicles where id=%s", (v["id"],))[0][0] == at
        await weigh(client, tenant, load(payee["id"], vehicle_id=v["id"], tare_weight=10390))
        tare2, at2 = owner_sql("select tare_weight, tare_weighed_at from vehicles where id=%s", (v["id"],))[0]
        assert tare2 == Decimal("10390.0") and at2 > at
