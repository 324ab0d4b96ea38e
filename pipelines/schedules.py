"""A nightly full reload (catches hard deletes); the sensor handles freshness during the day."""
from __future__ import annotations

from dagster import RunConfig, ScheduleDefinition

from pipelines.defs.ingest.assets import IngestConfig
from pipelines.jobs import warehouse_refresh_job

warehouse_schedule = ScheduleDefinition(
    name="warehouse_nightly_full_reload",
    job=warehouse_refresh_job,
    cron_schedule="30 3 * * *",
    execution_timezone="UTC",
    run_config=RunConfig(ops={"raw_tables": IngestConfig(full=True)}),
    description="Reload every table from Postgres once a night.",
)
