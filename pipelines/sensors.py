"""Refresh when operational data changes, so a new ticket reaches the dashboards within a minute."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import psycopg
from dagster import (
    DagsterEventType,
    DagsterInstance,
    DagsterRun,
    DagsterRunStatus,
    DefaultSensorStatus,
    RunRequest,
    RunsFilter,
    SensorEvaluationContext,
    SkipReason,
    sensor,
)

from pipelines.jobs import WAREHOUSE_JOB, warehouse_refresh_job
from pipelines.paths import database_url

WATCHED_TABLES = ("tickets", "stores", "companies", "waste_types", "destination_types", "users",
                  "invoices", "payments", "customers", "bills", "bill_payments",
                  "inventory_items", "inventory_movements", "subscription_invoices")
STALE_AFTER = timedelta(minutes=30)
# Rebuild only what a ticket change reaches (pipelines/defs/transform/assets.py, DbtBuildConfig)
# and check the expectations by plain SQL (pipelines/defs/publish/quality.py), leaving the hash of
# every ticket id to the full builds, as dbt's unique tests are.
SENSOR_RUN_CONFIG = {"ops": {"flow_dbt_models": {"config": {"downstream_of_tickets_only": True}},
                             "quality_expectations": {"config": {"engine": "sql", "ticket_ids_once": False}}}}
EXTRACT_STEP = "raw_tables"  # pipelines/defs/ingest/assets.py: the step that reads Postgres
ACTIVE = [DagsterRunStatus.QUEUED, DagsterRunStatus.NOT_STARTED, DagsterRunStatus.STARTING, DagsterRunStatus.STARTED]


def latest_change() -> str:
    """The newest updated_at across the watched tables, read in the system scope."""
    query = "select greatest(" + ", ".join(f"(select max(updated_at) from {t})" for t in WATCHED_TABLES) + ")"
    with psycopg.connect(database_url(), options="-c app.scope=system -c timezone=UTC") as conn:
        value = conn.execute(query).fetchone()[0]
    return value.isoformat() if value else ""


# The daemon looks at its sensors every 5 s; an interval of exactly 5 s missed every other look
# by a few milliseconds (ticks came 10 s apart). 3 s lets every look evaluate it.
@sensor(job=warehouse_refresh_job, minimum_interval_seconds=3, default_status=DefaultSensorStatus.RUNNING)
def new_tickets_sensor(context: SensorEvaluationContext):
    """One run per change, queued behind a run that is already past its extract.

    A change that a waiting or starting run will still extract is left to it. A change that
    arrived after the running refresh began its extract gets a run of its own at once: it waits
    in the run queue (dagster.yaml: one warehouse run at a time) and starts within a second of
    the running one's end, instead of at the first tick after it (up to 5 s) plus the new run's
    creation (5-7 s of planned events, bench/README.md, issue 30)."""
    # The change first: a run whose extract has not begun by the look below will read it.
    changed = latest_change()
    if not changed or changed == context.cursor:
        return SkipReason("no change since the last refresh")
    # A run that crashed without reporting stays STARTED: only recent runs hold the sensor back.
    recent = datetime.now(tz=UTC) - STALE_AFTER
    active = context.instance.get_runs(RunsFilter(job_name=WAREHOUSE_JOB, statuses=ACTIVE, created_after=recent))
    context.update_cursor(changed)
    if any(not extract_started(context.instance, run) for run in active):
        return SkipReason("a warehouse refresh that has not extracted yet will take this change")
    return RunRequest(run_key=f"change-{changed}", run_config=SENSOR_RUN_CONFIG)


def extract_started(instance: DagsterInstance, run: DagsterRun) -> bool:
    """Whether the run's extract step (raw_tables) has begun: from then on it may miss a change."""
    if run.status != DagsterRunStatus.STARTED:
        return False
    starts = instance.get_records_for_run(run.run_id, of_type=DagsterEventType.STEP_START).records
    return any(record.event_log_entry.step_key == EXTRACT_STEP for record in starts)
