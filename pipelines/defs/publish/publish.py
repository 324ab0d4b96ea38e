"""Publish: copy the marts into a fresh file and swap it in with one atomic rename.

Readers that opened the previous file keep reading it (the rename does not touch open files);
the next short-lived connection sees the new one. The API never opens the work file.
"""
from __future__ import annotations

import os
import uuid
from datetime import UTC, datetime
from pathlib import Path

import duckdb

PUBLISHED_SCHEMAS = ("marts", "reference")


def publish(build_file: Path, published: Path) -> datetime:
    refreshed_at = datetime.now(tz=UTC).replace(tzinfo=None)
    staging = published.with_name(f".{published.name}.{uuid.uuid4().hex}.tmp")
    con = duckdb.connect(str(staging))
    try:
        con.execute(f"attach '{build_file}' as build (read_only)")
        tables = con.execute(
            "select schema_name, table_name from duckdb_tables() where database_name = 'build' "
            f"and schema_name in {PUBLISHED_SCHEMAS}"
        ).fetchall()
        for schema in PUBLISHED_SCHEMAS:
            con.execute(f"create schema if not exists {schema}")
        for schema, table in tables:
            con.execute(f'create table {schema}."{table}" as select * from build.{schema}."{table}"')
        con.execute("create table marts.warehouse_refresh (refreshed_at timestamp)")
        con.execute("insert into marts.warehouse_refresh values (?)", [refreshed_at])
        con.execute("detach build")
        con.execute("checkpoint")
    except BaseException:
        con.close()
        staging.unlink(missing_ok=True)
        raise
    con.close()
    os.replace(staging, published)
    return refreshed_at.replace(tzinfo=UTC)
