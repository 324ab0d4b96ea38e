"""The figures of the inbound screens: the four Inbound Ticket Management statistics (the ledger
view ledger_inbound_ticket_days, which agrees with dbt's inbound_ticket_stats_daily) and the
inventory summary per location, waste type and customer (the ledger's ledger_inventory_summary,
which agrees with dbt's inventory_summary), narrowed by the same filters as the lists.
Hand-computed below."""
from __future__ import annotations

from datetime import date, timedelta

import pytest

from tests.api.inbound.helpers import add_customer, inbound_tenant
from tests.pipelines.world import refresh


def load(payee_id: str, store_id, gross: float, lines: list[tuple[str, float, str]], **extra) -> dict:
    return {"customer1_id": payee_id, "store_id": str(store_id), "gross_weight": gross, "tare_weight": 10400,
            "payment_method": "cash",
            "line_items": [{"waste_type": w, "quantity": q, "unit": u} for w, q, u in lines], **extra}


@pytest.fixture(scope="module")
async def world(app):
    import httpx

    from tests.factories import Factory

    t = await inbound_tenant(Factory(), stores=2, assign_employee=True)  # the employee works at stores[0]
    s0, s1 = t.stores[0].id, t.stores[1].id
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as client:
        a = await add_customer(client, t, "Golden Gate Produce", custom_pricing_per_unit=0.04)
        b = await add_customer(client, t, "Mission Market", custom_pricing_per_unit=0.05)
        h = await add_customer(client, t, "Bay Hauling", is_hauler=True)
        bodies = [
            # s0, payee A: 1,500 lb + 0.75 t (1,500 lb) at $0.04 = $120.00, net 3,000.0 lb (weighed as typed)
            load(a["id"], s0, 13400, [("Food Scraps", 1500, "lbs"), ("Food Waste", 0.75, "tons")]),
            # s1, payee B with hauler H: 1,000 lb at $0.05 = $50.00, net 1,000.0 lb
            load(b["id"], s1, 11400, [("Food Scraps", 1000, "lbs")], customer2_id=h["id"]),
            # s0, payee A: 100 lb, $4.00, voided below: counts nowhere
            load(a["id"], s0, 10500, [("Food Scraps", 100, "lbs")]),
        ]
        made = []
        for body in bodies:
            r = await client.post("/api/inbound/tickets", json=body, headers=t.headers())
            assert r.status_code == 201, r.text
            made.append(r.json())
        r = await client.post(f"/api/inbound/tickets/{made[2]['id']}/void", json={"reason": "Keyed twice"},
                              headers=t.headers())
        assert r.status_code == 200, r.text
        # s1 ships 300 lb of Food Scraps: drawn from s1's own stock (the 1,000 lb of payee B)
        r = await client.post("/api/tickets", headers=t.headers(), json={
            "waste_type": "Food Scraps", "destination": "Compost", "container_type": "Slim Jim 23 (23gal)",
            "gross_weight": 307.8, "store_id": str(s1)})
        assert r.status_code == 201, r.text
    await refresh(full=True)
    return {"t": t, "a": a, "b": b, "h": h, "s1": s1}


async def stats(client, tenant, who="admin", **params) -> tuple:
    r = await client.get("/api/inbound/tickets", params=params, headers=tenant.headers(who))
    assert r.status_code == 200, r.text
    got = r.json()
    return got["total_tickets"], got["total_revenue"], got["total_weight_lbs"], got["today_count"]


async def test_ticket_statistics_are_summed_from_the_ledger(client, world):
    t = world["t"]
    assert await stats(client, t) == (2, 170.0, 4000.0, 2)
    assert await stats(client, t, customer_id=world["h"]["id"]) == (1, 50.0, 1000.0, 1)  # as hauler
    assert await stats(client, t, customer_id=world["a"]["id"]) == (1, 120.0, 3000.0, 1)
    tomorrow = (date.today() + timedelta(days=2)).isoformat()
    assert await stats(client, t, start_date=tomorrow) == (0, 0.0, 0.0, 0)
    # The ticket list and its statistics are the managers' (docs/access.md).
    r = await client.get("/api/inbound/tickets", headers=t.headers("employee"))
    assert r.status_code == 403


async def inventory(client, tenant, who="admin", **params) -> dict:
    r = await client.get("/api/inventory", params=params, headers=tenant.headers(who))
    assert r.status_code == 200, r.text
    return r.json()


async def test_inventory_metrics_follow_the_location_and_filters(client, world):
    t = world["t"]
    company = (await inventory(client, t))["summary"]["inventory_flows"]
    # In 3,000 + 1,000 (+ 100 voided out again), out 300: on hand 3,700; average on hand
    # (3,700 + 0) / 2 = 1,850: turnover 300 / 1,850 = 16.2 %; days 3,700 / (300 / 30) = 370.0.
    assert company["on_hand"]["total_quantity"] == 3700.0
    assert company["flows_last_30_days"] == {"total_in": 4000.0, "total_out": 300.0, "in_flow_rate_per_day": 133.33,
                                             "out_flow_rate_per_day": 10.0, "net_change": 3700.0}
    assert company["metrics"] == {"turnover_rate_30_day": 16.2, "days_of_inventory": 370.0, "transaction_count": 6}

    s1 = await inventory(client, t, store_id=str(world["s1"]))
    # s1: 1,000 in, 300 out, 700 on hand; average (700 + 0) / 2 = 350: turnover 85.7 %, days 70.0.
    flows = s1["summary"]["inventory_flows"]
    assert flows["on_hand"]["total_quantity"] == 700.0
    assert flows["metrics"] == {"turnover_rate_30_day": 85.7, "days_of_inventory": 70.0, "transaction_count": 2}
    assert [i["quantity_available"] for i in s1["inventory_items"]] == [700.0]

    # Inventory is a manager's screen (docs/access.md): an employee, assigned or not, gets 403.
    r = await client.get("/api/inventory", params={"store_id": str(world["s1"])}, headers=t.headers("employee"))
    assert r.status_code == 403

    food_waste = (await inventory(client, t, waste_type="Food Waste"))["summary"]["inventory_flows"]
    assert food_waste["on_hand"]["total_quantity"] == 1500.0 and food_waste["flows_last_30_days"]["total_in"] == 1500.0
    payee_b = (await inventory(client, t, customer_id=world["b"]["id"]))["summary"]["inventory_flows"]
    assert payee_b["on_hand"]["total_quantity"] == 700.0 and payee_b["flows_last_30_days"]["total_out"] == 300.0


async def test_the_inbound_stats_mart_agrees_with_the_ledger_view(world, owner_sql):
    from api.warehouse import reader as warehouse

    company = world["t"].company_id
    columns = "location_id, local_date, payee_id, hauler_id, ticket_count, total_revenue_usd, net_weight_lb"
    with warehouse.read_warehouse() as con:
        mart = {tuple(str(v) for v in r) for r in con.execute(
            f"select {columns} from marts.inbound_ticket_stats_daily where company_id = ?", [str(company)]).fetchall()}
    ledger = {tuple(str(v) for v in r) for r in owner_sql(
        f"select {columns} from ledger_inbound_ticket_days where company_id = %s", (company,))}
    assert len(ledger) == 2 and ledger == mart


async def test_a_load_completed_now_counts_in_todays_tickets_on_the_next_read(client, world):
    """Issue 30: no warehouse refresh between the new load and the statistics."""
    t = world["t"]
    before = await stats(client, t)
    r = await client.post("/api/inbound/tickets", headers=t.headers(),
                          json=load(world["a"]["id"], t.stores[0].id, 12900, [("Food Scraps", 2500, "lbs")]))
    assert r.status_code == 201, r.text
    after = await stats(client, t)
    assert after == (before[0] + 1, before[1] + 100.0, before[2] + 2500.0, before[3] + 1)


async def test_the_inventory_marts_agree_with_the_ledger(world, owner_sql):
    """Items on hand, daily flows and every summary row of the marts (each combination of location,
    waste type and customer) equal the ledger's views and function, figure by figure. The warehouse
    is refreshed first: another test of this module may have written since the world's refresh."""
    from api.warehouse import reader as warehouse

    await refresh()
    company = str(world["t"].company_id)
    items = ("inventory_item_id, store_id, waste_type_name, source_customer_id, source_customer_name, unit_value, "
             "quantity_available, quantity_reserved, total_value, status")
    flows = "flow_date, store_id, waste_type_name, source_customer_id, quantity_in, quantity_out, value_in, value_out, " \
            "movement_count"
    figures = ("on_hand_quantity, on_hand_value, item_count, total_in, total_out, in_flow_rate_per_day, "
               "out_flow_rate_per_day, net_change, turnover_rate_30_day, days_of_inventory, transaction_count")

    def same(rows) -> set[tuple]:
        return {tuple(None if v is None else str(v) for v in r) for r in rows}

    with warehouse.read_warehouse() as con:
        mart_items = same(con.execute(f"select {items} from marts.inventory_items_on_hand where company_id = ?",
                                      [company]).fetchall())
        mart_flows = same(con.execute(f"select {flows} from marts.inventory_flows_daily where company_id = ?",
                                      [company]).fetchall())
        summaries = con.execute(
            "select as_of_date, by_location, store_id, by_waste_type, waste_type_name, by_customer, source_customer_id, "
            f"{figures} from marts.inventory_summary where company_id = ?", [company]).fetchall()
    assert len(mart_items) >= 4 and mart_items == same(owner_sql(
        f"select {items} from ledger_inventory_items where company_id = %s", (company,)))
    assert len(mart_flows) >= 2 and mart_flows == same(owner_sql(
        f"select {flows} from ledger_inventory_flows_daily where company_id = %s", (company,)))
    compared = 0
    for as_of, by_loc, store, by_type, kind, by_cust, customer, *mart in summaries:
        if (by_loc and store is None) or (by_type and kind is None) or (by_cust and customer is None):
            continue  # a row of items with no location (or customer): the screens cannot ask for it
        ledger = owner_sql(f"select {figures} from ledger_inventory_summary(%s, %s, %s, %s, %s)",
                           (company, as_of, store if by_loc else None, kind if by_type else None,
                            customer if by_cust else None))
        assert same(ledger) == same([mart]), (by_loc, store, by_type, kind, by_cust, customer)
        compared += 1
    assert compared >= 8


async def test_an_inventory_change_shows_on_the_next_read(client, world, owner_sql):
    """Issue 30: no warehouse refresh between a write and the Inventory screens' next read. An
    inbound load adds its pounds and an item; an adjustment takes pounds off the item at once."""
    t = world["t"]
    before = (await inventory(client, t))["summary"]
    r = await client.post("/api/inbound/tickets", headers=t.headers(),
                          json=load(world["b"]["id"], t.stores[1].id, 12900, [("Green Waste", 2500, "lbs")]))
    assert r.status_code == 201, r.text
    after = await inventory(client, t)
    flows, was = after["summary"]["inventory_flows"], before["inventory_flows"]
    assert flows["on_hand"]["total_quantity"] == was["on_hand"]["total_quantity"] + 2500.0
    assert flows["flows_last_30_days"]["total_in"] == was["flows_last_30_days"]["total_in"] + 2500.0
    assert after["summary"]["total_items"] == before["total_items"] + 1 == after["total"]
    item = next(i for i in after["inventory_items"] if i["waste_type"] == "Green Waste")
    assert item["quantity_available"] == 2500.0 and item["status"] == "available"

    r = await client.post("/api/inventory/adjustments", headers=t.headers(),
                          json={"item_id": item["id"], "quantity": -2500, "reason": "Rejected at the gate"})
    assert r.status_code == 201, r.text
    green = await inventory(client, t, waste_type="Green Waste")
    assert [(i["quantity_available"], i["status"]) for i in green["inventory_items"]] == [(0.0, "empty")]
    assert green["summary"]["inventory_flows"]["flows_last_30_days"]["total_out"] == 2500.0
    assert green["last_refreshed_at"] is None


async def test_inventory_items_page_with_a_total(client, world):
    """limit and offset page the items; total and the summary count the whole filtered set."""
    t = world["t"]
    whole = await inventory(client, t)
    ids = [i["id"] for i in whole["inventory_items"]]
    assert len(ids) == whole["total"] >= 3
    pages = [await inventory(client, t, limit=2, offset=o) for o in range(0, len(ids), 2)]
    assert [i["id"] for p in pages for i in p["inventory_items"]] == ids
    assert {p["total"] for p in pages} == {whole["total"]}
    assert pages[0]["summary"] == whole["summary"]
    s1 = await inventory(client, t, store_id=str(world["s1"]), limit=1)
    assert s1["total"] == s1["summary"]["total_items"] and len(s1["inventory_items"]) == 1
    r = await client.get("/api/inventory", params={"limit": 0}, headers=t.headers())
    assert r.status_code == 422 and "limit" in r.text
