"""The published warehouse (what the API and notebooks read) and the checks that guard it."""

from dagster import (
    AssetCheckResult,
    AssetCheckSeverity,
    AssetExecutionContext,
    AssetKey,
    MaterializeResult,
    asset,
    asset_check,
)

from pipelines.defs.publish.publish import publish
from pipelines.defs.publish.quality import EXPECTATIONS, Expectation, offending_rows
from pipelines.defs.resources import WarehouseResource
from pipelines.defs.transform.assets import flow_dbt_models
from pipelines.paths import writer_lock


def _quality_check(expectation: Expectation):
    @asset_check(asset=AssetKey(["marts", expectation.asset]), name=expectation.name,
                 description=expectation.description, blocking=True)
    def _check(warehouse: WarehouseResource) -> AssetCheckResult:
        with writer_lock(warehouse.published_file):
            bad = offending_rows(warehouse.build_file, expectation)
        return AssetCheckResult(passed=bad == 0, severity=AssetCheckSeverity.ERROR,
                                metadata={"offending_rows": bad})

    return _check


quality_checks = [_quality_check(e) for e in EXPECTATIONS]


@asset(
    key=AssetKey(["published_warehouse"]),
    deps=list(flow_dbt_models.keys),
    group_name="publish",
    description="The marts copied into a fresh DuckDB file and swapped in by atomic rename.",
)
def published_warehouse(context: AssetExecutionContext, warehouse: WarehouseResource) -> MaterializeResult:
    with writer_lock(warehouse.published_file):
        for expectation in EXPECTATIONS:  # never publish marts that break an expectation
            bad = offending_rows(warehouse.build_file, expectation)
            if bad:
                raise RuntimeError(f"not published: {expectation.name} fails on {bad} rows")
        refreshed_at = publish(warehouse.build_file, warehouse.published_file)
    context.log.info(f"published {warehouse.published_file} at {refreshed_at.isoformat()}")
    return MaterializeResult(metadata={"path": str(warehouse.published_file),
                                       "refreshed_at": refreshed_at.isoformat()})
