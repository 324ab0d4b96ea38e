"""Read-only access to the published warehouse (only Dagster writes DuckDB).

The process keeps one read-only DuckDB database per published file version and hands each
request its own cursor (DuckDB connections are not shared between threads; cursors are). A
publish swaps in a new file by atomic rename (a new inode): the next request sees the new
version and opens it, requests already running finish on the previous file, and the previous
database is closed when its last cursor is. The file is attached to an in-memory database
rather than opened by path, because DuckDB keeps one database per path in a process and would
hand back the old file's.
"""
from __future__ import annotations

import csv
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

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
                  "create table marts.warehouse_refresh (refreshed_at timestamp, source_changed_at timestamp)"]
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
    are written once, in dbt/macros/figures.sql, with the seed's values as literals, as dbt
    publishes them. Plain Jinja is enough: with the seed's values given, those macros use nothing of dbt's (the DuckDB implementation is called directly, as
    dbt's adapter.dispatch would on DuckDB)."""
    names = ("impact_constant.sql", "edible_food_generator.sql", "divide.sql", "figures.sql")
    source = "".join((DBT_MACROS / name).read_text() for name in names)
    with SEED_CONSTANTS.open(newline="") as seed:
        # as dbt's hook reads them: the seed's decimal(18,8) as text
        constants = {row["constant_name"]: str(Decimal(row["constant_value"]).quantize(Decimal("1e-8")))
                     for row in csv.DictReader(seed)}
    module = jinja2.Environment(extensions=["jinja2.ext.do"]).from_string(source).module
    return module.duckdb__create_figure_functions(constants)


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


# The result cache of one published version (see cached_rows): at most this many results, and
# rows in all as the setting warehouse_result_cache_rows says (least recently used dropped first);
# a single result larger than a tenth of that is not kept.
RESULT_CACHE_ENTRIES = 2048


class _Results:
    """Query results of one published version: (sql, params) -> (column names, rows), LRU-bounded.

    The file under a version never changes (a publish is a new file), so a deterministic query's
    rows are the same until the version is retired, and the cache goes with it."""

    def __init__(self, max_rows: int) -> None:
        self.max_rows = max_rows
        self._entries: OrderedDict[tuple, tuple[tuple[str, ...], list[tuple]]] = OrderedDict()
        self._rows = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def rows(self) -> int:
        return self._rows

    def get(self, key: tuple) -> tuple[tuple[str, ...], list[tuple]] | None:
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
            return found

    def put(self, key: tuple, value: tuple[tuple[str, ...], list[tuple]]) -> None:
        size = len(value[1])
        if size > self.max_rows // 10:
            return
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._rows -= len(old[1])
            self._entries[key] = value
            self._rows += size
            while len(self._entries) > RESULT_CACHE_ENTRIES or self._rows > self.max_rows:
                _, dropped = self._entries.popitem(last=False)
                self._rows -= len(dropped[1])

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._rows = 0


class _Published:
    """One version of the published file, open read-only, the cursors handed out on it and the
    results read from it."""

    def __init__(self, path: Path, version: tuple[int, int]):
        self.version = version
        self.results = _Results(get_settings().warehouse_result_cache_rows)
        self.con = duckdb.connect(":memory:", config={"threads": 1})
        try:
            self.con.execute(f"attach '{path}' as published (read_only)")
        except BaseException:
            self.con.close()
            raise
        self.cursors = 0
        self.retired = False

    def close_if_done(self) -> None:
        if self.retired and self.cursors == 0:
            self.con.close()


_published: dict[Path, _Published] = {}
_published_lock = threading.Lock()
# The version each cursor handed out by read_warehouse was opened on (by id, while checked out).
_cursor_version: dict[int, _Published] = {}


def _file_version(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    return (stat.st_ino, stat.st_mtime_ns)


def _checkout(path: Path) -> tuple[_Published, duckdb.DuckDBPyConnection] | None:
    """A cursor on the file's current version (opened now if the file changed), or None."""
    version = _file_version(path)
    if version is None:
        return None
    with _published_lock:
        current = _published.get(path)
        if current is None or current.version != version:
            try:
                fresh = _Published(path, version)
            except duckdb.Error:  # replaced or removed between the stat and the attach
                return None
            if current is not None:
                current.retired = True
                current.results.clear()
                current.close_if_done()
            _published[path] = current = fresh
        current.cursors += 1
        cursor = current.con.cursor()
        _cursor_version[id(cursor)] = current
    cursor.execute("use published")
    return current, cursor


def _checkin(published: _Published, cursor: duckdb.DuckDBPyConnection) -> None:
    with _published_lock:
        _cursor_version.pop(id(cursor), None)
        cursor.close()
        published.cursors -= 1
        published.close_if_done()


@contextmanager
def read_warehouse() -> Iterator[duckdb.DuckDBPyConnection]:
    """A read-only cursor on the published file (empty marts before the first publish)."""
    checked_out = _checkout(warehouse_file())
    if checked_out is None:
        con = _empty_warehouse()
        try:
            yield con
        finally:
            con.close()
        return
    published, cursor = checked_out
    try:
        yield cursor
    finally:
        _checkin(published, cursor)


def last_refreshed_at(con: duckdb.DuckDBPyConnection) -> datetime | None:
    found = cached_rows(con, "select max(refreshed_at) as refreshed_at from marts.warehouse_refresh", [])
    value = found[0]["refreshed_at"] if found else None
    return value.replace(tzinfo=UTC) if value else None


class PublishedState(NamedTuple):
    """What the published file says of itself: when it was published, and the newest change
    (updated_at of the tables in pipelines/defs/publish/publish.SOURCE_TABLES) it took in."""

    refreshed_at: datetime | None
    source_changed_at: datetime | None


_state: tuple[tuple[int, int], PublishedState] | None = None


def _read_state(con: duckdb.DuckDBPyConnection) -> PublishedState:
    columns = {name for (name,) in con.execute(
        "select column_name from information_schema.columns "
        "where table_schema = 'marts' and table_name = 'warehouse_refresh'").fetchall()}
    if "source_changed_at" not in columns:
        # a file published before the column existed: it took in what was there when it was published
        at = last_refreshed_at(con)
        return PublishedState(at, at)
    found = con.execute("select refreshed_at, source_changed_at from marts.warehouse_refresh "
                        "order by refreshed_at desc limit 1").fetchone()
    if not found:
        return PublishedState(None, None)
    return PublishedState(*(v.replace(tzinfo=UTC) if v else None for v in found))


def published_state() -> PublishedState:
    """The published file's PublishedState, for screens that watch for a new one and answers that
    say whether a newer one is on its way. Asked every few seconds by every open report screen,
    so it is kept per file version: each publish swaps in a new file (os.replace), with its own
    inode and mtime. No company data, no Postgres."""
    global _state
    version = _file_version(warehouse_file())
    if version is None:
        return PublishedState(None, None)
    if _state is None or _state[0] != version:
        with read_warehouse() as con:
            _state = (version, _read_state(con))
    return _state[1]


def published_refreshed_at() -> datetime | None:
    """When the published warehouse was last refreshed (published_state, cached per version)."""
    return published_state().refreshed_at


def rows(con: duckdb.DuckDBPyConnection, query: str, params: list) -> list[dict]:
    cur = con.execute(query, params)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r)) for r in cur.fetchall()]


def _key(value):
    """A hashable, exact form of a query parameter (lists, as `in (select unnest(?))` takes them)."""
    if isinstance(value, list | tuple):
        return (type(value).__name__, *(_key(v) for v in value))
    return (type(value).__name__, value)


def cached_rows(con: duckdb.DuckDBPyConnection, query: str, params: list) -> list[dict]:
    """rows(), remembered per published version: the same SQL text and parameters read once per
    publish. Only for queries whose answer is a function of their text, their parameters and the
    file (no current_date, now(), random(): the company, location and period are parameters), and
    never for anything read from Postgres. Each call gets its own dicts (callers may change them).
    Outside a published file (the empty marts before the first publish) it is rows()."""
    published = _cursor_version.get(id(con))
    if published is None or not published.results.max_rows:
        return rows(con, query, params)
    key = (query, _key(params))
    found = published.results.get(key)
    if found is None:
        cur = con.execute(query, params)
        found = (tuple(d[0] for d in cur.description), cur.fetchall())
        published.results.put(key, found)
    names, values = found
    return [dict(zip(names, r)) for r in values]
