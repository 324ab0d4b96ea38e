"""The Flow warehouse code location: ingest ▶ dbt ▶ checks ▶ publish, one job, a schedule, a sensor.

It imports nothing from api; billing and report e-mails are the jobs code location (jobs.definitions)."""
from __future__ import annotations

from dagster import Definitions

from pipelines.defs.ingest.assets import raw_tables
from pipelines.defs.publish.assets import published_warehouse, quality_checks
from pipelines.defs.resources import build_resources
from pipelines.defs.transform.assets import flow_dbt_models
from pipelines.jobs import warehouse_refresh_job
from pipelines.schedules import warehouse_schedule
from pipelines.sensors import new_tickets_sensor

defs = Definitions(
    assets=[raw_tables, flow_dbt_models, published_warehouse],
    asset_checks=quality_checks,
    jobs=[warehouse_refresh_job],
    schedules=[warehouse_schedule],
    sensors=[new_tickets_sensor],
    resources=build_resources(),
)
