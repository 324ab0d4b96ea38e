"""Read-only access to the published warehouse (only Dagster writes DuckDB).

The process keeps one read-only DuckDB database per published file version and hands each
request its own cursor (DuckDB connections are not shared between threads; cursors are). A
publish swaps in a new file by atomic rename (a new inode): the next request sees the new
version and opens it, requests already running finish on the previous file, and the previous
database is closed when its last cursor is. The file is attached to an in-memory database
rather than opened by path, because DuckDB keeps one database per path in a process and would
hand back the old file's.

A publish would otherwise empty the result cache (see cached_rows) and make the first reads after
it pay for planning and running their queries again (a cold read). So the version that replaces
another is warmed: a background thread reads again, on the new file, the queries most recently
answered from the old one (up to the setting warehouse_warm_queries, within WARM_SECONDS), the
work a publish can do once instead of the next user of each screen. A request asking a query
being read meanwhile waits for that read instead of running it twice (_Results.fetch). Each API
process looks for a new file every WATCH_SECONDS (_watch), so it starts warming without waiting
for a request, and the screens' poll for a new refresh announces it once warm (warming()).
"""
from __future__ import annotations

import atexit
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import NamedTuple

import duckdb

from api.core.config import get_settings

log = logging.getLogger(__name__)


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
# Warming a new version (see the module's docstring) stops after this long, read or not.
WARM_SECONDS = 20.0
# The screens' poll announces a new version once it is warm, or after this long (figures a few
# seconds late rather than a publish held back by a long warming).
ANNOUNCE_WAIT_SECONDS = 5.0
# How often each API process looks for a newly published file (a stat) once it has read the warehouse.
WATCH_SECONDS = 0.5
# A request waits this long at most for the same query being read by another thread, then reads it itself.
WAIT_FOR_READ_SECONDS = 60.0
# Whole answers (a screen's JSON, cached_answer) kept per version, least recently used dropped first:
# a 365-day dashboard is about 32 kB, so this is at most some tens of MB a process.
ANSWER_CACHE_ENTRIES = 512

Result = tuple[tuple[str, ...], list[tuple]]


class _Read:
    """One read of a query under way (single flight): the thread reading it sets the result."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.value: Result | None = None


class _Results:
    """Query results of one published version: (sql, params) -> (column names, rows), LRU-bounded,
    with the query and parameters each came from (what warming the next version reads again).

    The file under a version never changes (a publish is a new file), so a deterministic query's
    rows are the same until the version is retired, and the cache goes with it."""

    def __init__(self, max_rows: int) -> None:
        self.max_rows = max_rows
        self._entries: OrderedDict[tuple, tuple[Result, tuple[str, list]]] = OrderedDict()
        self._reading: dict[tuple, _Read] = {}
        self._rows = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def rows(self) -> int:
        return self._rows

    def get(self, key: tuple) -> Result | None:
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                return None
            self._entries.move_to_end(key)
            return found[0]

    def put(self, key: tuple, value: Result, source: tuple[str, list]) -> None:
        size = len(value[1])
        if size > self.max_rows // 10:
            return
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._rows -= len(old[0][1])
            self._entries[key] = (value, source)
            self._rows += size
            while len(self._entries) > RESULT_CACHE_ENTRIES or self._rows > self.max_rows:
                _, (dropped, _) = self._entries.popitem(last=False)
                self._rows -= len(dropped[1])

    def fetch(self, key: tuple, source: tuple[str, list], read) -> Result:
        """The cached result, or read() once however many threads ask for it at the same time:
        the others wait for that read (at most WAIT_FOR_READ_SECONDS; if it failed or took longer,
        each reads on its own)."""
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
                return found[0]
            under_way = self._reading.get(key)
            if under_way is None:
                mine = self._reading[key] = _Read()
        if under_way is not None:
            if under_way.done.wait(WAIT_FOR_READ_SECONDS) and under_way.value is not None:
                return under_way.value
            return read()
        try:
            mine.value = read()
            self.put(key, mine.value, source)
            return mine.value
        finally:
            with self._lock:
                self._reading.pop(key, None)
            mine.done.set()

    def recent(self, limit: int) -> list[tuple[tuple, tuple[str, list]]]:
        """The keys and sources of the most recently used results, most recent first."""
        with self._lock:
            found = []
            for key in reversed(self._entries):
                if len(found) >= limit:
                    break
                found.append((key, self._entries[key][1]))
            return found

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._rows = 0


class _Answers:
    """Whole answers of one published version: key -> JSON bytes, LRU-bounded (ANSWER_CACHE_ENTRIES)."""

    def __init__(self) -> None:
        self._entries: OrderedDict[tuple, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple) -> bytes | None:
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
            return found

    def put(self, key: tuple, value: bytes) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > ANSWER_CACHE_ENTRIES:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


class _Published:
    """One version of the published file, open read-only, the cursors handed out on it and the
    results and answers read from it."""

    def __init__(self, path: Path, version: tuple[int, int]):
        self.version = version
        self.results = _Results(get_settings().warehouse_result_cache_rows)
        self.answers = _Answers()
        self.con = duckdb.connect(":memory:", config={"threads": 1})
        try:
            self.con.execute(f"attach '{path}' as published (read_only)")
        except BaseException:
            self.con.close()
            raise
        self.cursors = 0
        self.retired = False
        # Set once the version holds what warming it reads (at once for a version nothing warms).
        self.warmed = threading.Event()
        self.warmed.set()

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
            warm = []
            if current is not None:
                if fresh.results.max_rows:
                    warm = current.results.recent(get_settings().warehouse_warm_queries)
                current.retired = True
                current.results.clear()
                current.answers.clear()
                current.close_if_done()
            _published[path] = current = fresh
            if warm and not _stopping.is_set():
                fresh.warmed.clear()
                warmer = threading.Thread(target=_warm, args=(fresh, warm), name="warehouse-warm", daemon=True)
                _warmers.add(warmer)
                warmer.start()
        current.cursors += 1
        cursor = current.con.cursor()
        _cursor_version[id(cursor)] = current
    cursor.execute("use published")
    return current, cursor


def _warm(published: _Published, queries: list[tuple[tuple, tuple[str, list]]]) -> None:
    """Read again on a new version the queries last answered from the one it replaced (most recent
    first), until they are read, the version is replaced in turn, or WARM_SECONDS have passed."""
    with _published_lock:
        if published.retired:
            return
        published.cursors += 1
        cursor = published.con.cursor()
    started = time.monotonic()
    read = 0
    try:
        cursor.execute("use published")
        for key, (query, params) in queries:
            if published.retired or _stopping.is_set() or time.monotonic() - started > WARM_SECONDS:
                break
            published.results.fetch(key, (query, params), partial(_read, cursor, query, params))
            read += 1
    except duckdb.Error as error:  # a query of the old file the new one cannot answer: requests will say so
        log.warning("warming the published warehouse stopped: %s", error)
    finally:
        _checkin(published, cursor)
        published.warmed.set()
        _warmers.discard(threading.current_thread())
    log.info("warmed the published warehouse: %d of %d queries in %.2f s", read, len(queries),
             time.monotonic() - started)


def warming() -> threading.Event:
    """Opens the published file's newest version (if a publish swapped one in) and gives the event
    set once warming it is done: the screens' poll for a new refresh (GET /api/analytics/refreshed)
    announces a publish only then, so the figures the screens reload are read already."""
    with read_warehouse() as con:
        published = _cursor_version[id(con)]
    return published.warmed


def _checkin(published: _Published, cursor: duckdb.DuckDBPyConnection) -> None:
    with _published_lock:
        _cursor_version.pop(id(cursor), None)
        cursor.close()
        published.cursors -= 1
        published.close_if_done()


_watcher: threading.Thread | None = None
_stopping = threading.Event()
_warmers: set[threading.Thread] = set()


def _watch() -> None:
    """Open (and so warm) each newly published file as soon as it is there, not at the next request."""
    while not _stopping.wait(WATCH_SECONDS):
        try:
            path = warehouse_file()
            current = _published.get(path)
            if current is not None and current.version == _file_version(path):
                continue
            checked_out = _checkout(path)
            if checked_out is not None:
                _checkin(*checked_out)
        except Exception:
            log.debug("looking for a new published warehouse failed", exc_info=True)


def _start_watching() -> None:
    global _watcher
    if _watcher is None:
        with _published_lock:
            if _watcher is None:
                _watcher = threading.Thread(target=_watch, name="warehouse-watch", daemon=True)
                _watcher.start()
                atexit.register(_stop_background)


def _stop_background() -> None:
    """At the process's exit: the watcher and any warming stop between two queries (a thread left
    inside DuckDB while the interpreter shuts down would leave its objects behind)."""
    _stopping.set()
    for thread in [_watcher, *list(_warmers)]:
        if thread is not None:
            thread.join(timeout=5)


@contextmanager
def read_warehouse() -> Iterator[duckdb.DuckDBPyConnection]:
    """A read-only cursor on the published file (the empty warehouse before the first publish)."""
    _start_watching()
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


def kept_published_state() -> PublishedState | None:
    """published_state() when it is known for the published file's current version (a stat), else
    None: then published_state() must read it (in a worker thread: it may open the file)."""
    state = _state
    if state is not None and state[0] == _file_version(warehouse_file()):
        return state[1]
    return None


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
    names, values = published.results.fetch((query, _key(params)), (query, _copy(params)),
                                             lambda: _read(con, query, params))
    return [dict(zip(names, r)) for r in values]


def _current_version() -> _Published:
    """The published file's current version: the open one when the file has not changed (a stat),
    else what read_warehouse opens (a new publish, or the empty warehouse before the first)."""
    path = warehouse_file()
    current = _published.get(path)
    if current is not None and not current.retired and current.version == _file_version(path):
        return current
    with read_warehouse() as con:
        return _cursor_version[id(con)]


def kept_answer(key: tuple) -> bytes | None:
    """The answer cached_answer keeps for key on the published file's current version, or None
    (not kept yet, or a newer file to open). Reads no warehouse (a stat and a lookup), so a request
    may ask it without a worker thread and go to cached_answer only when it gets None."""
    path = warehouse_file()
    current = _published.get(path)
    if current is None or current.retired or not current.results.max_rows \
            or current.version != _file_version(path):
        return None
    return current.answers.get(key)


def cached_answer(key: tuple, build: Callable[[], bytes]) -> bytes:
    """A screen's whole answer, encoded, remembered per published version: `build` (which reads the
    warehouse and encodes the answer) runs once per key and version, so a screen asked again skips
    building, validating and serializing its figures, not only their queries (issue 35, target 1).
    The same rule as cached_rows: only for answers that are a function of the key and the file (the
    key holds the route and its whole filter: company, location scope, period). Off with the result
    cache (warehouse_result_cache_rows 0). An answer built while a newer file was published is not
    kept (opening the newer file retired this version): never an answer under a version it was not read from."""
    published = _current_version()
    if not published.results.max_rows:
        return build()
    found = published.answers.get(key)
    if found is None:
        found = build()
        if not published.retired:
            published.answers.put(key, found)
    return found


def _read(con: duckdb.DuckDBPyConnection, query: str, params: list) -> Result:
    cur = con.execute(query, params)
    return tuple(d[0] for d in cur.description), cur.fetchall()


def _copy(value):
    """The parameters as they were asked (a caller may change its list afterwards)."""
    if isinstance(value, list | tuple):
        return [_copy(v) for v in value]
    return value
