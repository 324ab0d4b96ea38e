"""Publish: the built file becomes the published one by atomic rename, and the file it replaces
becomes the next build's; nothing is copied.

dbt builds the marts and reference seeds into their own DuckDB file (raw, staging and
intermediate live in the work file). Publishing finishes that file in place (only marts and
reference data, and the refresh time) and swaps it with the published file: a hard link keeps
the published file's inode, one rename puts the built file at the published path, a second puts
the previous version at the build path. Readers that opened the previous file keep reading it
(renames do not touch open files); the next short-lived connection sees the new one. The API
never opens the build file, and a publish costs the same at ten thousand tickets as at ten
million (it copied the whole file before: 1.3 GB at 10 M).

The build file is then one version behind: it lacks what the builds since its own took in. The
next build takes that in too: its incremental models catch up from their own high-water marks,
and its selection is widened by what it lacks (pipelines/defs/transform/project.py, `behind`):
a sensor run after a sensor run builds its own selection, and only after a full run (seeds and
every model) does the next one start from a copy of the published file. A DuckDB file open for
reading cannot be opened for writing, so the previous version is never written while a reader is
on it: the build waits for them (the API closes a replaced version once its last request ends),
and after CLAIM_WAIT_SECONDS (a notebook left open on it) builds on a fresh copy instead.
"""
from __future__ import annotations

import os
import shutil
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

import duckdb

from pipelines.defs.transform.project import (
    built_since_publish,
    forget_built_since_publish,
    note_behind,
)
from pipelines.paths import work_path

PUBLISHED_SCHEMAS = ("marts", "reference")
# The operational tables whose changes the analytics answers show and the sensor refreshes for:
# the newest updated_at among them that this build took in is published beside the refresh time,
# so the API can tell, with one index probe per table, that a newer figure is on its way
# (api/warehouse/freshness.py asks Postgres for rows changed after it).
SOURCE_TABLES = ("tickets", "stores")
# How long a build waits for the readers still on the previous version before copying instead.
# The API's processes look for a new version twice a second and close the old one when its last
# request ends; what holds it longer is someone else's (a notebook, a long export).
CLAIM_WAIT_SECONDS = 5.0


def source_changed_at(work_file: Path, con: duckdb.DuckDBPyConnection) -> datetime | None:
    """The newest updated_at of SOURCE_TABLES in the work file's raw extract (what this build read)."""
    if not work_file.exists():
        return None
    con.execute(f"attach '{work_file}' as work (read_only)")
    try:
        present = {t for (t,) in con.execute(
            "select table_name from duckdb_tables() where database_name = 'work' and schema_name = 'raw'").fetchall()}
        tables = [t for t in SOURCE_TABLES if t in present]
        if not tables:
            return None
        query = "select greatest(" + ", ".join(f'(select max(updated_at) from work.raw."{t}")' for t in tables) + ")"
        found = con.execute(query).fetchone()[0]
    finally:
        con.execute("detach work")
    return found


def _replace_with_copy(source: Path, target: Path) -> None:
    """target becomes a copy of source, swapped in by rename (a reader of target's old file keeps it)."""
    staging = target.with_name(f".{target.name}.{uuid.uuid4().hex}.tmp")
    try:
        shutil.copyfile(source, staging)
        os.replace(staging, target)
    except BaseException:
        staging.unlink(missing_ok=True)
        raise
    target.with_name(target.name + ".wal").unlink(missing_ok=True)


def copy_published(build_file: Path, published: Path) -> None:
    """Start the build file over from the published file (it then lacks nothing)."""
    _replace_with_copy(published, build_file)
    note_behind(build_file, None)


def _open_for_writing(build_file: Path) -> bool:
    try:
        duckdb.connect(str(build_file)).close()
    except duckdb.IOException as error:
        if "lock" not in str(error).lower():
            raise
        return False
    return True


def claim_build_file(build_file: Path, published: Path,
                     wait: float = CLAIM_WAIT_SECONDS) -> Literal["free", "copied", "missing"]:
    """Called under the writer lock before a build into an existing build file: wait until no
    reader holds it (the version a publish replaced may still be finishing requests), or, after
    `wait` seconds, replace it with a copy of the published file (the reader keeps the old one)."""
    if not build_file.exists():
        return "missing"
    deadline = time.monotonic() + wait
    while not _open_for_writing(build_file):
        if time.monotonic() >= deadline:
            if not published.exists():
                raise RuntimeError(f"{build_file} is held open by another process")
            copy_published(build_file, published)
            return "copied"
        time.sleep(0.1)
    return "free"


def _finish(build_file: Path, work_file: Path, refreshed_at: datetime) -> None:
    """Make the built file what the API reads: marts and reference data only, the refresh time,
    everything checkpointed into the file itself (nothing left in its WAL)."""
    con = duckdb.connect(str(build_file))
    try:
        strays = con.execute(
            "select schema_name, table_name from duckdb_tables() "
            f"where schema_name not in {PUBLISHED_SCHEMAS}"
        ).fetchall()
        for schema, table in strays:  # only marts and reference data are ever published
            con.execute(f'drop table "{schema}"."{table}"')
        con.execute("create schema if not exists marts")
        changed = source_changed_at(work_file, con)
        con.execute("create or replace table marts.warehouse_refresh "
                    "(refreshed_at timestamp, source_changed_at timestamp)")
        con.execute("insert into marts.warehouse_refresh values (?, ?)", [refreshed_at, changed])
        con.execute("checkpoint")
    finally:
        con.close()


def publish(build_file: Path, published: Path, work_file: Path | None = None) -> datetime:
    """Called under the writer lock: nothing else writes the build or work file meanwhile.
    work_file: the raw extract the build read (default: beside the published file)."""
    work_file = work_file or work_path(published)
    refreshed_at = datetime.now(tz=UTC).replace(tzinfo=None)
    for stale in published.parent.glob(f".{published.name}.*.previous"):  # a publish stopped half-way
        stale.unlink(missing_ok=True)
    _finish(build_file, work_file, refreshed_at)
    if not published.exists():
        # The first publish: a copy, so the next build starts from a file that lacks nothing.
        _replace_with_copy(build_file, published)
        note_behind(build_file, None)
    else:
        # Said before the swap: should it stop half-way, the build file lacks at most that.
        note_behind(build_file, built_since_publish(build_file) or "all")
        previous = published.with_name(f".{published.name}.{uuid.uuid4().hex}.previous")
        os.link(published, previous)
        try:
            os.replace(build_file, published)
        except BaseException:
            previous.unlink(missing_ok=True)
            raise
        os.replace(previous, build_file)
    forget_built_since_publish(build_file)
    return refreshed_at.replace(tzinfo=UTC)
