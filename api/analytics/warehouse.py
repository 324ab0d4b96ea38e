"""Short-lived read-only connections to the published warehouse (only Dagster writes DuckDB).

A connection opens the file as it is now; a publish (atomic rename) during a query leaves that
query on the previous file, and the next call sees the new one.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path

import duckdb
import jinja2
import yaml

from api.core.config import ROOT, get_settings


def warehouse_file() -> Path:
    return Path(get_settings().warehouse_path)


SEED_CONSTANTS = ROOT / "dbt" / "seeds" / "impact_constants.csv"
SEED_TIER_RULES = ROOT / "dbt" / "seeds" / "edible_food_generator_rules.csv"
DBT_MARTS = ROOT / "dbt" / "models" / "marts"
DBT_MACROS = ROOT / "dbt" / "macros"


@lru_cache
def empty_marts() -> tuple[str, ...]:
    """The marts as their dbt contracts declare them (every mart with `contract: enforced`), empty.

    Before the first publish every report answers from these: zeros, empty lists and
    last_refreshed_at null, the spec's empty states, never demo figures. The shapes come from
    dbt's own model files, so a column added to a mart is here without a second copy.
    """
    statements = ["create schema marts", "create schema reference",
                  # written by the pipeline's publish step, not by dbt
                  "create table marts.warehouse_refresh (refreshed_at timestamp)"]
    for path in sorted(DBT_MARTS.rglob("*.yml")):
        for model in yaml.safe_load(path.read_text()).get("models") or []:
            if ((model.get("config") or {}).get("contract") or {}).get("enforced"):
                columns = ", ".join(f"{c['name']} {c['data_type']}" for c in model["columns"])
                statements.append(f"create table marts.{model['name']} ({columns})")
    return tuple(statements)


@lru_cache
def figure_functions() -> str:
    """The figure functions as dbt publishes them (macro create_figure_functions, which the
    impact_constants seed's post-hook runs), rendered from dbt's own macro files: the formulas
    are written once, in dbt/macros/figures.sql. Plain Jinja is enough: with the seed's table
    named, those macros use nothing of dbt's (the DuckDB implementation is called directly, as
    dbt's adapter.dispatch would on DuckDB)."""
    names = ("impact_constant.sql", "edible_food_generator.sql", "divide.sql", "figures.sql")
    source = "".join((DBT_MACROS / name).read_text() for name in names)
    return jinja2.Environment().from_string(source).module.duckdb__create_figure_functions()


def _empty_warehouse() -> duckdb.DuckDBPyConnection:
    con = duckdb.connect(":memory:")
    for statement in empty_marts():
        con.execute(statement)
    con.execute("create table reference.impact_constants as select constant_name, "
                "cast(constant_value as decimal(18,8)) as constant_value "
                f"from read_csv('{SEED_CONSTANTS}', header = true)")
    con.execute("create table reference.edible_food_generator_rules as select rule_key, tier, "
                "cast(obligated_from as date) as obligated_from, explanation, citation "
                f"from read_csv('{SEED_TIER_RULES}', header = true, all_varchar = true)")
    con.execute(figure_functions())
    return con


def empty_warehouse() -> duckdb.DuckDBPyConnection:
    """The warehouse before the first publish (empty marts, the seeds the API reads, the figure
    functions), also for a rule a published file made before that rule existed lacks."""
    return _empty_warehouse()


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
