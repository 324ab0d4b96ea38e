"""Incremental refresh: only what changed is rebuilt, and the marts still equal a full rebuild.

Each case changes the operational data the way the app does (a void, an edited time, a renamed
location, a hard delete by a reset), refreshes incrementally, and compares the published marts
with the figures a from-scratch build gives.

A refresh that only sets a case up (the state before the change, a clean-up) builds without dbt's
data tests; the refresh under test runs all of them. The three cases that change tickets and
refresh (void, move and rename; hard delete; carbon) share one set-up refresh and one refresh
under test (`changed`, below): their companies are separate, and each test asserts its own
company's figures before and after, as it did with two refreshes of its own. dbt's unit tests, which read no rows, run on
full rebuilds only (the package's world build), as in the product.
"""
from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

import duckdb
import pytest

from pipelines import paths
from pipelines.defs.transform.project import full_rebuild_reason
from tests.pipelines.world import Weighing, add_tickets, dbt, published, refresh, utc


def last_build_results() -> dict[str, str]:
    """The last dbt build's node statuses (run_results.json, kept beside the build file)."""
    results = json.loads(paths.build_path().with_name(paths.build_path().name + ".run_results.json").read_text())
    return {node["unique_id"]: node["status"] for node in results["results"]}


def day_totals(company_id) -> dict:
    rows = published(
        "select local_date, sum(ticket_count), sum(net_weight_lb) from marts.ticket_facts_daily "
        "where company_id = ? group by local_date order by local_date", [str(company_id)])
    return {str(d): (int(n), Decimal(w)) for d, n, w in rows}


@pytest.fixture(scope="module")
async def changed(world, database_url):
    """The three changing cases' companies, set up, refreshed, changed the way the app changes
    them, and refreshed incrementally once; what each test asserts, read before and after."""
    from tests.conftest import run_owner_sql
    from tests.factories import Factory

    def owner_sql(sql: str, params: tuple) -> None:
        run_owner_sql(database_url, sql, params)

    factory = Factory()
    moved = await factory.tenant("enterprise", stores=2)
    keep, void, move = await add_tickets(moved, [
        Weighing(utc(2026, 9, 10, 19), "Compost", "10.0"),
        Weighing(utc(2026, 9, 10, 20), "Landfill", "20.0"),
        Weighing(utc(2026, 9, 11, 19), "Compost", "40.0"),
    ])
    deleted = await factory.tenant("enterprise", stores=1)
    gone, = await add_tickets(deleted, [Weighing(utc(2026, 8, 3, 19), "Compost", "5.0")])
    carbon = await factory.tenant("enterprise", stores=1)
    c_void, c_move, c_reroute, c_keep = await add_tickets(carbon, [
        Weighing(utc(2026, 5, 4, 19), "Compost", "10.0"),
        Weighing(utc(2026, 5, 5, 19), "Compost", "20.0"),
        Weighing(utc(2026, 5, 6, 19), "Food Bank", "30.0"),
        Weighing(utc(2026, 6, 2, 19), "Compost", "40.0"),
    ])
    await refresh(dbt_tests=False)  # dbt's data tests run on the refresh under test below
    before = {"moved": day_totals(moved.company_id), "deleted": day_totals(deleted.company_id),
              "carbon": published(CARBON_ESTIMATES, [str(carbon.company_id)])}

    owner_sql("update tickets set status = 'void', updated_at = now() where id = %s", (void,))
    owner_sql("update tickets set ticket_at = '2026-09-12 19:00+00', updated_at = now() where id = %s", (move,))
    owner_sql("update stores set name = 'Renamed Kitchen', updated_at = now() where id = %s", (moved.stores[0].id,))
    owner_sql("delete from tickets where id = %s", (gone,))  # as a GO LIVE reset does
    owner_sql("update tickets set status = 'void', updated_at = now() where id = %s", (c_void,))
    owner_sql("update tickets set ticket_at = '2026-06-10 19:00+00', updated_at = now() where id = %s", (c_move,))
    owner_sql("update tickets set destination_name = 'Landfill', destination_is_diversion = false, "
              "destination_management_path = 'landfill', updated_at = now() where id = %s", (c_reroute,))
    owner_sql("update company_settings set carbon_offset_price_per_ton = 30.00, updated_at = now() "
              "where company_id = %s", (carbon.company_id,))
    await refresh()
    # what the refresh under test published, read before any later test of the module refreshes
    after = {
        "moved": day_totals(moved.company_id),
        "moved_tickets": published("select ticket_id, location_name from marts.tickets where company_id = ? "
                                   "order by ticket_at", [str(moved.company_id)]),
        "deleted": day_totals(deleted.company_id),
        "gone": published("select count(*) from marts.tickets where ticket_id = ?", [str(gone)]),
        "carbon": published(CARBON_ESTIMATES, [str(carbon.company_id)]),
        "carbon_months": published("select month_start, sum(ticket_count), sum(net_weight_lb) "
                                   "from marts.ticket_facts_monthly where company_id = ? "
                                   "group by month_start order by month_start", [str(carbon.company_id)]),
    }
    return {
        "after": after, "moved": moved, "keep": keep, "move": move, "deleted": deleted, "gone": gone, "carbon": carbon,
        "c_void": c_void, "c_move": c_move, "c_reroute": c_reroute, "c_keep": c_keep, "before": before,
        "incremental": full_rebuild_reason(paths.build_path()) is None,
        "results": last_build_results(),
        # each incremental mart against a full rebuild of it, on the build the refresh under test left
        "comparisons": run_full_rebuild_comparisons(),
    }


async def test_voided_moved_and_renamed_tickets_are_rebuilt_incrementally(changed):
    keep, move = changed["keep"], changed["move"]
    assert changed["before"]["moved"] == {"2026-09-10": (2, Decimal("30.0")), "2026-09-11": (1, Decimal("40.0"))}

    assert changed["incremental"]  # it was an incremental build
    # the void left its day, the moved ticket left its old day (now empty) for its new one
    assert changed["after"]["moved"] == {"2026-09-10": (1, Decimal("10.0")), "2026-09-12": (1, Decimal("40.0"))}
    assert changed["after"]["moved_tickets"] == [(str(keep), "Renamed Kitchen"), (str(move), "Renamed Kitchen")]


async def test_a_sensor_run_builds_only_what_a_ticket_reaches_and_publishes_it(world, factory):
    import asyncio

    from pipelines.refresh import execute_refresh

    tenant = await factory.tenant("enterprise", stores=1)
    await refresh(dbt_tests=False)  # dbt's data tests run on the refresh under test below
    await add_tickets(tenant, [Weighing(utc(2026, 7, 7, 19), "Food Bank", "12.0")])
    result = await asyncio.to_thread(execute_refresh, False, as_sensor=True)

    built = {event.asset_key.path[0] for event in result.get_asset_materialization_events()}
    assert built == {"raw", "intermediate", "marts", "published_warehouse"}  # no seeds, no staging
    checked = {e.asset_check_evaluation_data.check_name for e in result.all_events
               if e.event_type_value == "ASSET_CHECK_EVALUATION"}
    assert "weights_never_negative" in checked
    # not_null and accepted_values run as one node over every declared column (dbt/selectors.yml)
    assert not any(name.startswith(("not_null_", "accepted_values_")) for name in checked)
    assert last_build_results()["test.flow.declared_column_tests"] == "pass"
    # unique over every ticket id is the full builds' (dbt/selectors.yml)
    assert not checked & {"unique_tickets_ticket_id", "unique_int_tickets_enriched_ticket_id",
                          "unique_carbon_credit_estimates_carbon_credit_id"}
    assert not any(name.startswith(("not_null_stg_", "unique_stg_")) for name in checked)
    assert day_totals(tenant.company_id) == {"2026-07-07": (1, Decimal("12.0"))}
    meals = published("select sum(meals_recovered) from marts.ticket_facts_daily where company_id = ?",
                      [str(tenant.company_id)])
    assert meals == [(10.0,)]  # 12 lb donated / 1.2 lb per meal


MONEY_MARTS = {"model.flow.invoice_aging", "model.flow.invoice_aging_summary", "model.flow.receivable_activity",
               "model.flow.bill_aging"}


@pytest.mark.timeout(240)  # four sensor runs (the second builds the money marts again: publish.py)
async def test_a_sensor_run_builds_the_money_marts_only_when_a_money_table_changed(world, factory, owner_sql):
    import asyncio

    from pipelines.refresh import execute_refresh
    from tests.api.invoices import books

    def sensor_run():
        return asyncio.to_thread(execute_refresh, False, as_sensor=True)

    def open_balance(invoice_id) -> list[tuple]:
        return published("select balance from marts.invoice_aging where invoice_id = ? and valid_to is null",
                         [str(invoice_id)])

    tenant = await factory.tenant("enterprise", stores=1)
    payee = await books.customer(tenant.company_id, "Golden Gate Produce Co.")
    invoice = (await books.edge_invoices(tenant, payee, books.today()))[31]
    await sensor_run()
    assert MONEY_MARTS <= set(last_build_results())
    assert open_balance(invoice.id) == [(Decimal("131.37"),)]

    # The next run builds into the version the last publish replaced, which lacks the money marts
    # that run built (pipelines/defs/publish/publish.py): it builds them once more.
    await add_tickets(tenant, [Weighing(utc(2026, 7, 8, 19), "Compost", "3.0")])
    await sensor_run()
    assert MONEY_MARTS <= set(last_build_results())
    await add_tickets(tenant, [Weighing(utc(2026, 7, 9, 19), "Compost", "4.0")])
    await sensor_run()
    results = last_build_results()
    assert results["model.flow.tickets"] == "success" and not MONEY_MARTS & set(results)
    assert open_balance(invoice.id) == [(Decimal("131.37"),)]  # published again as last built

    owner_sql("insert into payments (id, company_id, invoice_id, amount, method, paid_at) "
              "values (gen_random_uuid(), %s, %s, 31.37, 'check', now())", (tenant.company_id, invoice.id))
    await sensor_run()
    results = last_build_results()
    assert {results[m] for m in MONEY_MARTS} == {"success"}
    assert results["test.flow.receivable_activity_matches_aging"] == "pass"
    assert open_balance(invoice.id) == [(Decimal("100.00"),)]


async def test_hard_deleted_tickets_leave_the_warehouse(changed):
    assert changed["before"]["deleted"] == {"2026-08-03": (1, Decimal("5.0"))}

    # deleted from tickets (as a GO LIVE reset does), then refreshed incrementally
    assert changed["incremental"]
    assert changed["after"]["deleted"] == {}
    assert changed["after"]["gone"] == [(0,)]


async def test_a_failed_quality_expectation_blocks_publishing(world, monkeypatch):
    from pipelines.defs.publish import assets

    before = published("select refreshed_at from marts.warehouse_refresh")
    real = assets.validate

    def one_bad_rate(build_file, **kwargs):
        found = real(build_file, **kwargs)
        return {**found, "rates_within_0_and_100": 1}

    monkeypatch.setattr(assets, "validate", one_bad_rate)
    with pytest.raises(RuntimeError, match="warehouse refresh failed"):
        await refresh(dbt_tests=False)  # the quality step runs after the build either way
    assert published("select refreshed_at from marts.warehouse_refresh") == before


async def test_a_null_anywhere_in_a_mart_fails_the_sensor_run_and_is_not_published(world, factory):
    """The sensor's run checks the declared not_null columns of whole marts, not only its new rows:
    a null left in an incremental mart by an earlier build still blocks publishing."""
    import asyncio

    from pipelines.defs.publish.publish import copy_published
    from pipelines.defs.transform.project import request_full_rebuild
    from pipelines.refresh import execute_refresh

    tenant = await factory.tenant("enterprise", stores=1)
    await refresh(dbt_tests=False)  # dbt's data tests run on the refresh under test below
    # The build file holds what was published (as the next build after a full run starts), with a
    # null in an old row of the incremental tickets mart, which the next sensor build keeps.
    copy_published(paths.build_path(), paths.published_path())
    con = duckdb.connect(str(paths.build_path()))
    try:
        con.execute("update marts.tickets set local_date = null where ticket_id = "
                    "(select min(ticket_id) from marts.tickets)")
    finally:
        con.close()
    before = published("select refreshed_at from marts.warehouse_refresh")
    await add_tickets(tenant, [Weighing(utc(2026, 7, 8, 19), "Compost", "3.0")])
    try:
        with pytest.raises(RuntimeError, match="warehouse refresh failed"):
            await asyncio.to_thread(execute_refresh, False, as_sensor=True)
        assert last_build_results()["test.flow.declared_column_tests"] == "fail"
        assert published("select refreshed_at from marts.warehouse_refresh") == before
    finally:  # the planted null must not outlive this test, in either file
        request_full_rebuild(paths.build_path(), "test planted a null")
        await refresh(dbt_tests=False)  # clean-up: nothing is asserted after it
        copy_published(paths.build_path(), paths.published_path())


def run_full_rebuild_comparisons() -> str:
    """The data tests tagged matches_full_rebuild (each incremental mart against a full rebuild of
    it), on what the last refresh published; returns dbt's output. A publish leaves the version it
    replaced at the build path, so the build file first starts over from the published one, as a
    build does after a full run (copy_published; the pipeline's next build then lacks nothing)."""
    from pipelines.defs.publish.publish import copy_published

    copy_published(paths.build_path(), paths.published_path())
    code, output = dbt(["test", "--select", "tag:matches_full_rebuild"], paths.build_path(),
                       paths.build_path().with_name("comparison-target"))
    assert code == 0, output[-3000:]
    return output


CARBON_ESTIMATES = "select ticket_id, month_start, price_usd_per_mt from marts.carbon_credit_estimates " \
                   "where company_id = ? order by ticket_id"


async def test_carbon_estimates_and_monthly_facts_follow_voids_moves_reroutes_and_prices(changed):
    move, keep = changed["c_move"], changed["c_keep"]
    everyone = {str(changed[t]) for t in ("c_void", "c_move", "c_reroute", "c_keep")}
    assert {row[0] for row in changed["before"]["carbon"]} == everyone

    # voided, moved to June, rerouted to landfill, and the company's carbon price changed
    assert changed["incremental"]  # it was an incremental build
    assert changed["results"]["model.flow.carbon_credit_estimates"] == "success"
    # the void and the rerouted ticket lost their estimates, the moved one its month, all the new price
    assert changed["after"]["carbon"] == sorted(
        [(str(move), date(2026, 6, 1), Decimal("30.00")), (str(keep), date(2026, 6, 1), Decimal("30.00"))])
    assert changed["after"]["carbon_months"] == [(date(2026, 5, 1), 1, Decimal("30.0")), (date(2026, 6, 1), 2, Decimal("60.0"))]
    # and both marts hold what a full rebuild of them would (every company's rows, not only these)
    assert "PASS=4" in changed["comparisons"]
