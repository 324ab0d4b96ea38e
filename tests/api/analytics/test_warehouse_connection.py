"""The API keeps one read-only DuckDB database per published file and a cursor per request: a new
publish (atomic rename, as pipelines/defs/publish does it) is seen by the next request, a request
already running finishes on the file it started on, and concurrent requests are safe."""
from __future__ import annotations

import asyncio
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import duckdb
import pytest

from api.warehouse import reader as warehouse


def publish(path, version: int) -> None:
    """Write a warehouse with one marker row beside the published file, then swap it in."""
    staged = path.with_name(f"staged-{version}.duckdb")
    con = duckdb.connect(str(staged))
    con.execute("create schema marts")
    con.execute("create table marts.marker as select ? as version", [version])
    con.close()
    os.replace(staged, path)


def version_seen() -> int:
    with warehouse.read_warehouse() as con:
        return con.execute("select version from marts.marker").fetchone()[0]


@pytest.fixture
def published(tmp_path, monkeypatch):
    from api.core.config import get_settings

    path = tmp_path / "flow.duckdb"
    monkeypatch.setattr(warehouse, "warehouse_file", lambda: path)
    monkeypatch.setattr(get_settings(), "warehouse_warm_queries", 256)  # the product's default (tests run with 0)
    yield path
    warehouse._published.pop(path, None)


def test_the_next_request_sees_a_new_publish_on_the_same_database_until_then(published):
    publish(published, 1)
    assert version_seen() == 1
    first = warehouse._published[published]
    assert version_seen() == 1
    assert warehouse._published[published] is first  # not reopened per request
    publish(published, 2)
    assert version_seen() == 2
    assert warehouse._published[published] is not first
    with pytest.raises(duckdb.ConnectionException):  # the old file's database was closed
        first.con.execute("select 1")


def test_a_request_running_during_a_publish_finishes_on_its_file(published):
    publish(published, 1)
    with warehouse.read_warehouse() as running:
        first = warehouse._published[published]
        publish(published, 2)
        assert version_seen() == 2
        assert running.execute("select version from marts.marker").fetchone()[0] == 1
        assert first.retired and first.cursors == 1
    with pytest.raises(duckdb.ConnectionException):  # closed with its last cursor
        first.con.execute("select 1")
    assert version_seen() == 2


def test_concurrent_requests_across_publishes_are_safe(published):
    publish(published, 0)
    stop = threading.Event()
    seen: list[int] = []

    def reader() -> None:
        while not stop.is_set():
            seen.append(version_seen())

    with ThreadPoolExecutor(8) as pool:
        readers = [pool.submit(reader) for _ in range(8)]
        for version in range(1, 11):
            publish(published, version)
            assert version_seen() == version  # the publisher's own next request sees it
        stop.set()
        for r in readers:
            r.result()  # re-raises any error a reader met
    assert set(seen) <= set(range(11)) and len(seen) > 10
    assert version_seen() == 10
    assert warehouse._published[published].cursors == 0


def test_no_published_file_reads_the_empty_marts(published):
    with warehouse.read_warehouse() as con:
        assert con.execute("select count(*) from marts.warehouse_refresh").fetchone()[0] == 0


# ---- the result cache of a published version (warehouse.cached_rows) ------------------------------

def publish_companies(path, version: int, companies: dict[str, int]) -> None:
    """A published file with one row per company (its figure) and the version, swapped in."""
    staged = path.with_name(f"staged-{version}.duckdb")
    con = duckdb.connect(str(staged))
    con.execute("create schema marts")
    con.execute("create table marts.marker as select ? as version", [version])
    con.execute("create table marts.figures (company_id varchar, figure integer)")
    con.execute("create table marts.warehouse_refresh as select now()::timestamp as refreshed_at, "
                "now()::timestamp as source_changed_at")
    con.executemany("insert into marts.figures values (?, ?)", list(companies.items()))
    con.close()
    os.replace(staged, path)


FIGURE = "select figure, (select version from marts.marker) as version from marts.figures where company_id = ?"


def figure(company: str) -> tuple[int, int]:
    with warehouse.read_warehouse() as con:
        found = warehouse.cached_rows(con, FIGURE, [company])
    return found[0]["figure"], found[0]["version"]


def test_a_repeated_read_is_answered_from_the_versions_cache_and_a_publish_is_seen_at_once(published):
    publish_companies(published, 1, {"a": 10})
    assert figure("a") == (10, 1)
    cache = warehouse._published[published].results
    assert len(cache) == 1
    assert figure("a") == (10, 1) and len(cache) == 1  # the second read: the same entry
    publish_companies(published, 2, {"a": 20})
    assert figure("a") == (20, 2)  # the new file at once, not the old version's entry
    assert len(cache) == 0  # the old version's results went with it
    assert len(warehouse._published[published].results) == 1


def test_two_companies_never_share_an_entry(published):
    publish_companies(published, 1, {"a": 10, "b": 99})
    assert figure("a") == (10, 1)
    assert figure("b") == (99, 1)
    assert figure("a") == (10, 1)
    assert len(warehouse._published[published].results) == 2


def test_a_caller_changing_its_rows_does_not_change_the_cache(published):
    publish_companies(published, 1, {"a": 10})
    with warehouse.read_warehouse() as con:
        warehouse.cached_rows(con, FIGURE, ["a"])[0]["figure"] = 0
        assert warehouse.cached_rows(con, FIGURE, ["a"])[0]["figure"] == 10


def test_the_cache_is_bounded_least_recently_used_first(published, monkeypatch):
    from api.core.config import get_settings

    monkeypatch.setattr(get_settings(), "warehouse_result_cache_rows", 50)
    publish_companies(published, 1, {str(i): i for i in range(200)})
    for i in range(100):
        figure(str(i))
        if i >= 1:
            figure("0")  # read often: stays
    cache = warehouse._published[published].results
    assert cache.rows <= 50 and len(cache) <= 50
    with warehouse.read_warehouse() as con:
        assert warehouse._published[published].results.get((FIGURE, warehouse._key(["0"]))) is not None
        assert warehouse._published[published].results.get((FIGURE, warehouse._key(["1"]))) is None
        # a result larger than a tenth of the bound is answered but not kept
        assert len(warehouse.cached_rows(con, "select * from marts.figures", [])) == 200
    assert cache.rows <= 50


def test_the_cache_can_be_turned_off(published, monkeypatch):
    from api.core.config import get_settings

    monkeypatch.setattr(get_settings(), "warehouse_result_cache_rows", 0)
    publish_companies(published, 1, {"a": 10})
    assert figure("a") == (10, 1)
    assert len(warehouse._published[published].results) == 0


# ---- warming a new version (the reads a publish would otherwise make cold) ----------------------

def wait_for(condition, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def test_a_publish_reads_again_on_the_new_file_what_was_read_from_the_old(published):
    publish_companies(published, 1, {"a": 10, "b": 99})
    assert figure("a") == (10, 1) and figure("b") == (99, 1)
    publish_companies(published, 2, {"a": 20, "b": 98})
    assert version_seen() == 2  # any request (the screens poll every few seconds) opens the new file
    new = warehouse._published[published]
    assert wait_for(lambda: len(new.results) == 2)
    # in the new version's cache before anyone asked for it, with the new file's figures
    for company, value in (("a", 20), ("b", 98)):
        names, values = new.results.get((FIGURE, warehouse._key([company])))
        assert dict(zip(names, values[0])) == {"figure": value, "version": 2}
    assert figure("a") == (20, 2)


def test_warming_reads_at_most_the_setting_most_recent_first(published, monkeypatch):
    from api.core.config import get_settings

    monkeypatch.setattr(get_settings(), "warehouse_warm_queries", 1)
    publish_companies(published, 1, {"a": 10, "b": 99})
    figure("a")
    figure("b")
    publish_companies(published, 2, {"a": 20, "b": 98})
    version_seen()
    new = warehouse._published[published]
    assert wait_for(lambda: len(new.results) == 1)
    time.sleep(0.2)
    assert len(new.results) == 1
    assert new.results.get((FIGURE, warehouse._key(["b"]))) is not None  # the one read last

    monkeypatch.setattr(get_settings(), "warehouse_warm_queries", 0)
    publish_companies(published, 3, {"a": 30, "b": 97})
    version_seen()
    time.sleep(0.3)
    assert len(warehouse._published[published].results) == 0


def test_a_query_asked_by_many_threads_at_once_is_read_once():
    results = warehouse._Results(1000)
    reads = []
    gate = threading.Event()

    def read():
        reads.append(1)
        gate.wait(5)
        return (("n",), [(len(reads),)])

    with ThreadPoolExecutor(8) as pool:
        answers = [pool.submit(results.fetch, ("q", ()), ("q", []), read) for _ in range(8)]
        assert wait_for(lambda: len(reads) == 1)
        time.sleep(0.1)
        gate.set()
        assert all(a.result(timeout=10) == (("n",), [(1,)]) for a in answers)
    assert len(reads) == 1 and len(results) == 1


def test_when_the_shared_read_fails_the_others_read_on_their_own():
    results = warehouse._Results(1000)
    started = threading.Event()
    release = threading.Event()

    def failing():
        started.set()
        release.wait(5)
        raise duckdb.Error("the first reader's query failed")

    with ThreadPoolExecutor(2) as pool:
        first = pool.submit(results.fetch, ("q", ()), ("q", []), failing)
        assert started.wait(5)
        second = pool.submit(results.fetch, ("q", ()), ("q", []), lambda: (("n",), [(2,)]))
        time.sleep(0.1)
        release.set()
        with pytest.raises(duckdb.Error):
            first.result(timeout=10)
        assert second.result(timeout=10) == (("n",), [(2,)])


async def test_the_screens_poll_announces_a_publish_once_the_new_version_is_warm(published, monkeypatch):
    from api.analytics.router import get_warehouse_refreshed

    gate = threading.Event()
    plain_read = warehouse._read

    def held_while_warming(con, query, params):
        if threading.current_thread().name == "warehouse-warm":
            gate.wait(10)
        return plain_read(con, query, params)

    monkeypatch.setattr(warehouse, "_read", held_while_warming)
    publish_companies(published, 1, {"a": 10})
    assert figure("a") == (10, 1)
    publish_companies(published, 2, {"a": 20})

    poll = asyncio.ensure_future(get_warehouse_refreshed(None))
    await asyncio.sleep(0.5)
    assert not poll.done()  # the new version is still being warmed
    gate.set()
    assert (await asyncio.wait_for(poll, 10)).last_refreshed_at is not None
    assert warehouse._published[published].warmed.is_set()
    assert warehouse._published[published].results.get((FIGURE, warehouse._key(["a"]))) is not None


def test_a_new_publish_is_opened_and_warmed_without_waiting_for_a_request(published):
    publish_companies(published, 1, {"a": 10})
    assert figure("a") == (10, 1)
    first = warehouse._published[published]
    publish_companies(published, 2, {"a": 20})
    # no request: the process's watcher finds the new file and warms it
    assert wait_for(lambda: warehouse._published[published] is not first
                    and warehouse._published[published].results.get((FIGURE, warehouse._key(["a"]))) is not None)
    assert first.retired


def test_the_product_warms_by_default():
    from api.core.config import Settings

    assert Settings.model_fields["warehouse_warm_queries"].default == 256  # the tests' env turns it off


async def test_a_long_warming_holds_the_announcement_back_only_so_long(published, monkeypatch):
    from api.analytics.router import get_warehouse_refreshed

    gate = threading.Event()
    plain_read = warehouse._read

    def held_while_warming(con, query, params):
        if threading.current_thread().name == "warehouse-warm":
            gate.wait(10)
        return plain_read(con, query, params)

    monkeypatch.setattr(warehouse, "_read", held_while_warming)
    monkeypatch.setattr(warehouse, "ANNOUNCE_WAIT_SECONDS", 0.5)
    publish_companies(published, 1, {"a": 10})
    assert figure("a") == (10, 1)
    publish_companies(published, 2, {"a": 20})
    try:
        started = time.monotonic()
        assert (await asyncio.wait_for(get_warehouse_refreshed(None), 5)).last_refreshed_at is not None
        assert time.monotonic() - started < 3
        assert not warehouse._published[published].warmed.is_set()  # still warming: announced anyway
    finally:
        gate.set()


# ---- whole answers (cached_answer: built, validated and encoded once per version) ---------------

def answer(company: str, builds: list) -> bytes:
    def build() -> bytes:
        builds.append(company)
        value, version = figure(company)
        return f'{{"figure":{value},"version":{version}}}'.encode()
    return warehouse.cached_answer(("figures", company), build)


def test_an_answer_is_built_once_per_version_and_key_and_a_publish_is_seen_at_once(published):
    builds: list = []
    publish_companies(published, 1, {"a": 10, "b": 99})
    assert answer("a", builds) == answer("a", builds) == b'{"figure":10,"version":1}'
    assert answer("b", builds) == b'{"figure":99,"version":1}'  # another key (company): its own entry
    assert builds == ["a", "b"]
    old = warehouse._published[published].answers
    publish_companies(published, 2, {"a": 20, "b": 99})
    assert answer("a", builds) == b'{"figure":20,"version":2}'  # the new file at once
    assert builds == ["a", "b", "a"] and old.get(("figures", "a")) is None  # the old answers went with it


def test_a_kept_answer_is_found_without_reading_and_a_publish_hides_it(published):
    builds: list = []
    publish_companies(published, 1, {"a": 10})
    assert warehouse.kept_answer(("figures", "a")) is None  # never built: the caller builds it
    answer("a", builds)
    assert warehouse.kept_answer(("figures", "a")) == b'{"figure":10,"version":1}'
    state = warehouse.published_state()
    assert warehouse.kept_published_state() == state
    publish_companies(published, 2, {"a": 20})
    # a newer file: nothing kept is offered until a read opens it
    assert warehouse.kept_answer(("figures", "a")) is None
    assert warehouse.kept_published_state() is None
    assert answer("a", builds) == b'{"figure":20,"version":2}'


def test_answers_are_bounded_and_off_with_the_result_cache(published, monkeypatch):
    from api.core.config import get_settings

    monkeypatch.setattr(warehouse, "ANSWER_CACHE_ENTRIES", 3)
    publish_companies(published, 1, {str(i): i for i in range(5)})
    builds: list = []
    for company in ("0", "1", "2", "0", "3"):  # "0" asked again before "3": "1" is the least recent
        answer(company, builds)
    answers = warehouse._published[published].answers
    assert answers.get(("figures", "1")) is None and answers.get(("figures", "0")) is not None
    monkeypatch.setattr(get_settings(), "warehouse_result_cache_rows", 0)
    publish_companies(published, 2, {"0": 0})
    builds.clear()
    answer("0", builds), answer("0", builds)
    assert builds == ["0", "0"]  # built for every request: nothing kept


def test_a_stamped_answer_carries_this_requests_freshness():
    import json
    from datetime import UTC, datetime

    from api.warehouse.freshness import stamp_json

    body = b'{"period":{"start_date":"2026-01-01"},"total":"1.5"}'
    since = datetime(2026, 11, 29, 14, 0, 5, 120000, tzinfo=UTC)
    assert json.loads(stamp_json(body, None)) == {"refreshing": False, "pending_since": None,
                                                  "period": {"start_date": "2026-01-01"}, "total": "1.5"}
    stamped = json.loads(stamp_json(body, since))
    assert stamped["refreshing"] is True and stamped["pending_since"] == "2026-11-29T14:00:05.120000Z"
    assert json.loads(stamp_json(b"{}", None)) == {"refreshing": False, "pending_since": None}
