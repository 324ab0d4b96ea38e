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

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

import duckdb

from api.core.config import get_settings


def warehouse_file() -> Path:
    return Path(get_settings().warehouse_path)


def empty_warehouse_file() -> Path:
    """The warehouse before the first publish, as the pipeline publishes it beside the real one
    (pipelines/defs/publish/empty.py: dbt's own seed load and figure functions, the marts' enforced
    contracts from dbt's manifest, no rows). The API reads no dbt source file."""
    return Path(get_settings().warehouse_empty_path)


class NoEmptyWarehouse(RuntimeError):
    pass


def _missing_empty() -> NoEmptyWarehouse:
    return NoEmptyWarehouse(
        f"no published file and no empty warehouse at {empty_warehouse_file()}: the pipeline makes it "
        "(`flow up`, `flow warehouse refresh` or `python -m pipelines.defs.publish.empty`)")


def empty_warehouse() -> duckdb.DuckDBPyConnection:
    """A connection of its own (the caller closes it) on the empty warehouse: empty marts, the
    seeds the API reads and the figure functions, also for a rule that a published file made
    before that rule existed lacks."""
    path = empty_warehouse_file()
    if not path.exists():
        raise _missing_empty()
    con = duckdb.connect(":memory:", config={"threads": 1})
    try:
        con.execute(f"attach '{path}' as published (read_only)")
        con.execute("use published")
    except BaseException:
        con.close()
        raise
    return con


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
    """A read-only cursor on the published file (the empty warehouse before the first publish)."""
    checked_out = _checkout(warehouse_file()) or _checkout(empty_warehouse_file())
    if checked_out is None:
        raise _missing_empty()
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
    The empty warehouse before the first publish is a published file of its own, cached alike."""
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
