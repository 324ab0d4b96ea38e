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

PUBLISHED_SCHEMAS = ("marts", "reference")


def publish(build_file: Path, published: Path) -> datetime:
    """Called under the writer lock: nothing else writes the build file meanwhile."""
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
            con.execute("create or replace table marts.warehouse_refresh (refreshed_at timestamp)")
            con.execute("insert into marts.warehouse_refresh values (?)", [refreshed_at])
            con.execute("checkpoint")
        finally:
            con.close()
    except BaseException:
        staging.unlink(missing_ok=True)
        raise
    os.replace(staging, published)
    return refreshed_at.replace(tzinfo=UTC)
