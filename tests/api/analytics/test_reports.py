"""Dashboards and reports read the published marts: spec formulas on a hand-computed month."""
from __future__ import annotations

OCT = {"start_date": "2026-10-01", "end_date": "2026-10-31"}


async def get(client, path, tenant, who="admin", **params):
    return await client.get(path, params={**OCT, **params}, headers=tenant.headers(who))


async def test_dashboard_shows_weight_based_diversion_and_the_catalogue_figures(client, world):
    r = await get(client, "/api/analytics/dashboard", world["a"])
    assert r.status_code == 200, r.text
    body = r.json()
    # Outbound only: 100 + 50 + 60 lb; diverted 160 lb; 160 / 210 = 76.2 %.
    assert body["total_tickets"] == 3
    assert body["total_weight"] == 210.0
    assert body["diverted_weight"] == 160.0
    assert body["diversion_rate"] == 76.2
    assert body["ca_compliance"] is True
    # docs/figures.md: CO2e avoided from the EPA Hub (100/2000 x 0.57 t + 60/2000 x 0.68 t), no per-lb
    # estimate of net weight; cost savings 0.12 USD per diverted lb (160 lb), not per net lb.
    assert body["co2_prevented_kg"] == 48.9
    assert body["esg_metrics"]["co2_saved_lbs"] == 107.81  # 48.9 / 0.45359237
    assert body["cost_savings"] == 19.2
    assert body["esg_metrics"]["cost_saved_usd"] == 19.2
    assert body["meals_recovered"] == 50  # 60 donated lb / 1.2
    assert "co2e_avoided_kg_epa" not in body
    assert body["esg_metrics"]["meals_recovered"] == 50
    # spec 2 s2.5 equivalences of 107.81 lb: / 8.89, / 4.6, x 0.85
    assert [body["esg_metrics"][k] for k in ("trees_planted", "car_days", "energy_kwh")] == [12.1, 23.4, 91.6]
    assert body["operational_kpis"]["daily_averages"] == {"weight_per_day": 6.8, "tickets_per_day": 0.1}
    assert body["operational_kpis"]["top_waste_sources"]["Food Scraps"] == {"weight": 100.0, "percentage": 47.6}
    assert [p["date"] for p in body["operational_kpis"]["waste_reduction_progress"]["trend"]] == [
        "2026-10-15", "2026-10-16", "2026-10-20"]
    assert body["last_refreshed_at"] is not None


async def test_basic_report_counts_inbound_in_its_totals_never_in_diversion_or_impact(client, world):
    body = (await get(client, "/api/reports/basic", world["a"])).json()
    assert body["total_tickets"] == 4  # void never counts; the 200 lb inbound load does
    assert body["total_net_weight"] == 410.0
    assert body["total_tare_weight"] == 17.8
    assert body["total_gross_weight"] == 427.8
    # The inbound load is a receipt: diversion and impact are the dashboard's (outbound) figures.
    assert body["diversion_rate"] == 76.2
    assert body["basic_esg"] == {"co2_prevented_kg": 48.9, "meals_recovered": 50, "cost_savings_usd": 19.2}
    inbound = (await get(client, "/api/reports/basic", world["a"], ticket_type="inbound")).json()
    assert inbound["total_net_weight"] == 200.0 and inbound["diversion_rate"] == 0
    assert inbound["basic_esg"] == {"co2_prevented_kg": 0, "meals_recovered": 0, "cost_savings_usd": 0}


async def test_ticket_report_splits_directions_and_breaks_down(client, world):
    r = await get(client, "/api/reports/tickets", world["a"], include_breakdowns="true")
    body = r.json()
    assert body["summary"] == {"total_tickets": 4, "total_net_weight": 410.0, "avg_net_weight": 102.5}
    assert body["inbound"] == {"total_tickets": 1, "total_net_weight": 200.0}
    assert body["outbound"] == {"total_tickets": 3, "total_net_weight": 210.0}
    by_destination = {row["name"]: row["net_weight"] for row in body["breakdowns"]["by_destination"]}
    assert by_destination == {"Compost": 300.0, "Landfill": 50.0, "Food Bank": 60.0}
    assert {row["name"] for row in body["breakdowns"]["by_location"]} == {"Kitchen 1", "Kitchen 2"}


async def test_ticket_report_leaves_out_breakdowns_unless_asked(client, world):
    body = (await get(client, "/api/reports/tickets", world["a"])).json()
    assert body["breakdowns"] is None


async def test_cost_analysis_reproduces_spec_formulas(client, world):
    body = (await get(client, "/api/reports/cost-analysis", world["a"])).json()
    assert body["total_savings"] == 19.2  # 0.12 x 160 diverted lb
    assert body["monthly_disposal_cost"] == 16.8  # 0.08 x 210 lb
    assert body["roi_percent"] == 12.8  # 19.20 / 150 x 100
    assert body["projections"] == {"monthly": 23.04, "annual": 276.48, "payback_years": 8}
    assert [row["waste_type"] for row in body["cost_impact_by_waste_type"]] == ["Food Waste", "Food Scraps"]


async def test_esg_report_uses_epa_factors(client, world):
    body = (await get(client, "/api/reports/esg", world["a"])).json()
    impact = body["environmental_impact"]
    assert impact["co2_prevented_kg"] == 48.9
    assert impact["methane_prevented_kg"] == 1.81  # 48.9 / 27
    assert impact["landfill_diverted_tons"] == 0.08
    assert impact["water_saved_gallons"] is None
    assert body["food_recovery"]["meals_recovered"] == 50
    assert body["economic_impact"]["cost_savings"] == 19.2  # the dashboard's and cost analysis' figure
    assert body["compliance"] == {"sb1383_compliant": True, "diversion_rate": 76.2,
                                  "total_diverted_weight": 160.0, "target_rate": 75.0, "monthly_target_met": True}
    assert body["summary"] == {"total_tickets": 3, "total_net_weight_lbs": 210.0, "total_facilities": 2}


async def test_esg_report_needs_the_pro_plan(client, world):
    r = await get(client, "/api/reports/esg", world["b"])
    assert r.status_code == 403


async def test_company_never_sees_another_company_figures(client, world):
    body = (await get(client, "/api/reports/basic", world["b"])).json()
    assert body["total_net_weight"] == 5000.0  # B's own ticket only, none of A's 410 lb
    other = (await get(client, "/api/analytics/dashboard", world["a"], store_id=str(world["b"].stores[0].id))).json()
    assert other["total_tickets"] == 0


async def test_ticket_counts_on_the_company_local_day(client, world):
    oct31 = (await get(client, "/api/reports/basic", world["b"], start_date="2026-10-31",
                       end_date="2026-10-31")).json()
    nov1 = (await get(client, "/api/reports/basic", world["b"], start_date="2026-11-01",
                      end_date="2026-11-01")).json()
    assert (oct31["total_tickets"], nov1["total_tickets"]) == (1, 0)


async def test_employees_get_no_reports_or_dashboards(client, world):
    """Employees have the scale only (spec 1 s6, docs/access.md): every report and dashboard is 403."""
    a = world["a"]
    for path in ("/api/reports/basic", "/api/analytics/dashboard", "/api/reports/tickets", "/api/reports/esg",
                 "/api/reports/cost-analysis", "/api/analytics/refreshed"):
        r = await get(client, path, a, who="employee")
        assert r.status_code == 403, (path, r.text)


async def test_empty_company_gets_zeros_not_demo_figures(client, world):
    body = (await get(client, "/api/analytics/dashboard", world["empty"])).json()
    assert body["total_tickets"] == 0 and body["diversion_rate"] == 0
    assert body["operational_kpis"]["top_waste_sources"] == {}
    assert body["operational_kpis"]["waste_reduction_progress"]["trend"] == []


async def test_reports_answer_empty_before_the_first_refresh(client, world, tmp_path, monkeypatch):
    from api.core.config import get_settings

    monkeypatch.setattr(get_settings(), "warehouse_path", tmp_path / "missing.duckdb")
    body = (await get(client, "/api/reports/cost-analysis", world["a"])).json()
    assert body["last_refreshed_at"] is None
    assert body["total_savings"] == 0 and body["projections"]["payback_years"] is None


async def test_start_date_after_end_date_is_refused(client, world):
    r = await get(client, "/api/reports/basic", world["a"], start_date="2026-10-31", end_date="2026-10-01")
    assert r.status_code in (400, 422)
    assert "start_date" in r.json()["detail"]


async def test_api_month_equals_the_dbt_marts_row_for_that_month(client, world):
    import duckdb

    from api.warehouse.reader import warehouse_file

    con = duckdb.connect(str(warehouse_file()), read_only=True)
    try:
        cost = con.execute(
            "select cost_saved_usd, monthly_disposal_cost_usd, roi_percent, annual_projection_usd, payback_years "
            "from marts.cost_analysis_monthly where company_id = ? and month_start = '2026-10-01'",
            [str(world["a"].company_id)]).fetchone()
        esg = con.execute(
            "select co2_prevented_kg, methane_prevented_kg, diversion_rate_percent, cost_saved_usd "
            "from marts.esg_monthly where company_id = ? and month_start = '2026-10-01'",
            [str(world["a"].company_id)]).fetchone()
    finally:
        con.close()
    api_cost = (await get(client, "/api/reports/cost-analysis", world["a"])).json()
    api_esg = (await get(client, "/api/reports/esg", world["a"])).json()
    assert (api_cost["total_savings"], api_cost["monthly_disposal_cost"], api_cost["roi_percent"],
            api_cost["projections"]["annual"], api_cost["projections"]["payback_years"]) == tuple(map(float, cost))
    assert (api_esg["environmental_impact"]["co2_prevented_kg"], api_esg["environmental_impact"]["methane_prevented_kg"],
            api_esg["diversion_metrics"]["diversion_rate_percent"],
            api_esg["economic_impact"]["cost_savings"]) == tuple(map(float, esg))


async def test_screens_learn_of_a_new_warehouse_from_one_small_call(client, world, tmp_path, monkeypatch):
    import os
    import shutil

    import duckdb

    from api.core.config import get_settings
    from api.warehouse.reader import warehouse_file

    dashboard = (await get(client, "/api/analytics/dashboard", world["a"])).json()
    r = await client.get("/api/analytics/refreshed", headers=world["a"].headers())
    assert r.status_code == 200, r.text
    assert r.json() == {"last_refreshed_at": dashboard["last_refreshed_at"]}

    # A publish swaps in a new file: the answer follows it, not a stale cached one.
    copy = tmp_path / "flow.duckdb"
    shutil.copyfile(warehouse_file(), copy)
    monkeypatch.setattr(get_settings(), "warehouse_path", copy)
    assert (await client.get("/api/analytics/refreshed", headers=world["b"].headers())).json() == r.json()
    staged = tmp_path / "next.duckdb"
    shutil.copyfile(copy, staged)
    con = duckdb.connect(str(staged))
    con.execute("update marts.warehouse_refresh set refreshed_at = timestamp '2030-01-02 03:04:05'")
    con.close()
    os.replace(staged, copy)
    later = (await client.get("/api/analytics/refreshed", headers=world["b"].headers())).json()
    assert later == {"last_refreshed_at": "2030-01-02T03:04:05Z"}

    monkeypatch.setattr(get_settings(), "warehouse_path", tmp_path / "missing.duckdb")
    assert (await client.get("/api/analytics/refreshed", headers=world["b"].headers())).json() == {
        "last_refreshed_at": None}


async def test_empty_warehouse_has_the_figure_functions_dbt_publishes(world, tmp_path):
    """Before the first publish the API renders dbt's figure macros itself: same functions, same bodies."""
    import duckdb

    from api.warehouse.reader import empty_warehouse as _empty_warehouse
    from api.warehouse.reader import warehouse_file

    query = ("select function_name, macro_definition from duckdb_functions() "
             "where schema_name = 'marts' and function_type = 'macro' order by function_name")
    published = duckdb.connect(str(warehouse_file()), read_only=True)
    empty = _empty_warehouse()
    try:
        functions = published.execute(query).fetchall()
        assert {name for name, _ in functions} >= {"cost_saved_usd", "roi_percent", "payback_years", "co2e_kg", "percent_of"}
        assert functions == empty.execute(query).fetchall()
    finally:
        published.close()
        empty.close()


async def test_a_report_call_asks_postgres_only_who_is_calling_and_whats_newer(client, world):
    """One query for the user and company (read afresh on every call); the caller's company is set
    with the transaction's BEGIN in one pipelined round trip, not as a statement of its own; the
    figures come from the warehouse. The one other statement is the freshness probe
    (api/warehouse/freshness.py): has the company changed since the published warehouse?"""
    from tests.api.tickets.test_query_counts import counting_statements

    with counting_statements() as seen:
        r = await get(client, "/api/reports/basic", world["a"])
    assert r.status_code == 200
    assert len(seen) == 2, seen
    assert "from users" in seen[0].lower() and "set_config" not in seen[0]
    assert seen[1].lower().startswith("select least(") and "updated_at > " in seen[1], seen


async def test_the_tenant_scope_goes_with_the_begin_and_holds_for_the_transaction(app, world):
    """set_tenant opens the transaction and scopes it without a statement through SQLAlchemy: the
    setting and row-level security hold for the queries after it, and end with the transaction."""
    from sqlalchemy import text

    from api.core.db import session_scope, set_system_scope, set_tenant
    from tests.api.tickets.test_query_counts import counting_statements

    async for db in session_scope():
        with counting_statements() as seen:
            await set_tenant(db, world["a"].company_id)
        assert seen == []
        assert await db.scalar(text("select current_setting('app.company_id', true)")) == str(world["a"].company_id)
        assert await db.scalar(text("select current_setting('app.scope', true)")) == ""
        assert await db.scalar(text("select count(distinct company_id) from stores")) == 1
        # Scoped again inside the same transaction (no new BEGIN): the last scope wins.
        await set_system_scope(db)
        assert await db.scalar(text("select current_setting('app.scope', true)")) == "system"
        assert await db.scalar(text("select count(distinct company_id) from stores")) > 1
    async for db in session_scope():
        assert await db.scalar(text("select current_setting('app.company_id', true)")) in (None, "")


async def test_a_fresh_transaction_sees_no_company_before_the_caller_is_known(app, world):
    """The session starts with no tenant and no SQL: a pooled connection's last set_config was local
    to its transaction, so Postgres's row-level security shows no company's rows."""
    from sqlalchemy import text

    from api.core.db import session_scope, set_tenant

    async for db in session_scope():
        await set_tenant(db, world["a"].company_id)
        assert await db.scalar(text("select count(*) from stores")) > 0
    async for db in session_scope():
        assert await db.scalar(text("select current_setting('app.company_id', true)")) in (None, "")
        assert await db.scalar(text("select count(*) from stores")) == 0
