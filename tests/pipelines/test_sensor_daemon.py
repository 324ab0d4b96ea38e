"""The sensor path as `make run` runs it: the real Dagster daemon, with its sensor, run queue and
run launcher, against this session's database. A ticket created through the API reaches the
dashboard without the test calling any refresh. (How fast is measured in bench/freshness; this
test only waits, with a generous limit.)"""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import psycopg
import pytest

from pipelines.paths import ROOT
from tests.api.tickets.test_create import OUTBOUND

WAIT_S = 300  # a limit for a stuck daemon, not a timing: the minute is bench/freshness's job


async def wait_for(what: str, probe, daemon: subprocess.Popen, log: Path):
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        found = await probe()
        if found:
            return found
        assert daemon.poll() is None, f"the Dagster daemon exited:\n{log.read_text()[-4000:]}"
        await asyncio.sleep(2)
    raise AssertionError(f"{what} within {WAIT_S} s; the daemon said:\n{log.read_text()[-4000:]}")


def start_daemon(database_url: str, warehouse: Path, home: Path, log: Path) -> tuple[subprocess.Popen, str]:
    from pipelines.defs.transform.project import dbt_env
    from pipelines.refresh import dagster_home, ensure_dagster_database

    dagster_db = f"flow_dagster_test_{uuid.uuid4().hex[:8]}"
    os.environ["FLOW_DAGSTER_DB"] = dagster_db
    os.environ["DAGSTER_HOME"] = str(home)
    try:
        env = dbt_env()
        env.update(DAGSTER_HOME=str(dagster_home()), FLOW_DAGSTER_PG_URL=ensure_dagster_database(database_url),
                   FLOW_DATABASE_URL=database_url, FLOW_WAREHOUSE_PATH=str(warehouse))
    finally:
        del os.environ["FLOW_DAGSTER_DB"], os.environ["DAGSTER_HOME"]
    daemon = subprocess.Popen(
        [str(Path(sys.executable).parent / "dagster-daemon"), "run", "-m", "pipelines.definitions"],
        cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT, start_new_session=True,
    )
    return daemon, dagster_db


def stop_daemon(daemon: subprocess.Popen, database_url: str, dagster_db: str) -> None:
    # The daemon, its code server and any run it launched share the daemon's process group.
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(daemon.pid, sig)
            daemon.wait(timeout=30)
            break
        except ProcessLookupError:
            break
        except subprocess.TimeoutExpired:
            continue
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(f'drop database if exists "{dagster_db}" with (force)')


# The daemon's start, its sensor's tick and a refresh it launches: 92 s in CI, each wait bounded by WAIT_S.
@pytest.mark.daemon
@pytest.mark.timeout(600)
async def test_a_ticket_created_in_the_app_reaches_the_dashboard_through_the_sensor(
        client, factory, database_url, tmp_path, monkeypatch):
    from api.core.config import get_settings

    warehouse = tmp_path / "warehouse" / "flow.duckdb"  # the daemon's own: no other test writes it
    monkeypatch.setattr(get_settings(), "warehouse_path", warehouse)
    tenant = await factory.tenant("enterprise", stores=1)
    log = tmp_path / "daemon.log"
    daemon, dagster_db = start_daemon(database_url, warehouse, tmp_path / "dagster", log)
    try:
        async def published():
            body = (await client.get("/api/analytics/refreshed", headers=tenant.headers())).json()
            return body["last_refreshed_at"]

        async def dashboard_tickets() -> int:
            r = await client.get("/api/analytics/dashboard", headers=tenant.headers())
            assert r.status_code == 200, r.text
            return r.json()["total_tickets"]

        # The sensor's first tick finds data it has not seen and publishes a first warehouse.
        first = await wait_for("a first warehouse published by the sensor's run", published, daemon, log)
        assert await dashboard_tickets() == 0

        created = await client.post("/api/tickets", json={**OUTBOUND, "client_id": str(uuid.uuid4())},
                                    headers=tenant.headers())
        assert created.status_code == 201, created.text

        async def counted():
            return await dashboard_tickets() == 1

        await wait_for("the new ticket on the dashboard", counted, daemon, log)
        assert await published() > first
        # The runs were forked from the preloaded code location (pipelines/launcher.py), not
        # started through the code server, which tags each run it starts with its address.
        with psycopg.connect(database_url.rsplit("/", 1)[0] + "/" + dagster_db) as conn:
            runs = conn.execute("select count(*) from runs").fetchone()[0]
            through_server = conn.execute("select count(*) from run_tags where key = 'dagster/grpc_info'").fetchone()[0]
        assert runs >= 2 and through_server == 0
    finally:
        stop_daemon(daemon, database_url, dagster_db)
