"""The warehouse refresh works on a new installation: an empty database, and a company that has
no tickets yet beside one that has (the quality step used to fail: 'returned no count')."""
from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
import pytest

from tests.conftest import ROOT
from tests.pipelines.world import published


# A full build by `flow warehouse refresh` in its own process (the conftest's marking sees only a
# `world` or refresh here): left out of `make test-fast`, as every warehouse build is.
@pytest.mark.warehouse
def test_flow_warehouse_refresh_on_an_empty_database(database_url, tmp_path):
    from flow.cli import upgrade_database

    server = database_url.rsplit("/", 1)[0]
    name = f"flow_empty_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(f'create database "{name}"')
    try:
        url = f"{server}/{name}"
        upgrade_database(url)
        warehouse = tmp_path / "warehouse" / "flow.duckdb"
        env = {**os.environ, "FLOW_DATABASE_URL": url, "FLOW_WAREHOUSE_PATH": str(warehouse)}
        flow = str(Path(sys.executable).parent / "flow")
        done = subprocess.run([flow, "warehouse", "refresh", "--full"], check=False, cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        assert warehouse.is_file()
        assert published("select count(*) from marts.tickets", path=warehouse) == [(0,)]
    finally:
        with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
            conn.execute(f'drop database if exists "{name}" with (force)')


async def test_refresh_with_a_company_without_tickets_beside_one_with(world):
    # The package's world is that full refresh (dbt's tests and the quality step included): company
    # A's October beside a company that has no tickets yet. Its own build, with two companies of
    # its own, cost this file a second full refresh (61-85 s in CI on a slow machine).
    assert world["refreshed_at"] is not None  # published: the quality step passed
    assert world["published_tickets"] == {"a": 4, "quiet": 0}  # October's four kept tickets (one is void)
