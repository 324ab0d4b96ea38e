"""Short-lived read-only connections to the published warehouse (only Dagster writes DuckDB).

A connection opens the file as it is now; a publish (atomic rename) during a query leaves that
query on the previous file, and the next call sees the new one.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

import duckdb
import yaml

from api.core.config import ROOT, get_settings


def warehouse_file() -> Path:
    return Path(get_settings().warehouse_path)


SEED_CONSTANTS = ROOT / "dbt" / "seeds" / "impact_constants.csv"
# Before the first publish every report answers from empty marts of the same shape: zeros,
# empty lists and last_refreshed_at null, the spec's empty states, never demo figures.
EMPTY_MARTS = """
create schema marts;
create schema reference;
create table marts.warehouse_refresh (refreshed_at timestamp);
create table marts.ticket_facts_daily (
    company_id varchar, location_id varchar, location_name varchar, local_date date, is_inbound boolean,
    waste_type_name varchar, destination_name varchar, container_name varchar, employee_id varchar,
    employee_name varchar, is_diversion boolean, management_path varchar, ticket_count bigint,
    gross_weight_lb decimal(38,1), tare_weight_lb decimal(38,1), net_weight_lb decimal(38,1),
    diverted_weight_lb decimal(38,1), donated_weight_lb decimal(38,1), meals_recovered double,
    co2e_avoided_kg double, co2e_emitted_kg double, total_amount_usd decimal(38,2));
create table marts.esg_monthly (company_id varchar, month_start date, monthly_target_met boolean);
create table marts.diversion_monthly (company_id varchar, location_id varchar, period_start date,
    diversion_rate_percent double);
"""


MARTS_DIR = ROOT / "dbt" / "models" / "marts"


@cache
def contract_tables() -> tuple[str, ...]:
    """`create table` for every mart with an enforced contract not in EMPTY_MARTS, from its yml:
    a new mart is empty before the first publish without being described twice."""
    made = {line.split("marts.")[1].split(" ")[0] for line in EMPTY_MARTS.splitlines()
            if line.startswith("create table marts.")}
    found = []
    for yml in sorted(MARTS_DIR.rglob("*.yml")):
        for model in (yaml.safe_load(yml.read_text()) or {}).get("models", []):
            contract = (model.get("config") or {}).get("contract") or {}
            if contract.get("enforced") and model["name"] not in made:
                cols = ", ".join(f'{c["name"]} {c["data_type"]}' for c in model["columns"])
                found.append(f'create table marts.{model["name"]} ({cols})')
    return tuple(found)


def _empty_warehouse() -> duckdb.DuckDBPyConnection:
    con = duckdb.connect(":memory:")
    con.execute(EMPTY_MARTS)
    for statement in contract_tables():
        con.execute(statement)
    con.execute("create table reference.impact_constants as select constant_name, "
                "cast(constant_value as decimal(18,8)) as constant_value "
                f"from read_csv('{SEED_CONSTANTS}', header = true)")
    return con


@contextmanager
def read_warehouse() -> Iterator[duckdb.DuckDBPyConnection]:
    """A read-only connection to the published file (empty marts before the first publish)."""
    path = warehouse_file()
    con = _empty_warehouse() if not path.exists() else None
    if con is None:
        try:
            con = duckdb.connect(str(path), read_only=True, config={"threads": 1})
        except duckdb.IOException:  # removed between the check and the open
            con = _empty_warehouse()
    try:
        yield con
    finally:
        con.close()


def last_refreshed_at(con: duckdb.DuckDBPyConnection) -> datetime | None:
    row = con.execute("select max(refreshed_at) from marts.warehouse_refresh").fetchone()
    return row[0].replace(tzinfo=UTC) if row and row[0] else None


_refreshed: tuple[tuple[int, int], datetime | None] | None = None


def published_refreshed_at() -> datetime | None:
    """When the published warehouse was last refreshed, for screens that watch for a new one.

    Asked every few seconds by every open dashboard, so the answer is kept per file version:
    each publish swaps in a new file (os.replace), with its own inode and mtime.
    """
    global _refreshed
    path = warehouse_file()
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    version = (stat.st_ino, stat.st_mtime_ns)
    if _refreshed is None or _refreshed[0] != version:
        with read_warehouse() as con:
            _refreshed = (version, last_refreshed_at(con))
    return _refreshed[1]


def rows(con: duckdb.DuckDBPyConnection, query: str, params: list) -> list[dict]:
    cur = con.execute(query, params)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r)) for r in cur.fetchall()]
