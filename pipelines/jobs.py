"""One job refreshes the whole warehouse; the CLI, the schedule and the sensor all run it."""
from __future__ import annotations

from dagster import AssetSelection, define_asset_job, in_process_executor

WAREHOUSE_JOB = "warehouse_refresh"

# In-process: one DuckDB writer, and two cores shared with the API and Postgres.
warehouse_refresh_job = define_asset_job(
    WAREHOUSE_JOB,
    selection=AssetSelection.all(),
    executor_def=in_process_executor,
    tags={"flow/warehouse": "refresh"},
    description="Extract Postgres into raw, dbt build, check, publish.",
)
