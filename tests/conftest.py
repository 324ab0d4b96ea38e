"""Test harness: a real Postgres database per test session, migrated with Alembic.

The database server is FLOW_TEST_ADMIN_URL when set, else the project's private cluster.
Tests isolate by making their own companies (factories), so no truncation is needed.
"""
from __future__ import annotations

import os
import random
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import psycopg
import pytest

ROOT = Path(__file__).resolve().parents[1]


def _admin_url() -> str:
    url = os.environ.get("FLOW_TEST_ADMIN_URL")
    if url:
        return url
    from api import devdb

    return devdb.ensure_running()


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    admin = _admin_url()
    name = f"flow_test_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'create database "{name}"')
    url = admin.rsplit("/", 1)[0] + f"/{name}"
    tmp = tmp_path_factory.mktemp("flow")
    os.environ.update(
        FLOW_ENV="test",
        FLOW_DATABASE_URL=url,
        FLOW_OUTBOX_DIR=str(tmp / "outbox"),
        FLOW_MEDIA_DIR=str(tmp / "media"),
        FLOW_WAREHOUSE_PATH=str(tmp / "warehouse" / "flow.duckdb"),
        FLOW_SECRET_KEY="test-secret-" + uuid.uuid4().hex,
        FLOW_GEOCODER_URL="",
        FLOW_OPENAI_API_KEY="",
    )
    from api.cli import upgrade_database
    from api.core.config import get_settings

    get_settings.cache_clear()
    upgrade_database(url)
    yield url
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'drop database if exists "{name}" with (force)')


@pytest.fixture(scope="session")
async def app(database_url: str):
    from api.core.config import get_settings
    from api.core.db import dispose_engine, init_engine
    from api.main import create_app

    get_settings.cache_clear()
    settings = get_settings()
    init_engine(settings)
    application = create_app(settings)
    yield application
    await dispose_engine()


def random_ip() -> str:
    return f"10.{random.randint(0, 255)}.{random.randint(0, 255)}.{random.randint(1, 254)}"


@pytest.fixture
async def client(app) -> AsyncIterator[httpx.AsyncClient]:
    # Each test calls from its own address, so per-address rate limits never spill between tests.
    transport = httpx.ASGITransport(app=app, client=(random_ip(), 40000))
    async with httpx.AsyncClient(transport=transport, base_url="http://flow.test") as c:
        yield c


@pytest.fixture
def owner_sql(database_url: str):
    """Run SQL as the database owner, outside RLS: to check what was (not) written."""

    def run(sql: str, params: tuple | dict | None = None) -> list[tuple]:
        with psycopg.connect(database_url) as conn:
            cur = conn.execute(sql, params)
            rows = cur.fetchall() if cur.description else []
            conn.commit()
            return rows

    return run


@pytest.fixture
def rate_window() -> None:
    """Start a rate-limit test early in a minute: the limits count attempts in fixed one-minute
    windows (api/ratelimit), so a run of attempts that crosses a minute boundary splits over two
    windows and never reaches the limit. Waits (at most 20 s) when the minute is nearly over."""
    import time

    left = 60 - time.time() % 60
    if left < 20:
        time.sleep(left + 0.2)


@pytest.fixture
def factory(app):
    from tests.factories import Factory

    return Factory()
