"""Refresh: extract incrementally, build, check, publish atomically while readers keep reading."""
from __future__ import annotations

import asyncio
import subprocess
import threading

import duckdb
import yaml

from pipelines import paths
from pipelines.defs.ingest.extract import extract_all
from pipelines.defs.publish.quality import EXPECTATIONS, offending_rows
from tests.pipelines.world import Weighing, add_tickets, dbt, refresh, utc

OCT = {"start_date": "2026-10-01", "end_date": "2026-10-31"}


def test_the_full_build_here_runs_every_dbt_data_and_unit_test(world):
    # The API tests' worlds build without them (tests/api/conftest.py): this package is where they run.
    built = world["dbt_built"]
    defined = sum(len(yaml.safe_load(path.read_text())["unit_tests"])
                  for path in (paths.DBT_DIR / "unit_tests").glob("*.yml"))
    assert built["unit_test"] == defined
    assert built["test"] >= 280 and built["model"] >= 50


def test_published_marts_meet_every_quality_expectation(world):
    for expectation in EXPECTATIONS:
        assert offending_rows(paths.published_path(), expectation) == 0, expectation.name


def test_password_and_pin_hashes_never_reach_the_warehouse(world):
    con = duckdb.connect(str(paths.work_path()), read_only=True)
    try:
        columns = {r[0] for r in con.execute(
            "select column_name from information_schema.columns where table_schema = 'raw' and table_name = 'users'"
        ).fetchall()}
    finally:
        con.close()
    assert "role" in columns
    assert not columns & {"password_hash", "pin_hash", "email"}  # staging reads no email: not copied


def test_published_file_holds_only_marts_and_reference_data(world):
    con = duckdb.connect(str(paths.published_path()), read_only=True)
    try:
        schemas = {r[0] for r in con.execute("select distinct schema_name from duckdb_tables()").fetchall()}
    finally:
        con.close()
    assert schemas == {"marts", "reference"}


def test_dbt_ran_in_this_process_and_left_the_build_file_free_for_another(world):
    """dbt builds in the refresh's own process (pipelines/defs/transform/in_process.py) and closes
    the build file when done: another process can open it to write (the next refresh, by hand)."""
    import sys

    from pipelines.defs.transform import in_process

    # The package world's build parsed the project here, under the key the fork server's warm-up
    # computes (pipelines/warm.py): a sensor run forked from it starts without a parse.
    assert in_process.is_warm(paths.build_path())
    opened = subprocess.run(
        [sys.executable, "-c", "import duckdb, sys; duckdb.connect(sys.argv[1]).close()", str(paths.build_path())],
        capture_output=True, text=True, timeout=60, check=False)
    assert opened.returncode == 0, opened.stderr[-2000:]


async def test_incremental_extract_reads_only_rows_changed_since_the_watermark(world, owner_sql):
    # Everything already extracted is older than the look-back window now.
    owner_sql("update tickets set updated_at = now() - interval '1 day'")
    with paths.writer_lock(paths.published_path()):
        extract_all(paths.database_url(), paths.work_path())  # catch up to the backdated rows
    await add_tickets(world["a"], [Weighing(utc(2026, 10, 30, 19), "Compost", "1.0")])
    with paths.writer_lock(paths.published_path()):
        counts = extract_all(paths.database_url(), paths.work_path())
        full = extract_all(paths.database_url(), paths.work_path(), full=True)
    assert counts["tickets"].rows == 1 and not counts["tickets"].reloaded
    assert full["tickets"].rows > 1 and full["tickets"].reloaded


def test_dbt_unit_tests_pass_on_the_work_file(world):
    with paths.writer_lock(paths.published_path()):
        code, output = dbt(["test", "--select", "test_type:unit"], paths.build_path(), paths.DBT_DIR / "target" / "unit")
    assert code == 0, output[-3000:]
    defined = sum(len(yaml.safe_load(path.read_text())["unit_tests"])
                  for path in (paths.DBT_DIR / "unit_tests").glob("*.yml"))
    assert defined >= 7
    assert f"PASS={defined} WARN=0 ERROR=0 SKIP=0" in output  # every unit test ran and passed


async def test_dashboard_keeps_answering_during_a_refresh_and_then_shows_the_new_ticket(client, world):
    tenant = world["a"]
    headers = tenant.headers("admin")
    before = (await client.get("/api/analytics/dashboard", params=OCT, headers=headers)).json()
    await add_tickets(tenant, [Weighing(utc(2026, 10, 28, 19), "Compost", "40.0")])

    done = threading.Event()
    task = asyncio.create_task(refresh())
    task.add_done_callback(lambda _: done.set())
    answers = []
    while not done.is_set():
        r = await client.get("/api/analytics/dashboard", params=OCT, headers=headers)
        answers.append(r.status_code)
        await asyncio.sleep(0.2)
    refreshed_at = await task

    after = (await client.get("/api/analytics/dashboard", params=OCT, headers=headers)).json()
    assert answers and set(answers) == {200}
    assert after["total_tickets"] >= before["total_tickets"] + 1
    assert after["total_weight"] >= before["total_weight"] + 40.0
    assert after["last_refreshed_at"] > before["last_refreshed_at"]
    assert refreshed_at.isoformat()[:19] <= after["last_refreshed_at"][:19]


def test_raw_tickets_hold_the_exact_postgres_values_and_types(world, owner_sql):
    """The Arrow extract keeps decimals exact, timestamps naive UTC and ids as text."""
    company = str(world["a"].company_id)
    source = owner_sql(
        "select id::text, net_weight, gross_weight, total_amount, (ticket_at at time zone 'UTC'), "
        "(updated_at at time zone 'UTC'), status from tickets where company_id = %s::uuid order by id", (company,))
    con = duckdb.connect(str(paths.work_path()), read_only=True)
    try:
        raw = con.execute(
            "select id, net_weight, gross_weight, total_amount, ticket_at, updated_at, status from raw.tickets "
            "where company_id = ? order by id", [company]).fetchall()
        types = dict(con.execute(
            "select column_name, data_type from information_schema.columns where table_schema = 'raw' "
            "and table_name = 'tickets'").fetchall())
    finally:
        con.close()
    assert source and raw == source
    assert types["net_weight"].startswith("DECIMAL(") and types["ticket_at"] == "TIMESTAMP"
    assert types["id"] == "VARCHAR" and "payload_digest" not in types
