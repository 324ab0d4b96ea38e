"""Copy operational tables from Postgres into DuckDB `raw`, incrementally by updated_at.

Postgres streams CSV (COPY ... TO STDOUT), DuckDB reads it with explicit types: no per-row
Python, so ten million tickets load in seconds. Rows are upserted by primary key. The watermark
looks back a few minutes because updated_at is the writer's transaction start, and a long
transaction can commit after a later one was already read. Hard deletes need a full reload.
"""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import psycopg
from psycopg import sql

TABLES = (
    "companies", "company_settings", "stores", "regions", "users",
    "waste_types", "destination_types", "container_types", "diversion_methods", "waste_subtypes",
    "carbon_methodologies", "tickets", "ticket_line_items", "ticket_images", "customers", "invoices", "payments",
    "bills", "bill_payments",
    "inventory_items", "inventory_movements", "carbon_credits", "food_recovery_partners", "subscription_invoices",
    "location_generator_profiles",
)
# Secrets and sign-in state never leave the operational database.
EXCLUDED_COLUMNS = {
    "users": {"password_hash", "pin_hash", "pin_failed_count", "pin_locked_until", "token_version"},
    "tickets": {"payload_digest"},
}
LOOKBACK = "10 minutes"
# When a row was loaded into raw (one stamp per extract run): the incremental dbt models'
# watermark, exact because only this process writes raw.
LOADED_AT = "_loaded_at"


@dataclass(frozen=True)
class Column:
    name: str
    pg_type: str
    precision: int | None
    scale: int | None

    @property
    def duck_type(self) -> str:
        if self.pg_type == "numeric":
            return f"DECIMAL({self.precision or 18},{self.scale if self.scale is not None else 4})"
        return {
            "boolean": "BOOLEAN", "integer": "INTEGER", "bigint": "BIGINT", "smallint": "SMALLINT",
            "date": "DATE", "timestamp with time zone": "TIMESTAMP", "timestamp without time zone": "TIMESTAMP",
            "double precision": "DOUBLE", "real": "FLOAT",
        }.get(self.pg_type, "VARCHAR")

    @property
    def select_expr(self) -> sql.Composable:
        ident = sql.Identifier(self.name)
        if self.pg_type == "timestamp with time zone":
            # Naive UTC in the warehouse; local days are derived per company in dbt.
            return sql.SQL("({} at time zone 'UTC')").format(ident)
        return ident


def source_columns(pg: psycopg.Connection, table: str) -> list[Column]:
    rows = pg.execute(
        "select column_name, data_type, numeric_precision, numeric_scale from information_schema.columns "
        "where table_schema = 'public' and table_name = %s order by ordinal_position",
        (table,),
    ).fetchall()
    skip = EXCLUDED_COLUMNS.get(table, set())
    return [Column(*row) for row in rows if row[0] not in skip]


def primary_key(pg: psycopg.Connection, table: str) -> list[str]:
    rows = pg.execute(
        "select a.attname from pg_index i join pg_attribute a on a.attrelid = i.indrelid "
        "and a.attnum = any(i.indkey) where i.indrelid = %s::regclass and i.indisprimary order by a.attnum",
        (f"public.{table}",),
    ).fetchall()
    return [r[0] for r in rows]


def _raw_columns(duck: duckdb.DuckDBPyConnection, table: str) -> list[str]:
    rows = duck.execute(
        "select column_name from information_schema.columns where table_schema = 'raw' and table_name = ? "
        "order by ordinal_position",
        [table],
    ).fetchall()
    return [r[0] for r in rows]


@dataclass(frozen=True)
class Extracted:
    rows: int  # new or changed rows loaded
    reloaded: bool  # the table was copied whole (asked for, new columns, or rows deleted)


def extract_table(pg: psycopg.Connection, duck: duckdb.DuckDBPyConnection, table: str, *, full: bool,
                  workdir: Path, loaded_at: datetime) -> Extracted:
    """Load one table's changed rows into raw.<table>."""
    columns = source_columns(pg, table)
    names = [c.name for c in columns]
    existing = _raw_columns(duck, table)
    reload = full or existing != [*names, LOADED_AT]  # a new column (migration) means a fresh copy
    watermark = None
    if not reload:
        watermark = duck.execute(f'select max(updated_at) from raw."{table}"').fetchone()[0]
    query = sql.SQL("select {} from public.{}").format(
        sql.SQL(", ").join(sql.SQL("{} as {}").format(c.select_expr, sql.Identifier(c.name)) for c in columns),
        sql.Identifier(table),
    )
    if watermark is not None:
        query += sql.SQL(" where updated_at >= {}::timestamp at time zone 'UTC' - interval {}").format(
            sql.Literal(watermark), sql.Literal(LOOKBACK)
        )
    csv_path = workdir / f"{table}.csv"
    copy_sql = sql.SQL("copy ({}) to stdout with (format csv)").format(query)
    with open(csv_path, "wb") as out, pg.cursor() as cur, cur.copy(copy_sql) as copy:
        out.writelines(copy)
    types = ", ".join(f"'{c.name}': '{c.duck_type}'" for c in columns)
    # Postgres writes NULL unquoted and '' quoted: keep them apart.
    reader = (
        f"read_csv('{csv_path}', columns = {{{types}}}, header = false, quote = '\"', escape = '\"', "
        "allow_quoted_nulls = false, auto_detect = false)"
    )
    if reload or watermark is None and not existing:
        duck.execute(f'create or replace table raw."{table}" as select *, ?::timestamp as {LOADED_AT} from {reader}',
                     [loaded_at])
        rows = duck.execute(f'select count(*) from raw."{table}"').fetchone()[0]
    else:
        key = primary_key(pg, table) or ["id"]
        same_key = " and ".join(f'held."{k}" = fresh."{k}"' for k in key)
        # Rows read again inside the look-back window but unchanged keep their load stamp, so
        # the incremental dbt models see only rows that really changed.
        duck.execute(
            f"create or replace temp table _changed as select fresh.*, ?::timestamp as {LOADED_AT} "
            f'from {reader} as fresh where not exists (select 1 from raw."{table}" as held '
            f"where {same_key} and held.updated_at = fresh.updated_at)",
            [loaded_at],
        )
        rows = duck.execute("select count(*) from _changed").fetchone()[0]
        if rows:
            match = " and ".join(f'raw."{table}"."{k}" = _changed."{k}"' for k in key)
            duck.execute(f'delete from raw."{table}" using _changed where {match}')
            duck.execute(f'insert into raw."{table}" select * from _changed')
        duck.execute("drop table _changed")
    csv_path.unlink(missing_ok=True)
    return Extracted(rows=rows, reloaded=reload)


def rows_deleted_since_last_extract(pg: psycopg.Connection, duck: duckdb.DuckDBPyConnection, table: str) -> bool:
    """Hard deletes leave no updated_at behind. After the upsert raw holds every source row (same
    snapshot) plus any deleted since: more rows in raw than in Postgres means something was deleted."""
    source = pg.execute(sql.SQL("select count(*) from public.{}").format(sql.Identifier(table))).fetchone()[0]
    return duck.execute(f'select count(*) from raw."{table}"').fetchone()[0] > source


def extract_all(database_url: str, work_file: Path, *, full: bool = False) -> dict[str, Extracted]:
    """Extract every operational table for all companies: the warehouse is platform-wide and every
    mart keeps company_id; the system scope passes the row-level security policies. One
    repeatable-read transaction gives every table the same snapshot."""
    work_file.parent.mkdir(parents=True, exist_ok=True)
    extracted: dict[str, Extracted] = {}
    with tempfile.TemporaryDirectory(dir=work_file.parent) as tmp, \
            psycopg.connect(database_url, options="-c timezone=UTC -c app.scope=system") as pg:
        pg.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
        pg.read_only = True
        duck = duckdb.connect(str(work_file))
        try:
            duck.execute("create schema if not exists raw")
            duck.execute(f"set threads = {max(1, min(2, os.cpu_count() or 1))}")
            loaded_at = datetime.now(tz=UTC).replace(tzinfo=None)
            for table in TABLES:
                result = extract_table(pg, duck, table, full=full, workdir=Path(tmp), loaded_at=loaded_at)
                if not result.reloaded and rows_deleted_since_last_extract(pg, duck, table):
                    result = extract_table(pg, duck, table, full=True, workdir=Path(tmp), loaded_at=loaded_at)
                extracted[table] = result
            duck.execute("checkpoint")
        finally:
            duck.close()
    return extracted
