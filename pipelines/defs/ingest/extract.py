"""Copy operational tables from Postgres into DuckDB `raw`, incrementally by updated_at.

The ADBC PostgreSQL driver reads each query by binary COPY into Arrow record batches, which
DuckDB scans as they arrive (no text to format and parse, no file, no per-row Python); the
casts to the raw types happen in that scan. Rows are upserted by primary key. The watermark
looks back a few minutes because updated_at is the writer's transaction start, and a long
transaction can commit after a later one was already read. Hard deletes need a full reload.

Only the columns the dbt staging models read are copied (the `app` source's declared columns, read
from dbt's manifest by declared_columns.py), with each table's key and updated_at, which the upsert needs. A large table read
whole is read in page ranges on parallel connections that share the first one's snapshot: one
connection decodes COPY on one core, and Postgres, the driver and DuckDB can use both.
"""
from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

import adbc_driver_postgresql.dbapi as adbc
import duckdb
from psycopg import sql

from pipelines.defs.ingest.declared_columns import declared_columns

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
        if self.pg_type == "numeric" or self.duck_type == "VARCHAR" and self.pg_type not in BINARY_AS_TEXT:
            # Enums, arrays, json and the like: Postgres's own text form, as the warehouse had it.
            # Numeric too: its exact decimal text, which DuckDB casts to DECIMAL; the driver's
            # own numeric conversion (also to text) took half the extract's time.
            return sql.SQL("{}::text").format(ident)
        return ident

    @property
    def cast_expr(self) -> str:
        """The raw column from the Arrow scan, in its raw type."""
        return f'cast("{self.name}" as {self.duck_type}) as "{self.name}"'


# Postgres types whose Arrow form DuckDB turns into the same VARCHAR as Postgres's text output.
BINARY_AS_TEXT = {"text", "character varying", "character", "uuid"}


def _rows(pg: adbc.Connection, query: str | sql.Composable) -> list[tuple]:
    text = query if isinstance(query, str) else query.as_string(None)
    with pg.cursor() as cur:
        cur.execute(text)
        return cur.fetchall()


def source_columns(pg: adbc.Connection, table: str) -> list[Column]:
    """Every column of public.<table> that may leave Postgres (secrets excluded)."""
    rows = _rows(pg, sql.SQL(
        "select column_name::text, data_type::text, numeric_precision::int, numeric_scale::int "
        "from information_schema.columns where table_schema = 'public' and table_name = {} order by ordinal_position"
    ).format(sql.Literal(table)))
    skip = EXCLUDED_COLUMNS.get(table, set())
    return [Column(*row) for row in rows if row[0] not in skip]


def extracted_columns(columns: list[Column], table: str, key: list[str]) -> list[Column]:
    """The columns dbt's source declares, plus the key and updated_at (the upsert's and the watermark's)."""
    read = declared_columns().get(table, frozenset())
    return [c for c in columns if c.name in read or c.name in key or c.name == "updated_at"]


def primary_key(pg: adbc.Connection, table: str) -> list[str]:
    rows = _rows(pg, sql.SQL(
        "select a.attname::text from pg_index i join pg_attribute a on a.attrelid = i.indrelid "
        "and a.attnum = any(i.indkey) where i.indrelid = {}::regclass and i.indisprimary order by a.attnum"
    ).format(sql.Literal(f"public.{table}")))
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


# A table read whole is split into this many page ranges when it holds at least PARALLEL_PAGES
# pages (8 kB each): the tickets table, not the reference lists.
PARALLEL_READS = 2
PARALLEL_PAGES = 2048


@dataclass(frozen=True)
class Source:
    """The extract's Postgres side: the connection whose snapshot every read uses, and how to open
    more connections that read from the same snapshot (None: one connection only)."""

    pg: adbc.Connection
    uri: str | None = None
    snapshot: str | None = None


def _pages(pg: adbc.Connection, table: str) -> int:
    return _rows(pg, sql.SQL("select (pg_relation_size({}::regclass) / current_setting('block_size')::int)::int")
                 .format(sql.Literal(f"public.{table}")))[0][0]


def _load_in_ranges(source: Source, duck: duckdb.DuckDBPyConnection, table: str, columns: list[Column],
                    query: sql.Composed, loaded_at: datetime, pages: int) -> int:
    """raw.<table> from PARALLEL_READS page ranges read at once, each on its own connection in the
    exported snapshot and appended by its own DuckDB cursor. Built beside the old table and swapped
    in when every range has arrived, so a failed read leaves the old table whole."""
    staged = f"{table}__loading"
    duck.execute(f'drop table if exists raw."{staged}"')
    duck.execute(f'create table raw."{staged}" ('
                 + ", ".join(f'"{c.name}" {c.duck_type}' for c in columns) + f", {LOADED_AT} TIMESTAMP)")
    casts = ", ".join(c.cast_expr for c in columns)
    bounds = [pages * i // PARALLEL_READS for i in range(PARALLEL_READS)] + [None]

    def load_range(i: int) -> None:
        ctid = sql.SQL(" where ctid >= {}::tid").format(sql.Literal(f"({bounds[i]},0)"))
        if bounds[i + 1] is not None:
            ctid += sql.SQL(" and ctid < {}::tid").format(sql.Literal(f"({bounds[i + 1]},0)"))
        with adbc.connect(source.uri) as pg, pg.cursor() as cur:
            cur.execute(f"set transaction snapshot '{source.snapshot}'")  # first statement of its transaction
            cur.execute((query + ctid).as_string(None))
            appender = duck.cursor()
            try:
                appender.register("_fresh", cur.fetch_record_batch())
                appender.execute(f'insert into raw."{staged}" select {casts}, ?::timestamp from _fresh', [loaded_at])
            finally:
                appender.close()
                pg.rollback()

    try:
        with ThreadPoolExecutor(PARALLEL_READS) as pool:
            for done in [pool.submit(load_range, i) for i in range(PARALLEL_READS)]:
                done.result()
    except BaseException:
        duck.execute(f'drop table if exists raw."{staged}"')
        raise
    duck.execute("begin")
    try:
        duck.execute(f'drop table if exists raw."{table}"')
        duck.execute(f'alter table raw."{staged}" rename to "{table}"')
    except BaseException:
        duck.execute("rollback")
        raise
    duck.execute("commit")
    return duck.execute(f'select count(*) from raw."{table}"').fetchall()[0][0]


def extract_table(source: Source | adbc.Connection, duck: duckdb.DuckDBPyConnection, table: str, *, full: bool,
                  loaded_at: datetime) -> Extracted:
    """Load one table's changed rows into raw.<table>."""
    source = source if isinstance(source, Source) else Source(source)
    pg = source.pg
    key = primary_key(pg, table) or ["id"]  # asked before the copy: one query at a time on a connection
    columns = extracted_columns(source_columns(pg, table), table, key)
    names = [c.name for c in columns]
    existing = _raw_columns(duck, table)
    # New columns (a migration, or staging reads one more) mean a fresh copy.
    reload = full or existing != [*names, LOADED_AT]
    watermark = None
    if not reload:
        watermark = duck.execute(f'select max(updated_at) from raw."{table}"').fetchall()[0][0]
    query = sql.SQL("select {} from public.{}").format(
        sql.SQL(", ").join(sql.SQL("{} as {}").format(c.select_expr, sql.Identifier(c.name)) for c in columns),
        sql.Identifier(table),
    )
    if reload and source.snapshot:
        pages = _pages(pg, table)
        if pages >= PARALLEL_PAGES:
            return Extracted(rows=_load_in_ranges(source, duck, table, columns, query, loaded_at, pages),
                             reloaded=True)
    if watermark is not None:
        query += sql.SQL(" where updated_at >= {}::timestamp at time zone 'UTC' - interval {}").format(
            sql.Literal(watermark), sql.Literal(LOOKBACK)
        )
    casts = ", ".join(c.cast_expr for c in columns)
    with pg.cursor() as cur:
        cur.execute(query.as_string(None))
        batches = cur.fetch_record_batch()  # binary COPY, streamed: DuckDB pulls batches as it scans
        duck.register("_fresh", batches)
        try:
            if reload or watermark is None and not existing:
                duck.execute(f'create or replace table raw."{table}" as '
                             f"select {casts}, ?::timestamp as {LOADED_AT} from _fresh", [loaded_at])
                rows = duck.execute(f'select count(*) from raw."{table}"').fetchall()[0][0]
            else:
                same_key = " and ".join(f'held."{k}" = fresh."{k}"' for k in key)
                # Materialized first: a stream has no row count, and the join below must hash the
                # few fresh rows, not the millions held.
                duck.execute(f"create or replace temp table _fresh_rows as select {casts} from _fresh")
                # Rows read again inside the look-back window but unchanged keep their load stamp, so
                # the incremental dbt models see only rows that really changed.
                duck.execute(
                    f"create or replace temp table _changed as select fresh.*, ?::timestamp as {LOADED_AT} "
                    "from _fresh_rows as fresh where not exists "
                    f'(select 1 from raw."{table}" as held where {same_key} and held.updated_at = fresh.updated_at)',
                    [loaded_at],
                )
                duck.execute("drop table _fresh_rows")
                rows = duck.execute("select count(*) from _changed").fetchall()[0][0]
                if rows:
                    match = " and ".join(f'raw."{table}"."{k}" = _changed."{k}"' for k in key)
                    duck.execute(f'delete from raw."{table}" using _changed where {match}')
                    duck.execute(f'insert into raw."{table}" select * from _changed')
                duck.execute("drop table _changed")
        finally:
            duck.unregister("_fresh")
    return Extracted(rows=rows, reloaded=reload)


def deletion_counts(pg: adbc.Connection) -> dict[str, int] | None:
    """How many deleting statements each table has seen (row_deletions, kept by triggers in
    Postgres; migration 0016_row_deletions), read in the extract's snapshot; None on a database
    not migrated that far (asked first: an error would end the snapshot's transaction)."""
    if _rows(pg, "select to_regclass('public.row_deletions') is not null")[0][0]:
        return dict(_rows(pg, "select table_name, deletions from row_deletions"))
    return None


def _seen_deletions(duck: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """The deletion counts the last extract saw (none before the first)."""
    duck.execute("create schema if not exists extract_state")
    duck.execute("create table if not exists extract_state.row_deletions (table_name varchar primary key, "
                 "deletions bigint not null)")
    return dict(duck.execute("select table_name, deletions from extract_state.row_deletions").fetchall())


def _save_seen_deletions(duck: duckdb.DuckDBPyConnection, counts: dict[str, int]) -> None:
    duck.execute("delete from extract_state.row_deletions")
    if counts:
        duck.executemany("insert into extract_state.row_deletions values (?, ?)", list(counts.items()))


def rows_deleted_since_last_extract(pg: adbc.Connection, duck: duckdb.DuckDBPyConnection, table: str) -> bool:
    """Hard deletes leave no updated_at behind. After the upsert raw holds every source row (same
    snapshot) plus any deleted since: more rows in raw than in Postgres means something was deleted."""
    source = _rows(pg, sql.SQL("select count(*) from public.{}").format(sql.Identifier(table)))[0][0]
    return duck.execute(f'select count(*) from raw."{table}"').fetchall()[0][0] > source


# Every session of the extract: UTC, the system scope the row-level security policies let through,
# and one read-only repeatable-read transaction (the driver opens it; no autocommit), so every
# table is read from the same snapshot.
SESSION_OPTIONS = ("-c timezone=UTC -c app.scope=system -c default_transaction_read_only=on "
                   r"-c default_transaction_isolation=repeatable\ read")


def adbc_uri(database_url: str) -> str:
    url = database_url.replace("postgresql+psycopg://", "postgresql://", 1)
    return f"{url}{'&' if '?' in url else '?'}options={quote(SESSION_OPTIONS)}"


def extract_all(database_url: str, work_file: Path, *, full: bool = False) -> dict[str, Extracted]:
    """Extract every operational table for all companies: the warehouse is platform-wide and every
    mart keeps company_id; the system scope passes the row-level security policies."""
    work_file.parent.mkdir(parents=True, exist_ok=True)
    extracted: dict[str, Extracted] = {}
    uri = adbc_uri(database_url)
    with adbc.connect(uri) as pg:
        duck = duckdb.connect(str(work_file))
        try:
            duck.execute("create schema if not exists raw")
            duck.execute(f"set threads = {max(1, min(2, os.cpu_count() or 1))}")
            loaded_at = datetime.now(tz=UTC).replace(tzinfo=None)
            # Parallel reads see this transaction's snapshot (it stays valid while it is open).
            source = Source(pg, uri, _rows(pg, "select pg_export_snapshot()")[0][0])
            deletions, seen = deletion_counts(pg), _seen_deletions(duck)
            for table in TABLES:
                result = extract_table(source, duck, table, full=full, loaded_at=loaded_at)
                # Rows counted only when rows of the table were deleted since the last extract
                # (a count of 10 M tickets took 0.5-1.9 s of every sensor run); every table when
                # the database keeps no counts.
                moved = deletions is None or deletions.get(table, 0) != seen.get(table)
                if not result.reloaded and moved and rows_deleted_since_last_extract(pg, duck, table):
                    result = extract_table(source, duck, table, full=True, loaded_at=loaded_at)
                extracted[table] = result
            if deletions is not None:
                _save_seen_deletions(duck, {table: deletions.get(table, 0) for table in TABLES})
            duck.execute("checkpoint")
        finally:
            duck.close()
            pg.rollback()  # read only: nothing to commit
    return extracted
