"""Platform billing, plans and reports (system_admin only): figures from the warehouse marts
platform_billing_monthly and platform_customer_revenue (hand-computed in dbt/unit_tests/platform.yml),
the invoice list and retries from the subscription records."""
from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

from openpyxl import load_workbook

from tests.pipelines.world import refresh


async def root_headers(factory) -> dict[str, str]:
    _root, token = await factory.system_admin()
    return {"Authorization": f"Bearer {token}"}


async def test_billing_shows_paid_and_failed_invoices_and_retries_through_the_provider(client, factory, payments):
    root = await root_headers(factory)
    paid = await factory.tenant(trial=True, stores=2, name="Paid Kitchens")
    failing = await factory.tenant(trial=True, stores=1, name="=HYPERLINK(\"x\")")  # a hostile name
    assert (await client.post("/api/subscription/change-plan", json={"plan": "pro"}, headers=paid.headers())).status_code == 200
    payments.decline = True
    assert (await client.post("/api/subscription/change-plan", json={"plan": "pro"},
                              headers=failing.headers())).status_code == 200
    await refresh(full=True)
    b = (await client.get("/api/admin/billing", headers=root)).json()
    assert b["warehouse_refreshed_at"] is not None
    mine = {t["customer"]: t for t in b["transactions"] if t["company_id"] in (str(paid.company_id),
                                                                               str(failing.company_id))}
    # Pro: 2 locations at $99, its users included (one price list, api/subscription/plans.py).
    assert mine["Paid Kitchens"]["status"] == "paid" and mine["Paid Kitchens"]["amount"] == 198
    assert mine['=HYPERLINK("x")']["status"] == "failed"
    assert b["failed_payments"] >= 1 and b["total_revenue"] >= 198 and b["payment_provider_configured"] is True
    this_month = f"{datetime.now(tz=UTC):%Y-%m}"
    month = next(m for m in b["revenue_by_month"] if m["month"] == this_month)
    assert month["revenue"] >= 198 and month["failed"] >= 1 and month["mrr"] >= month["revenue"] + 99
    assert b["churn_month"] == this_month and b["customers_lost"] >= 0
    # The revenue in force of the paying tenant, from platform_customer_revenue.
    customers = {c["id"]: c for c in (await client.get("/api/customers", headers=root)).json()["customers"]}
    assert customers[str(paid.company_id)]["monthly_revenue"] == 198
    assert b["monthly_recurring_revenue"] >= 198 and b["paying_customers"] >= 2

    payments.decline = False
    r = await client.post("/api/admin/billing/retry-all", headers=root)
    assert r.status_code == 200 and r.json()["paid"] >= 1

    csv_file = await client.get("/api/admin/reports/customers?format=csv", headers=root)
    assert csv_file.status_code == 200 and csv_file.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(csv_file.content.decode("utf-8-sig"))))
    assert rows[0][0] == "Company"
    assert ["'=HYPERLINK(\"x\")"] == [r[0] for r in rows if "HYPERLINK" in r[0]]  # neutralised for Excel
    xlsx = await client.get("/api/admin/reports/transactions?format=xlsx", headers=root)
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    assert [c.value for c in sheet[1]][:2] == ["Invoice", "Customer"]
    assert sheet.max_row >= 3
    bad = await client.get("/api/admin/reports/customers?format=pdf", headers=root)
    assert bad.status_code == 422 and "format" in bad.json()["detail"]


async def test_plans_count_customers_and_revenue(client, factory):
    root = await root_headers(factory)
    await factory.tenant("enterprise", stores=3)
    await refresh(full=True)
    plans = {p["id"]: p for p in (await client.get("/api/admin/plans", headers=root)).json()["plans"]}
    assert plans["enterprise"]["customers"] >= 1 and plans["enterprise"]["monthly_revenue"] >= 450
    assert plans["core"]["price"] == 49 and all(p["active"] for p in plans.values())
    r = await client.put("/api/admin/plans/platinum", json={"active": False}, headers=root)
    assert r.status_code == 404


async def test_system_reports_health_and_list(client, factory):
    root = await root_headers(factory)
    body = (await client.get("/api/admin/reports", headers=root)).json()
    assert {r["id"] for r in body["reports"]} == {"revenue", "customers", "plans", "transactions"}
    assert set(body["health"]) >= {"tickets_per_day", "warehouse_refreshed_at", "offline_tickets_synced_24h",
                                   "failed_report_mails_24h", "failed_payments_24h"}


async def test_before_the_first_publish_billing_answers_from_the_empty_marts(client, factory, monkeypatch, tmp_path):
    from api.core.config import get_settings

    root = await root_headers(factory)
    monkeypatch.setenv("FLOW_WAREHOUSE_PATH", str(tmp_path / "never-published.duckdb"))
    get_settings.cache_clear()
    try:
        b = (await client.get("/api/admin/billing", headers=root)).json()
        assert b["warehouse_refreshed_at"] is None and b["revenue_by_month"] == []
        assert b["total_revenue"] == 0 and b["monthly_recurring_revenue"] == 0 and b["churn_month"] is None
        plans = (await client.get("/api/admin/plans", headers=root)).json()["plans"]
        assert all(p["monthly_revenue"] == 0 and p["customers"] == 0 for p in plans)
        revenue = await client.get("/api/admin/reports/revenue?format=csv", headers=root)
        assert revenue.status_code == 200 and revenue.content.decode("utf-8-sig").startswith("Month,")
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
