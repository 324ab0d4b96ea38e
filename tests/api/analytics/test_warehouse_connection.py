"""The API keeps one read-only DuckDB database per published file and a cursor per request: a new
publish (atomic rename, as pipelines/defs/publish does it) is seen by the next request, a request
already running finishes on the file it started on, and concurrent requests are safe."""
from __future__ import annotations

import os
import threading
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
    path = tmp_path / "flow.duckdb"
    monkeypatch.setattr(warehouse, "warehouse_file", lambda: path)
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
