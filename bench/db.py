"""A throw-away database for the write benchmarks (tickets, inbound): created in the private
cluster (or FLOW_TEST_ADMIN_URL's), migrated, set as the app's database, dropped at the end."""
from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg


@contextmanager
def throwaway_database() -> Iterator[tuple[str, str]]:
    """(admin url, database url) of a fresh migrated database, dropped at the end."""
    from flow import devdb
    from flow.cli import upgrade_database

    admin = os.environ.get("FLOW_TEST_ADMIN_URL") or devdb.ensure_running()
    name = f"flow_bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'create database "{name}"')
    url = admin.rsplit("/", 1)[0] + f"/{name}"
    os.environ.update(FLOW_ENV="test", FLOW_DATABASE_URL=url, FLOW_MEDIA_DIR=tempfile.mkdtemp())
    try:
        upgrade_database(url)
        yield admin, url
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'drop database if exists "{name}" with (force)')
