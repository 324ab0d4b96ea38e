"""Publishing swaps files instead of copying them, and the next build takes in what its file lacks.

Small DuckDB files stand in for a build: what is asserted is which file ends where, what readers
of the previous version see, and what the next build is told it lacks (no dbt here; the builds
through it are tests/pipelines/test_incremental.py's).
"""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from pipelines.defs.publish.publish import claim_build_file, copy_published, publish
from pipelines.defs.transform.project import behind, built_since_publish, record_build, wider


def build(path: Path, version: int) -> None:
    con = duckdb.connect(str(path))
    try:
        con.execute("create schema if not exists marts")
        con.execute("create or replace table marts.figures as select ? as version", [version])
        con.execute("create schema if not exists scratch")
        con.execute("create or replace table scratch.leftover as select 1 as x")
    finally:
        con.close()


def version_of(path: Path) -> int:
    con = duckdb.connect(str(path), read_only=True)
    try:
        return con.execute("select version from marts.figures").fetchone()[0]
    finally:
        con.close()


@pytest.fixture
def files(tmp_path):
    return tmp_path / "flow.build.duckdb", tmp_path / "flow.duckdb"


def test_the_first_publish_copies_and_the_next_swap_the_files(files):
    build_file, published = files
    build(build_file, 1)
    record_build(build_file, "all")
    publish(build_file, published)
    assert version_of(published) == 1 and version_of(build_file) == 1  # the first: a copy
    assert behind(build_file) is None and built_since_publish(build_file) is None

    build(build_file, 2)
    record_build(build_file, "ticket_change")
    built_inode, published_inode = build_file.stat().st_ino, published.stat().st_ino
    publish(build_file, published)
    # nothing copied: the built file is now the published one, the replaced one the build file
    assert published.stat().st_ino == built_inode and build_file.stat().st_ino == published_inode
    assert version_of(published) == 2 and version_of(build_file) == 1
    assert behind(build_file) == "ticket_change"  # what the next build must take in again
    assert not list(published.parent.glob(".*previous"))
    con = duckdb.connect(str(published), read_only=True)
    try:  # only marts and reference data, and when it was refreshed
        assert con.execute("select schema_name, table_name from duckdb_tables() order by 2").fetchall() == [
            ("marts", "figures"), ("marts", "warehouse_refresh")]
    finally:
        con.close()


def test_a_reader_of_the_replaced_version_finishes_on_it(files):
    build_file, published = files
    build(build_file, 1)
    publish(build_file, published)
    reader = duckdb.connect(":memory:")
    reader.execute(f"attach '{published}' as v1 (read_only)")
    build(build_file, 2)
    publish(build_file, published)
    assert reader.execute("select version from v1.marts.figures").fetchone()[0] == 1
    assert version_of(published) == 2
    reader.close()


def test_a_build_waits_for_readers_of_its_file_then_builds_on_a_copy(files):
    build_file, published = files
    build(build_file, 1)
    publish(build_file, published)
    build(build_file, 2)
    record_build(build_file, "ticket_change")
    publish(build_file, published)  # the build file is version 1 again
    assert claim_build_file(build_file, published, wait=0.2) == "free"

    # another process (a notebook, an API worker) still reads version 1
    hold = ("import duckdb, sys, time; c = duckdb.connect(sys.argv[1], read_only=True); "
            "print('open', flush=True); time.sleep(60)")
    holder = subprocess.Popen([sys.executable, "-c", hold, str(build_file)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "open"
        started = time.monotonic()
        assert claim_build_file(build_file, published, wait=0.5) == "copied"
        assert time.monotonic() - started >= 0.5
        # a fresh copy of what is published, which lacks nothing; the reader keeps its own file
        assert version_of(build_file) == 2 and behind(build_file) is None
        assert claim_build_file(build_file, published, wait=0.2) == "free"
    finally:
        holder.kill()
        holder.wait(timeout=10)


def test_copy_published_starts_the_build_file_over(files):
    build_file, published = files
    build(build_file, 1)
    publish(build_file, published)
    build(build_file, 2)
    record_build(build_file, "all")
    publish(build_file, published)
    assert behind(build_file) == "all"
    copy_published(build_file, published)
    assert version_of(build_file) == 2 and behind(build_file) is None


def test_builds_between_publishes_add_up_and_a_build_clears_what_its_file_lacked(files):
    build_file, published = files
    build(build_file, 1)
    publish(build_file, published)
    build(build_file, 2)
    record_build(build_file, "money_change")
    build(build_file, 3)  # a second build before a publish (the first one's checks failed)
    record_build(build_file, "ticket_change")
    assert built_since_publish(build_file) == "money_change"
    publish(build_file, published)
    assert behind(build_file) == "money_change"
    record_build(build_file, "money_change")
    assert behind(build_file) is None


def test_wider():
    assert wider("ticket_change", None) == "ticket_change"
    assert wider("ticket_change", "money_change") == "money_change"
    assert wider("all", "ticket_change") == "all"
    assert wider(None, None) is None
