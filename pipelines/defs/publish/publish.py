"""Publish: copy the built marts file whole and swap it in with one atomic rename.

dbt builds the marts and reference seeds into their own DuckDB file (raw, staging and
intermediate live in the work file), so publishing is a file copy, not a table-by-table copy:
seconds at ten million tickets. Readers that opened the previous file keep reading it (the
rename does not touch open files); the next short-lived connection sees the new one. The API
never opens the build file.
"""
from __future__ import annotations

import os
import shutil
import uuid
from datetime import UTC, datetime
from pathlib import Path

import duckdb

from pipelines.paths import work_path

PUBLISHED_SCHEMAS = ("marts", "reference")
# The operational tables whose changes the analytics answers show and the sensor refreshes for:
# the newest updated_at among them that this build took in is published beside the refresh time,
# so the API can tell, with one index probe per table, that a newer figure is on its way
# (api/warehouse/freshness.py asks Postgres for rows changed after it).
SOURCE_TABLES = ("tickets", "stores")


def source_changed_at(work_file: Path, con: duckdb.DuckDBPyConnection) -> datetime | None:
    """The newest updated_at of SOURCE_TABLES in the work file's raw extract (what this build read)."""
    if not work_file.exists():
        return None
    con.execute(f"attach '{work_file}' as work (read_only)")
    try:
        present = {t for (t,) in con.execute(
            "select table_name from duckdb_tables() where database_name = 'work' and schema_name = 'raw'").fetchall()}
        tables = [t for t in SOURCE_TABLES if t in present]
        if not tables:
            return None
        query = "select greatest(" + ", ".join(f'(select max(updated_at) from work.raw."{t}")' for t in tables) + ")"
        found = con.execute(query).fetchone()[0]
    finally:
        con.execute("detach work")
    return found


def publish(build_file: Path, published: Path, work_file: Path | None = None) -> datetime:
    """Called under the writer lock: nothing else writes the build or work file meanwhile.
    work_file: the raw extract the build read (default: beside the published file)."""
    work_file = work_file or work_path(published)
    refreshed_at = datetime.now(tz=UTC).replace(tzinfo=None)
    con = duckdb.connect(str(build_file))
    con.execute("checkpoint")  # everything in the file itself, nothing left in its WAL
    con.close()
    staging = published.with_name(f".{published.name}.{uuid.uuid4().hex}.tmp")
    try:
        shutil.copyfile(build_file, staging)
        con = duckdb.connect(str(staging))
        try:
            strays = con.execute(
                "select schema_name, table_name from duckdb_tables() "
                f"where schema_name not in {PUBLISHED_SCHEMAS}"
            ).fetchall()
            for schema, table in strays:  # only marts and reference data are ever published
                con.execute(f'drop table "{schema}"."{table}"')
            con.execute("create schema if not exists marts")
            changed = source_changed_at(work_file, con)
            con.execute("create or replace table marts.warehouse_refresh "
                        "(refreshed_at timestamp, source_changed_at timestamp)")
            con.execute("insert into marts.warehouse_refresh values (?, ?)", [refreshed_at, changed])
            con.execute("checkpoint")
        finally:
            con.close()
    except BaseException:
        staging.unlink(missing_ok=True)
        raise
    os.replace(staging, published)
    return refreshed_at.replace(tzinfo=UTC)
