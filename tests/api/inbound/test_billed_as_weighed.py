"""Loads are billed as weighed (issue 29): an inbound load's billed and stocked weight is the
scale's net, split over its lines by their typed quantities (largest remainder, to the 0.1 lb),
and the ticket, its invoice, its inventory and the marts agree to the pound. The issue's own
example: lines of 2,000 + 500 lb on a load weighed 13,420 - 10,900 = 2,520 lb."""
from __future__ import annotations

from decimal import Decimal

import pytest

from api.inbound.pricing import split_net
from tests.api.inbound.helpers import add_customer, inbound_tenant
from tests.pipelines.world import refresh

EXAMPLE = {"gross_weight": 13420, "tare_weight": 10900, "payment_method": "invoice",
           "line_items": [{"waste_type": "Food Scraps", "quantity": 2000, "unit": "lbs"},
                          {"waste_type": "Food Waste", "quantity": 500, "unit": "lbs"}]}


@pytest.mark.parametrize(("net", "declared", "expected"), [
    ("2520", ["2000", "500"], ["2016.0", "504.0"]),  # the load: 80 % and 20 % of 2,520
    ("100", ["1", "1", "1"], ["33.4", "33.3", "33.3"]),  # a spare tenth goes to the first on a tie
    ("10.1", ["1", "2"], ["3.4", "6.7"]),  # 3.366.. and 6.733..: the larger remainder (.066) wins
    ("0.2", ["5", "5", "5"], ["0.1", "0.1", "0.0"]),
    ("1500.3", ["1500.3"], ["1500.3"]),  # one line weighed on its own keeps its weight
    ("750", ["500", "250"], ["500.0", "250.0"]),  # lines weighed one by one keep theirs too
])
def test_the_net_is_split_by_shares_and_adds_up_exactly(net, declared, expected):
    split = split_net(Decimal(net), [Decimal(d) for d in declared])
    assert split == [Decimal(e) for e in expected]
    assert sum(split) == Decimal(net)


@pytest.fixture(scope="module")
async def weighed(app):
    import httpx

    from tests.factories import Factory

    t = await inbound_tenant(Factory())
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as client:
        payee = await add_customer(client, t, "Golden Gate Produce", custom_pricing_per_unit=0.05)
        preview = await client.post("/api/inbound/tickets/price-preview", headers=t.headers(),
                                    json={"customer1_id": payee["id"], **{k: v for k, v in EXAMPLE.items()
                                                                         if k != "payment_method"}})
        assert preview.status_code == 200, preview.text
        r = await client.post("/api/inbound/tickets", json={"customer1_id": payee["id"], **EXAMPLE},
                              headers=t.headers())
        assert r.status_code == 201, r.text
    await refresh(full=True)
    return {"t": t, "preview": preview.json(), "ticket": r.json()}


async def test_the_preview_shows_the_difference_and_the_price_before_complete(weighed):
    p = weighed["preview"]
    assert (p["net_weight"], p["declared_lbs"], p["difference_lbs"]) == (2520.0, 2500.0, 20.0)
    assert [(li["waste_type"], li["declared_quantity"], li["quantity_lbs"], li["amount"]) for li in p["line_items"]] \
        == [("Food Scraps", 2000.0, 2016.0, 100.8), ("Food Waste", 500.0, 504.0, 25.2)]
    assert p["total_amount"] == 126.0 == weighed["ticket"]["total_amount"]


async def test_ticket_invoice_inventory_and_marts_all_say_2520_lb(client, weighed, owner_sql):
    t, ticket = weighed["t"], weighed["ticket"]
    assert ticket["net_weight"] == 2520.0
    assert [(li["quantity"], li["declared_quantity"]) for li in ticket["line_items"]] == [(2016.0, 2000.0),
                                                                                        (504.0, 500.0)]
    assert sum(li["quantity"] for li in ticket["line_items"]) == 2520.0

    (invoice_id,) = owner_sql("select id from invoices where company_id=%s", (t.company_id,))[0]
    r = await client.get(f"/api/invoices/{invoice_id}", headers=t.headers())
    assert r.status_code == 200, r.text
    invoice = r.json()
    assert sum(Decimal(str(li["quantity"])) for li in invoice["line_items"]) == Decimal(2520)
    assert Decimal(invoice["amount"]) == Decimal("126.00")

    stocked = owner_sql("select sum(quantity) from inventory_movements where company_id=%s and direction='in'",
                        (t.company_id,))[0][0]
    assert stocked == Decimal("2520.00")
    inventory = (await client.get("/api/inventory", headers=t.headers())).json()["summary"]["inventory_flows"]
    assert inventory["on_hand"]["total_quantity"] == 2520.0 and inventory["flows_last_30_days"]["total_in"] == 2520.0

    listed = (await client.get("/api/inbound/tickets", headers=t.headers())).json()
    assert (listed["total_weight_lbs"], listed["total_revenue"]) == (2520.0, 126.0)


async def test_a_weigh_out_bills_the_saved_lines_as_weighed(client, factory):
    t = await inbound_tenant(factory, multistep=True)
    payee = await add_customer(client, t, "Mission Market", custom_pricing_per_unit=0.05)
    body = {"customer1_id": payee["id"], **EXAMPLE, "status": "saved", "tare_weight": None, "payment_method": None}
    saved = (await client.post("/api/inbound/tickets", json=body, headers=t.headers())).json()
    assert [li["quantity"] for li in saved["line_items"]] == [2000.0, 500.0]  # not weighed out yet
    r = await client.put(f"/api/inbound/tickets/{saved['id']}", headers=t.headers(),
                         json={"tare_weight": 10900, "payment_method": "cash", "status": "completed"})
    assert r.status_code == 200, r.text
    done = r.json()
    assert [(li["quantity"], li["declared_quantity"]) for li in done["line_items"]] == [(2016.0, 2000.0),
                                                                                      (504.0, 500.0)]
    assert done["total_amount"] == 126.0
