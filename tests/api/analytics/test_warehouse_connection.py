"""The API keeps one read-only DuckDB database per published file and a cursor per request: a new
publish (atomic rename, as pipelines/defs/publish does it) is seen by the next request, a request
already running finishes on the file it started on, and concurrent requests are safe."""
from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor

import duckdb
import pytest

from api.analytics import warehouse


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
