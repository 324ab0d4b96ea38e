"""dbt models, seeds and tests as Dagster assets and checks, on one lineage graph with ingest."""

import json
import os
import shutil
from collections.abc import Mapping
from typing import Any

from dagster import AssetExecutionContext, AssetKey, Config
from dagster_dbt import DagsterDbtTranslator, DagsterDbtTranslatorSettings, DbtCliResource, dbt_assets

from pipelines.defs.publish.publish import claim_build_file, copy_published
from pipelines.defs.resources import WarehouseResource
from pipelines.defs.transform.project import (
    behind,
    changed_tables,
    dbt_env,
    dbt_project,
    empty_build_file,
    full_rebuild_reason,
    keep_parse_state,
    prepare_manifest,
    record_build,
    wider,
)
from pipelines.paths import writer_lock

prepare_manifest()


class FlowDbtTranslator(DagsterDbtTranslator):
    """dbt sources (schema raw) are the ingest assets raw/<table>."""

    def get_asset_key(self, dbt_resource_props: Mapping[str, Any]) -> AssetKey:
        if dbt_resource_props["resource_type"] == "source":
            return AssetKey(["raw", dbt_resource_props["name"]])
        return super().get_asset_key(dbt_resource_props)

    def get_group_name(self, dbt_resource_props: Mapping[str, Any]) -> str | None:
        return "transform"


class DbtBuildConfig(Config):
    """A sensor run rebuilds only what a change reaches: the dbt selector `ticket_change`
    (dbt/selectors.yml: int_tickets_enriched and every model downstream of it, every mart but the
    money marts, with their data tests), or `money_change` (the same and the money marts) when
    the extract loaded changed rows of a table in MONEY_TABLES. Seeds, staging views and their
    tests (which a ticket cannot change) are built by the full runs: the CLI, the nightly
    schedule and any full rebuild."""

    downstream_of_tickets_only: bool = False
    # False: models and seeds only, no data or unit tests (`--exclude-resource-type test unit_test`).
    # For a build whose tests run elsewhere: the API tests' worlds (tests/api/conftest.py), whose
    # marts tests/pipelines builds and tests in full. Every product run keeps the default.
    dbt_tests: bool = True


# A YAML selector, not `--select int_tickets_enriched+`: dagster-dbt adds its own
# `--select fqn:*` for an unsubsetted run, and dbt takes the union of two --select flags (every
# node was rebuilt); beside --selector, dbt ignores --select.
TICKET_CHANGE_SELECTOR = "ticket_change"
MONEY_CHANGE_SELECTOR = "money_change"
# The raw tables the receivables and payables marts (dbt/models/marts/invoices and payables) read, but tickets:
# of a ticket they take only its number, which never changes once issued, and a document comes to
# name a ticket only by a write to invoices or bills. At 10 M tickets and 1 M invoices these marts
# were 8.3 s of a sensor run's 12.7 model seconds (bench/README.md, issue 18), rebuilt on every
# new ticket. tests/pipelines/test_sensor_selection.py checks this list against the manifest.
MONEY_TABLES = frozenset({"invoices", "payments", "customers", "bills", "bill_payments", "companies"})
# Their folders: the "money marts" of the sensor's selection (selector money_change).
MONEY_MART_FOLDERS = frozenset({("flow", "marts", "invoices"), ("flow", "marts", "payables")})

# Threads of every build but the sensor's (the profile keeps 1): with one thread the full build
# runs its 386 nodes one after another while DuckDB idles between them. Safe with dbt-duckdb
# 1.11.1 on a local file: each dbt thread is its own DuckDB connection, and an incremental model's
# scratch table is a connection-local temporary table, not a table in a shared `dbt_temp` schema
# (the concurrent create/drop there was dbt-duckdb issue #513; that path is MotherDuck's only).
# 2 measured faster than 3 or 4 on the 2 cores (bench/README.md, issue 18).
BUILD_THREADS = 2


@dbt_assets(
    manifest=dbt_project.manifest_path,
    project=dbt_project,
    dagster_dbt_translator=FlowDbtTranslator(settings=DagsterDbtTranslatorSettings(enable_asset_checks=True)),
)
def flow_dbt_models(context: AssetExecutionContext, dbt: DbtCliResource, warehouse: WarehouseResource,
                    config: DbtBuildConfig):
    """`dbt build`: seeds, models and data tests against the work file; unit tests on a full rebuild."""
    # dbt reads os.environ (dagster-dbt hands it on): point it at this run's work file.
    os.environ.update(dbt_env(warehouse.build_file))
    with writer_lock(warehouse.published_file):
        args = ["build"]
        reason = full_rebuild_reason(warehouse.build_file)
        if reason:  # otherwise the incremental models take only what changed
            context.log.info(f"full rebuild of the incremental models: {reason}")
            empty_build_file(warehouse.build_file, reason)
            args += ["--full-refresh", "--threads", str(BUILD_THREADS)]
            selection = "all"
        else:
            # The build file is the version the last publish replaced (publish.py): wait for the
            # readers that may still finish on it, or start from a copy of the published file.
            if claim_build_file(warehouse.build_file, warehouse.published_file) == "copied":
                context.log.info("the previous version was still open: building on a copy of the published file")
            lacking = behind(warehouse.build_file)
            if lacking == "all":
                # A full run was published since (seeds, every model, perhaps another project or
                # reloaded raw tables): start from its file, once.
                copy_published(warehouse.build_file, warehouse.published_file)
                lacking = None
            if config.downstream_of_tickets_only:
                money = sorted(MONEY_TABLES & changed_tables(warehouse.build_file))
                if money:
                    context.log.info(f"money tables changed ({', '.join(money)}): the money marts are built too")
                selection = MONEY_CHANGE_SELECTOR if money else TICKET_CHANGE_SELECTOR
                # The file also lacks what the build published since it was last built took in
                # (its own selection, not widened in turn: its file had the rest already).
                args += ["--selector", wider(selection, lacking)]
            else:
                args += ["--threads", str(BUILD_THREADS)]
                selection = "all"
        if not config.dbt_tests:
            args += ["--exclude-resource-type", "test", "unit_test"]
        elif not reason:
            # Unit tests check the SQL against fixed inputs, never the data: they run on a full
            # rebuild, which every change of the dbt project forces (full_rebuild_reason), and not
            # again on each incremental refresh of the same SQL (a third of a small build's node time).
            args += ["--exclude-resource-type", "unit_test"]
        invocation = dbt.cli(args, context=context)
        try:
            yield from invocation.stream()
            if invocation.is_successful():
                record_build(warehouse.build_file, selection)
                keep_parse_state(invocation.target_path)
        finally:
            # The last build's per-node statuses and seconds stay beside the build file, a failed
            # build's too (which test failed, what a slow sensor run spent where).
            results = invocation.target_path / "run_results.json"
            if results.exists():
                shutil.copyfile(results, warehouse.build_file.with_name(warehouse.build_file.name + ".run_results.json"))
            # Each invocation has its own target folder: drop it, or a sensor-driven day fills the disk.
            shutil.rmtree(invocation.target_path, ignore_errors=True)


def money_mart_keys() -> set[AssetKey]:
    """The asset keys of the money marts (models/marts/invoices and payables), which a ticket-only sensor run
    leaves out of its build."""
    manifest = json.loads(dbt_project.manifest_path.read_text())
    translator = FlowDbtTranslator()
    return {translator.get_asset_key(node) for node in manifest["nodes"].values()
            if node["resource_type"] == "model" and tuple(node["fqn"][:3]) in MONEY_MART_FOLDERS}
