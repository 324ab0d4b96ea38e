"""Ingest: one raw/<table> asset per operational table, materialized together (coarse on 2 cores)."""

from dagster import AssetExecutionContext, AssetKey, AssetSpec, Config, MaterializeResult, multi_asset

from pipelines.defs.ingest.extract import TABLES, extract_all
from pipelines.defs.resources import WarehouseResource
from pipelines.defs.transform.project import note_changed_tables, request_full_rebuild
from pipelines.paths import writer_lock


class IngestConfig(Config):
    full: bool = False  # reload every table instead of rows changed since the watermark


@multi_asset(
    specs=[AssetSpec(AssetKey(["raw", table]), group_name="ingest", description=f"Postgres public.{table}")
           for table in TABLES],
    can_subset=False,
)
def raw_tables(context: AssetExecutionContext, config: IngestConfig, warehouse: WarehouseResource):
    with writer_lock(warehouse.published_file):
        extracted = extract_all(warehouse.source_url, warehouse.work_file, full=config.full)
        reloaded = sorted(table for table, result in extracted.items() if result.reloaded)
        if reloaded:  # incremental models cannot follow a reload (deleted rows): rebuild them
            request_full_rebuild(warehouse.build_file, reason=f"raw tables reloaded: {', '.join(reloaded)}")
        # The sensor's dbt build reads these to leave out marts that no changed table reaches.
        note_changed_tables(warehouse.build_file, [t for t, r in extracted.items() if r.rows or r.reloaded])
    context.log.info(f"extracted rows: { {t: r.rows for t, r in extracted.items()} }")
    for table in TABLES:
        yield MaterializeResult(asset_key=AssetKey(["raw", table]),
                                metadata={"rows_read": extracted[table].rows,
                                          "full_reload": extracted[table].reloaded})
