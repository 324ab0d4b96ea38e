"""Inventory: inbound lines bring items in, audited adjustments draw them down, and GET
/api/inventory answers from the ledger (on hand = the sum of movements), with no refresh between."""
from __future__ import annotations

import pytest

from tests.api.inbound.helpers import add_customer, inbound_tenant


def load(payee_id: str) -> dict:
    return {"customer1_id": payee_id, "gross_weight": 13400, "tare_weight": 10400, "payment_method": "cash",
            "line_items": [{"waste_type": "Food Scraps", "quantity": 1500, "unit": "lbs"},
                           {"waste_type": "Food Waste", "quantity": 0.75, "unit": "tons"}]}


@pytest.fixture(scope="module")
async def stocked(app):
    import httpx

    from tests.factories import Factory

    tenant = await inbound_tenant(Factory())
    other = await inbound_tenant(Factory())
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as client:
        payee = await add_customer(client, tenant, "Golden Gate Produce", custom_pricing_per_unit=0.04)
        r = await client.post("/api/inbound/tickets", json=load(payee["id"]), headers=tenant.headers())
        assert r.status_code == 201, r.text
    return {"tenant": tenant, "other": other, "payee": payee}


async def item_ids(owner_sql, company_id) -> dict[str, str]:
    rows = owner_sql("select waste_type_name, id from inventory_items where company_id=%s", (company_id,))
    return {name: str(i) for name, i in rows}


async def test_adjustments_are_audited_movements_and_the_ledger_sums_them(client, stocked, owner_sql):
    tenant = stocked["tenant"]
    items = await item_ids(owner_sql, tenant.company_id)
    r = await client.post("/api/inventory/adjustments", headers=tenant.headers(),
                          json={"item_id": items["Food Scraps"], "quantity": -500, "reason": "Screened out contamination"})
    assert r.status_code == 201, r.text
    assert r.json()["direction"] == "out" and r.json()["on_hand"] == 1000.0
    # Too much out: refused, nothing written.
    r = await client.post("/api/inventory/adjustments", headers=tenant.headers(),
                          json={"item_id": items["Food Scraps"], "quantity": -1000.01, "reason": "Too much"})
    assert r.status_code == 422 and "only 1000.00 lb on hand" in r.json()["detail"]
    assert owner_sql("select count(*) from inventory_movements where company_id=%s", (tenant.company_id,))[0][0] == 3
    audit = owner_sql("select detail->>'reason' from audit_log where company_id=%s and action='inventory.adjust'",
                      (tenant.company_id,))
    assert audit == [("Screened out contamination",)]
    # The item row's own number is never edited: on hand lives in the movements.
    stored = owner_sql("select quantity_available from inventory_items where id=%s", (items["Food Scraps"],))
    assert float(stored[0][0]) == 1500.0

    r = await client.get("/api/inventory", headers=tenant.headers())
    assert r.status_code == 200, r.text
    got = r.json()
    by_type = {i["waste_type"]: i for i in got["inventory_items"]}
    assert by_type["Food Scraps"]["quantity_available"] == 1000.0
    assert by_type["Food Scraps"]["total_value"] == 40.0  # 1,000 lb at the line's $0.04/lb
    assert by_type["Food Waste"]["quantity_available"] == 1500.0  # 0.75 t
    assert by_type["Food Waste"]["source_customer"]["customer_name"] == "Golden Gate Produce"
    flows = got["summary"]["inventory_flows"]
    assert flows["on_hand"] == {"total_quantity": 2500.0, "total_value": 100.0, "item_count": 2}
    assert flows["flows_last_30_days"] == {"total_in": 3000.0, "total_out": 500.0, "in_flow_rate_per_day": 100.0,
                                           "out_flow_rate_per_day": 16.67, "net_change": 2500.0}
    # average on hand (2,500 now, 0 thirty days ago) = 1,250: turnover 500/1,250 = 40 %; 2,500 / 16.67 = 150 days
    assert flows["metrics"] == {"turnover_rate_30_day": 40.0, "days_of_inventory": 150.0, "transaction_count": 3}
    assert got["summary"]["total_items"] == 2 == got["total"] and got["last_refreshed_at"] is None

    filtered = (await client.get("/api/inventory", params={"waste_type": "food scraps"}, headers=tenant.headers())).json()
    assert [i["waste_type"] for i in filtered["inventory_items"]] == ["Food Scraps"]
    assert filtered["summary"]["total_quantity"] == 1000.0
    other = (await client.get("/api/inventory", headers=stocked["other"].headers())).json()
    assert other["inventory_items"] == []


async def test_adjustment_rules(client, stocked, owner_sql):
    tenant, other = stocked["tenant"], stocked["other"]
    items = await item_ids(owner_sql, tenant.company_id)
    body = {"item_id": items["Food Waste"], "quantity": -1, "reason": "Spill"}
    r = await client.post("/api/inventory/adjustments", headers=tenant.headers("employee"), json=body)
    assert r.status_code == 403
    r = await client.post("/api/inventory/adjustments", headers=other.headers(), json=body)
    assert r.status_code == 404
    r = await client.post("/api/inventory/adjustments", headers=tenant.headers(), json={**body, "reason": ""})
    assert r.status_code == 422


async def test_a_completed_outbound_load_draws_down_its_waste_type_oldest_first(client, stocked, owner_sql):
    tenant = stocked["tenant"]
    items = await item_ids(owner_sql, tenant.company_id)
    before = owner_sql("select count(*) from inventory_movements where company_id=%s", (tenant.company_id,))[0][0]
    out = {"waste_type": "Food Scraps", "destination": "Compost", "container_type": "Slim Jim 23 (23gal)",
           "gross_weight": 307.8}
    r = await client.post("/api/tickets", json=out, headers=tenant.headers())
    assert r.status_code == 201, r.text
    moves = owner_sql("select item_id, direction, kind, quantity, ticket_id from inventory_movements "
                      "where company_id=%s and kind='disposal'", (tenant.company_id,))
    assert [(str(i), d, k, float(q), str(t)) for i, d, k, q, t in moves] == [
        (items["Food Scraps"], "out", "disposal", 300.0, r.json()["id"])]
    # A saved outbound ticket has not left yet; completing it later draws it down then.
    r = await client.post("/api/tickets", json={**out, "status": "saved"}, headers=tenant.headers())
    assert owner_sql("select count(*) from inventory_movements where company_id=%s", (tenant.company_id,))[0][0] \
        == before + 1
    done = await client.put(f"/api/tickets/{r.json()['id']}", json={"status": "completed"}, headers=tenant.headers())
    assert done.status_code == 200, done.text
    left = owner_sql("select sum(case when direction='in' then quantity else -quantity end) from inventory_movements "
                     "where item_id=%s", (items["Food Scraps"],))[0][0]
    assert float(left) == 400.0  # 1,500 in, 500 adjusted out, 300 + 300 disposed
    # More than is on hand: takes what there is, never below 0.
    r = await client.post("/api/tickets", json={**out, "gross_weight": 5007.8}, headers=tenant.headers())
    assert r.status_code == 201
    left = owner_sql("select sum(case when direction='in' then quantity else -quantity end) from inventory_movements "
                     "where item_id=%s", (items["Food Scraps"],))[0][0]
    assert float(left) == 0.0
