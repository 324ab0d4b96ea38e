"""Where the warehouse lives: the published file the API reads and the pipeline's own work file."""
from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pipelines.settings import ROOT, get_settings

DBT_DIR = ROOT / "dbt"


def published_path() -> Path:
    return Path(os.environ.get("FLOW_WAREHOUSE_PATH") or get_settings().warehouse_path)


def empty_path() -> Path:
    """The empty warehouse the API reads before the first publish (pipelines/defs/publish/empty.py)."""
    return Path(os.environ.get("FLOW_WAREHOUSE_EMPTY_PATH") or get_settings().warehouse_empty_path)


def build_path(published: Path | None = None) -> Path:
    """The marts being built, beside the published file: only the pipeline ever opens it, and
    publishing swaps it with the published file (pipelines/defs/publish/publish.py)."""
    published = published or published_path()
    return published.with_name(published.stem + ".build.duckdb")


def work_path(published: Path | None = None) -> Path:
    """Raw extracts, staging and intermediate models: the pipeline's alone, never published."""
    published = published or published_path()
    return published.with_name(published.stem + ".work.duckdb")


def database_url() -> str:
    url = os.environ.get("FLOW_DATABASE_URL") or get_settings().database_url
    if not url:
        raise RuntimeError("FLOW_DATABASE_URL is not set: the warehouse has no source to read")
    return url.replace("postgresql+psycopg://", "postgresql://")


@contextmanager
def writer_lock(published: Path) -> Iterator[None]:
    """One writer at a time on the work file, across the CLI, the daemon and tests."""
    published.parent.mkdir(parents=True, exist_ok=True)
    with open(published.with_name(published.stem + ".lock"), "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
