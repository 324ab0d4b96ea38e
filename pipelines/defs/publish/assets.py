"""The published warehouse (what the API and notebooks read) and the checks that guard it."""

from dagster import (
    AssetCheckResult,
    AssetCheckSeverity,
    AssetCheckSpec,
    AssetExecutionContext,
    AssetKey,
    Config,
    MaterializeResult,
    asset,
    multi_asset_check,
)

from pipelines.defs.publish.publish import publish
from pipelines.defs.publish.quality import EXPECTATIONS, Engine, validate
from pipelines.defs.resources import WarehouseResource
from pipelines.defs.transform.assets import flow_dbt_models, money_mart_keys
from pipelines.paths import writer_lock


class QualityConfig(Config):
    """sql (every run): each expectation counted by one plain DuckDB query. gx: the same four
    expectations as Great Expectations suites, the reference the SQL counts are tested against
    (tests/pipelines/test_quality.py), for a run launched with it; its import alone costs a full
    run 6-25 s."""

    engine: Engine = "sql"
    # False in the sensor's run: the tickets mart's ids are not hashed for duplicates (quality.py,
    # _TICKET_TWICE_SQL); the nightly and every full build check them.
    ticket_ids_once: bool = True


@multi_asset_check(
    specs=[AssetCheckSpec(name=e.name, asset=AssetKey(["marts", e.asset]), description=e.description, blocking=True)
           for e in EXPECTATIONS],
)
def quality_expectations(warehouse: WarehouseResource, config: QualityConfig):
    """All four expectations in one validation of the built marts (one query each, or one GX
    context and pass); blocking: a failure stops the run before published_warehouse, so nothing is published."""
    with writer_lock(warehouse.published_file):
        bad = validate(warehouse.build_file, engine=config.engine, ticket_ids_once=config.ticket_ids_once)
    for expectation in EXPECTATIONS:
        yield AssetCheckResult(asset_key=AssetKey(["marts", expectation.asset]), check_name=expectation.name,
                               passed=bad[expectation.name] == 0, severity=AssetCheckSeverity.ERROR,
                               metadata={"offending_rows": bad[expectation.name]})


quality_checks = [quality_expectations]


# Published are the marts (and the reference seeds beside them). Named as dependencies are the
# marts every build yields: Dagster skips a step whose dependency was not yielded, and a sensor
# run whose change reaches no money table leaves the money marts out (their last build stays in
# the build file and is published again). Publishing still follows them in every build that
# makes them: every mart is an output of the one dbt step, and the publish step starts only
# after that step succeeded.
MONEY_MART_KEYS = money_mart_keys()
MART_KEYS = sorted((key for key in flow_dbt_models.keys if key.path[0] == "marts" and key not in MONEY_MART_KEYS),
                   key=str)


@asset(
    key=AssetKey(["published_warehouse"]),
    deps=MART_KEYS,
    group_name="publish",
    description="The built marts swapped in for the published file by atomic rename (nothing copied).",
)
def published_warehouse(context: AssetExecutionContext, warehouse: WarehouseResource) -> MaterializeResult:
    # Runs only after every blocking quality check passed (Dagster skips it otherwise).
    with writer_lock(warehouse.published_file):
        refreshed_at = publish(warehouse.build_file, warehouse.published_file)
    context.log.info(f"published {warehouse.published_file} at {refreshed_at.isoformat()}")
    return MaterializeResult(metadata={"path": str(warehouse.published_file),
                                       "refreshed_at": refreshed_at.isoformat()})
