"""The published warehouse (what the API and notebooks read) and the checks that guard it."""

from dagster import (
    AssetCheckResult,
    AssetCheckSeverity,
    AssetCheckSpec,
    AssetExecutionContext,
    AssetKey,
    MaterializeResult,
    asset,
    multi_asset_check,
)

from pipelines.defs.publish.publish import publish
from pipelines.defs.publish.quality import EXPECTATIONS, validate
from pipelines.defs.resources import WarehouseResource
from pipelines.defs.transform.assets import flow_dbt_models
from pipelines.paths import writer_lock


@multi_asset_check(
    specs=[AssetCheckSpec(name=e.name, asset=AssetKey(["marts", e.asset]), description=e.description, blocking=True)
           for e in EXPECTATIONS],
)
def quality_expectations(warehouse: WarehouseResource):
    """All four expectations in one validation of the built marts (one GX context, one pass);
    blocking: a failure stops the run before published_warehouse, so nothing is published."""
    with writer_lock(warehouse.published_file):
        bad = validate(warehouse.build_file)
    for expectation in EXPECTATIONS:
        yield AssetCheckResult(asset_key=AssetKey(["marts", expectation.asset]), check_name=expectation.name,
                               passed=bad[expectation.name] == 0, severity=AssetCheckSeverity.ERROR,
                               metadata={"offending_rows": bad[expectation.name]})


quality_checks = [quality_expectations]


@asset(
    key=AssetKey(["published_warehouse"]),
    deps=list(flow_dbt_models.keys),
    group_name="publish",
    description="The marts copied into a fresh DuckDB file and swapped in by atomic rename.",
)
def published_warehouse(context: AssetExecutionContext, warehouse: WarehouseResource) -> MaterializeResult:
    # Runs only after every blocking quality check passed (Dagster skips it otherwise).
    with writer_lock(warehouse.published_file):
        refreshed_at = publish(warehouse.build_file, warehouse.published_file)
    context.log.info(f"published {warehouse.published_file} at {refreshed_at.isoformat()}")
    return MaterializeResult(metadata={"path": str(warehouse.published_file),
                                       "refreshed_at": refreshed_at.isoformat()})
