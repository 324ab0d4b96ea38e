"""The money journey's books in the warehouse: moved here from web/e2e/money.spec.ts (issue 34).

The spec held its screens to the ledger and the ledger to Postgres's tables at every step, and also
refreshed the warehouse nine times (about 30 s each, in a subprocess) to hold the aging and activity
marts to the ledger. Those mart checks are here, over the same steps and figures, with one refresh:
each step of the journey is a company of its own, left at that step (companies do not see each
other's money), and the spec's own fixture (web/e2e/fixtures/money.py: aged_load, figures,
statement) reads the books three times, as the spec did.

Steps (the spec's tests in brackets):
- billed: a load 45 days ago ($123.45), one charged today ($75.00), one paid in cash [charged load]
- part_paid: billed, then $23.45 paid by check [charged load]
- paid: part_paid, then the $100.00 left [charged load; the statement]
- bill: a type-2 load to a partner at $42.50 a ton, 11,000 lb: $233.75 owed [disposal partner]
- bill_paid: bill, then paid [disposal partner]
- weighed_out: bill_paid, then a 16,000 lb load billed $340.00 [In-Progress Outbound]
- voided: weighed_out, then that load voided [In-Progress Outbound]
"""
from __future__ import annotations

import importlib.util
from datetime import date, timedelta
from decimal import Decimal

import httpx
import pytest

from tests.pipelines.world import refresh

pytestmark = pytest.mark.warehouse


def _money_fixture():
    from tests.conftest import ROOT

    spec = importlib.util.spec_from_file_location("e2e_money_fixture", ROOT / "web" / "e2e" / "fixtures" / "money.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


money = _money_fixture()

SETTINGS = ({"inbound_module_enabled": True}, {"outbound_truck_scale_enabled": True},
            {"outbound_type2_auto_generate_bol": True}, {"outbound_type2_auto_create_payable": True})
TYPE2 = {"is_inbound": False, "outbound_ticket_type": "type_2_truck_scale", "destination": "Compost",
         "container_type": "Custom Container", "tare_weight": 21000,
         "vehicle_info": {"license_plate": "8ABC123", "driver_name": "Rosa Diaz", "carrier": "Green Haul Co"}}


async def _no_dispose() -> None:
    """The fixture's commands end by closing the engine (a process of their own); here the test
    session's engine stays open."""


def _ok(r: httpx.Response) -> dict:
    assert r.is_success, r.text
    return r.json()


async def _company(factory, c: httpx.AsyncClient) -> dict:
    tenant = await factory.tenant("enterprise", stores=1)
    h = tenant.headers()
    for data in SETTINGS:
        _ok(await c.put("/api/system/settings", json=data, headers=h))
    product = next(w["name"] for w in _ok(await c.get("/api/waste-types", headers=h))["waste_types"] if w["is_active"])
    return {"tenant": tenant, "h": h, "email": tenant.admin.email, "product": product}


async def _billed(factory, c) -> dict:
    """The spec's beforeAll: Bayview Grocers at $0.05 a lb, 2,469 lb 45 days ago, 1,500 lb today
    charged to the account and 1,500 lb paid in cash."""
    co = await _company(factory, c)
    payee = _ok(await c.post("/api/inbound/customers", headers=co["h"], json={
        "customer_name": "Bayview Grocers", "custom_pricing_per_unit": 0.05, "default_unit_of_measure": "lb",
        "address": "1 Market St, San Francisco, CA"}))
    co["payee"] = payee["id"]
    co["overdue"] = (await money.aged_load(co["email"], payee["id"], 45, "2469", co["product"])).split(" ")[0]
    load = {"customer1_id": payee["id"], "gross_weight": 12000, "tare_weight": 10500,
            "line_items": [{"waste_type": co["product"], "quantity": 1500, "unit": "lbs"}]}
    for method in ("invoice", "cash"):
        _ok(await c.post("/api/inbound/tickets", headers=co["h"], json={**load, "payment_method": method}))
    return co


async def _pay_invoice(c, co, amount: str, method: str, reference: str | None = None) -> None:
    [invoice_id] = [i["invoice_id"] for i in _ok(await c.get("/api/invoices", headers=co["h"]))["invoices"]
                    if i["invoice_number"] == co["overdue"]]
    _ok(await c.put(f"/api/invoices/{invoice_id}/payment", headers=co["h"],
                    json={"amount": amount, "method": method, **({"reference": reference} if reference else {})}))


async def _bill(factory, c) -> dict:
    co = await _company(factory, c)
    partner = _ok(await c.post("/api/disposal-partners", headers=co["h"], json={
        "name": "Salinas Compost Facility", "price_basis": "per_ton", "price": "42.50",
        "permit_number": "SWIS 27-AA-0001"}))
    co["partner"] = partner["id"]
    co["ticket"] = _ok(await c.post("/api/tickets", headers=co["h"], json={
        **TYPE2, "waste_type": co["product"], "gross_weight": 32000, "disposal_partner_id": partner["id"]}))
    return co


async def _pay_bills(c, co) -> None:
    for bill in _ok(await c.get("/api/bills", headers=co["h"]))["bills"]:
        if Decimal(bill["balance"]) > 0:
            _ok(await c.put(f"/api/bills/{bill['bill_id']}/payment", headers=co["h"],
                            json={"amount": bill["balance"], "method": "check"}))


async def _weighed_out(factory, c) -> dict:
    co = await _bill(factory, c)
    await _pay_bills(c, co)
    co["load"] = _ok(await c.post("/api/tickets", headers=co["h"], json={
        **TYPE2, "waste_type": co["product"], "gross_weight": 37000, "disposal_partner_id": co["partner"]}))
    return co


@pytest.fixture(scope="module")
async def journey(app):
    from tests.factories import Factory

    factory = Factory()
    transport = httpx.ASGITransport(app=app, client=("10.9.9.8", 40000))
    steps: dict[str, dict] = {}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("api.core.db.dispose_engine", _no_dispose)
        async with httpx.AsyncClient(transport=transport, base_url="http://flow.test") as c:
            steps["billed"] = await _billed(factory, c)
            steps["part_paid"] = await _billed(factory, c)
            await _pay_invoice(c, steps["part_paid"], "23.45", "check", "CHK 1001")
            steps["paid"] = await _billed(factory, c)
            await _pay_invoice(c, steps["paid"], "23.45", "check", "CHK 1001")
            await _pay_invoice(c, steps["paid"], "100.00", "bank_transfer")
            steps["bill"] = await _bill(factory, c)
            steps["bill_paid"] = await _bill(factory, c)
            await _pay_bills(c, steps["bill_paid"])
            steps["weighed_out"] = await _weighed_out(factory, c)
            steps["voided"] = await _weighed_out(factory, c)
            _ok(await c.post(f"/api/tickets/{steps['voided']['load']['id']}/void", headers=steps["voided"]["h"],
                             json={"reason": "Wrong partner"}))
        await refresh(dbt_tests=False)  # dbt's own tests run in tests/pipelines/test_quality.py
        for co in steps.values():
            co["books"] = await money.figures(co["email"])
        paid = steps["paid"]
        today = date.fromisoformat(paid["books"]["today"])
        paid["statement"] = await money.statement(paid["email"], paid["payee"], (today - timedelta(days=60)).isoformat(),
                                                  today.isoformat())
        yield steps


def consistent(side: str, b: dict) -> None:
    """money.spec.ts's consistent(): Postgres's tables, the ledger functions and the marts agree, to
    the cent, on every document, every aging bucket and the total; the buckets add up to the total."""
    tables, ledger, mart = b["tables"][side], b["postgres"][side], b["marts"][side]
    assert ledger["total"] == tables["total"], f"{side}: ledger total vs Postgres's tables"
    assert ledger["balances"] == tables["balances"], f"{side}: ledger balances vs Postgres's tables"
    assert mart["total"] == ledger["total"], f"{side}: mart total vs the ledger"
    assert mart["balances"] == ledger["balances"], f"{side}: mart balances vs the ledger"
    assert mart["buckets"] == ledger["buckets"], f"{side}: mart buckets vs the ledger"
    assert sum(Decimal(v) for v in ledger["buckets"].values()) == Decimal(ledger["total"]), f"{side}: buckets add up"


def test_a_charged_load_billed_then_paid_in_part_then_in_full_agrees_in_the_marts(journey):
    b = journey["billed"]["books"]
    assert len(b["postgres"]["receivable"]["balances"]) == 2 and b["postgres"]["receivable"]["total"] == "198.45"
    assert {k: b["marts"]["receivable"]["buckets"][k] for k in ("CURRENT", "1-30")} == {
        "CURRENT": "75.00", "1-30": "123.45"}
    consistent("receivable", b)
    b = journey["part_paid"]["books"]
    assert b["postgres"]["receivable"]["balances"][journey["part_paid"]["overdue"]] == "100.00"
    consistent("receivable", b)
    assert {k: b["marts"]["receivable"]["buckets"][k] for k in ("CURRENT", "1-30")} == {
        "CURRENT": "75.00", "1-30": "100.00"}
    b = journey["paid"]["books"]
    consistent("receivable", b)
    assert b["postgres"]["receivable"]["balances"][journey["paid"]["overdue"]] == "0.00"


def test_a_partner_bill_and_its_payment_agree_in_the_marts(journey):
    b = journey["bill"]["books"]
    assert b["postgres"]["payable"]["total"] == "233.75"
    consistent("payable", b)
    b = journey["bill_paid"]["books"]
    assert b["postgres"]["payable"]["total"] == "0.00"
    consistent("payable", b)


def test_the_statement_of_the_paid_account_agrees_in_the_mart(journey):
    truth = journey["paid"]["statement"]
    assert truth["ledger"] == truth["postgres"], "ledger_receivable_activity vs Postgres's tables"
    assert truth["marts"] == truth["postgres"], "receivable_activity mart vs Postgres's tables"
    assert truth["postgres"] == {"opening": "0.00", "charges": "198.45", "credits": "123.45", "closing": "75.00",
                                 "lines": 4}


def test_a_load_weighed_out_then_voided_agrees_in_the_marts(journey):
    b = journey["weighed_out"]["books"]
    assert b["postgres"]["payable"]["total"] == "340.00"
    consistent("payable", b)
    b = journey["voided"]["books"]
    assert b["postgres"]["payable"]["total"] == "0.00"
    consistent("payable", b)
