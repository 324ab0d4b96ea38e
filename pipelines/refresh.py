"""Run the warehouse job from the command line, and start the Dagster UI for `flow up`.

`flow warehouse refresh` executes the very job the schedule and the sensor run, in this process,
with the same settings as the API (FLOW_DATABASE_URL, FLOW_WAREHOUSE_PATH).
"""
from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import psycopg

from pipelines.paths import ROOT, database_url
from pipelines.settings import get_settings


def refresh_once(full: bool = False, *, as_sensor: bool = False, dbt_tests: bool | None = None) -> datetime:
    """Extract, build, check and publish once; returns when the new warehouse is visible.
    as_sensor: run as the sensor does (dbt builds only what a ticket change reaches).
    dbt_tests=False: build without dbt's data and unit tests (the quality checks still run);
    None: as FLOW_DBT_TESTS says (pipelines/settings.py, on unless set to 0)."""
    if dbt_tests is None:
        dbt_tests = get_settings().dbt_tests
    result = execute_refresh(full, as_sensor=as_sensor, dbt_tests=dbt_tests)
    published = result.asset_materializations_for_node("published_warehouse")[-1]
    return datetime.fromisoformat(published.metadata["refreshed_at"].value)


def execute_refresh(full: bool = False, *, as_sensor: bool = False, dbt_tests: bool = True):
    """The warehouse job, in this process, on an ephemeral instance; raises when a step failed.
    Returns Dagster's result (its events say what was materialized and checked)."""
    from dagster import DagsterInstance

    from pipelines.definitions import defs
    from pipelines.jobs import WAREHOUSE_JOB
    from pipelines.sensors import SENSOR_RUN_CONFIG

    ops = {"raw_tables": {"config": {"full": full}}}
    if as_sensor:
        ops.update(SENSOR_RUN_CONFIG["ops"])
    if not dbt_tests:
        ops["flow_dbt_models"] = {"config": {**ops.get("flow_dbt_models", {}).get("config", {}), "dbt_tests": False}}
    job = defs.resolve_job_def(WAREHOUSE_JOB)
    with DagsterInstance.ephemeral() as instance:
        result = job.execute_in_process(
            run_config={"ops": ops, "loggers": {"console": {"config": {"log_level": "WARNING"}}}},
            instance=instance,
            raise_on_error=False,
        )
        if not result.success:
            failures = [str(event.event_specific_data.error.message).strip()
                        for event in result.all_events if event.is_step_failure]
            raise RuntimeError(f"warehouse refresh failed: {'; '.join(failures) or 'see the Dagster log'}")
    return result


def dagster_home() -> Path:
    """DAGSTER_HOME with the repository's dagster.yaml (Postgres storage in the product's server)."""
    home = Path(os.environ.get("DAGSTER_HOME") or ROOT / ".flow" / "dagster")
    home.mkdir(parents=True, exist_ok=True)
    config = (ROOT / "dagster.yaml").read_text()
    target = home / "dagster.yaml"
    if not target.exists() or target.read_text() != config:
        target.write_text(config)
    return home


def ensure_dagster_database(url: str) -> str:
    """The Dagster instance keeps its runs in its own database beside the product's (created once)."""
    base, _, _name = url.replace("postgresql+psycopg://", "postgresql://").rpartition("/")
    name = os.environ.get("FLOW_DAGSTER_DB", "flow_dagster")
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as conn:
        if not conn.execute("select 1 from pg_database where datname = %s", (name,)).fetchone():
            conn.execute(f'create database "{name}"')
    # dagster-postgres interpolates NOTIFY parameters client-side: it needs the psycopg2 driver
    # (SQLAlchemy 2.1 maps a bare postgresql:// URL onto psycopg 3).
    return f"{base}/{name}".replace("postgresql://", "postgresql+psycopg2://", 1)


def dagster_dev_command(port: int, locations: tuple[str, ...]) -> list[str]:
    """`dagster dev` over the code locations named (module names, one `-m` each)."""
    bin_dir = Path(sys.executable).parent
    return [str(bin_dir / "dagster"), "dev", *[arg for module in locations for arg in ("-m", module)],
            "-h", "127.0.0.1", "-p", str(port)]


def start_dagster(port: int = 3000, log: Path | None = None,
                  locations: tuple[str, ...] = ("pipelines.definitions",)) -> subprocess.Popen:
    """`dagster dev` for operators: UI, daemon (schedules and sensor) on the code locations named
    (`flow up` names the warehouse's and the jobs', flow.cli.CODE_LOCATIONS; pipelines import no jobs).

    It runs in a process group of its own (a terminal's Ctrl-C reaches `flow up` only, which
    stops the whole group: see flow.cli.stop_process_tree); `log` takes its output."""
    from pipelines.defs.publish.empty import prepare_empty_warehouse
    from pipelines.defs.transform.project import dbt_env, prepare_manifest

    prepare_manifest()  # dagster-dbt reads the manifest; never parse inside `dagster dev`
    prepare_empty_warehouse()  # what the API reads before the first publish
    env = dbt_env()
    env["DAGSTER_HOME"] = str(dagster_home())
    env["FLOW_DAGSTER_PG_URL"] = ensure_dagster_database(database_url())
    env["FLOW_DATABASE_URL"] = database_url()
    return subprocess.Popen(
        dagster_dev_command(port, locations),
        cwd=ROOT, env=env, start_new_session=True,
        stdout=log.open("ab") if log else None, stderr=subprocess.STDOUT if log else None,
    )
