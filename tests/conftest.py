"""Test harness: a real Postgres database per test session, migrated with Alembic.

`make test` runs the pytest stage on pytest-xdist workers (`-n 2 --dist loadfile`: a module's tests
stay on one worker, so a module's `world` is built once). Each worker is a session of its own: its
own database, outbox, media folder and warehouse file (all made here), its own servers on free
ports. A test must not depend on another module's data or on the order modules run in.

The database server is FLOW_TEST_ADMIN_URL when set, else the project's private cluster.
Tests isolate by making their own companies (factories), so no truncation is needed.
"""
from __future__ import annotations

import functools
import os
import random
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import psycopg
import pytest

ROOT = Path(__file__).resolve().parents[1]


def _admin_url() -> str:
    url = os.environ.get("FLOW_TEST_ADMIN_URL")
    if url:
        return url
    from flow import devdb

    return devdb.ensure_running()


def _ensure_app_role(conn: psycopg.Connection) -> None:
    """The migrations' app role and the admin's membership in it belong to the whole server, so
    pytest-xdist workers migrating their own databases at once on a new server would race to
    create them (one worker failed every test: "Key (rolname)=(flow_app) already exists"). They
    are made here once, one worker at a time, before any migration runs."""
    import fcntl

    from api.migrations.rls import APP_ROLE

    with open(Path(os.environ.get("TMPDIR", "/tmp")) / "flow-test-app-role.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if conn.execute("select 1 from pg_roles where rolname = %s", (APP_ROLE,)).fetchone() is None:
            conn.execute(f"create role {APP_ROLE} nologin nobypassrls")
        conn.execute(f"grant {APP_ROLE} to current_user")


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    admin = _admin_url()
    # One database per session, so one per pytest-xdist worker (gw0, gw1, ...; named for a look in psql).
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    name = f"flow_test_{worker + '_' if worker else ''}{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'create database "{name}"')
        _ensure_app_role(conn)
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
        # Warming each newly published file with the queries earlier tests asked (other companies')
        # is background work no test here waits for; its own tests turn it on
        # (tests/api/analytics/test_warehouse_connection.py), as bench.warehouse.after_publish does.
        FLOW_WAREHOUSE_WARM_QUERIES="0",
    )
    from api.core.config import get_settings
    from flow.cli import upgrade_database
    from pipelines.defs.publish.empty import prepare_empty_warehouse

    get_settings.cache_clear()
    upgrade_database(url)
    prepare_empty_warehouse()  # the warehouse before the first publish, shared by the workers
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


def run_owner_sql(database_url: str, sql: str, params: tuple | dict | None = None) -> list[tuple]:
    """Run SQL as the database owner, outside RLS (the owner_sql fixture, for module-scoped set-ups)."""
    with psycopg.connect(database_url) as conn:
        cur = conn.execute(sql, params)
        rows = cur.fetchall() if cur.description else []
        conn.commit()
        return rows


@pytest.fixture
def owner_sql(database_url: str):
    """Run SQL as the database owner, outside RLS: to check what was (not) written."""
    return functools.partial(run_owner_sql, database_url)


class RateClock:
    """The rate limiter's clock (api.ratelimit.service.clock), standing still until moved."""

    def __init__(self, at: datetime) -> None:
        self.at = at

    def __call__(self) -> datetime:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


@pytest.fixture
def rate_clock(monkeypatch: pytest.MonkeyPatch) -> RateClock:
    """The rate limiter's clock for this test, held at the first second of the current minute."""
    from api.ratelimit import service

    clock = RateClock(datetime.now(tz=UTC).replace(second=1, microsecond=0))
    monkeypatch.setattr(service, "clock", clock)
    return clock


@pytest.fixture
def rate_window(rate_clock: RateClock) -> None:
    """A rate-limit test's attempts all fall in one window: the limits count attempts in fixed
    one-minute windows (api/ratelimit), so a run of attempts that crossed a minute boundary would
    split over two and never reach the limit. Everything in this process (the app, or
    api.ratelimit called directly) reads the clock that stands still (it used to wait up to 20 s
    for a young minute); a server in a subprocess takes subprocess_rate_window."""


@pytest.fixture
def subprocess_rate_window() -> None:
    """rate_window for a server in a subprocess, which reads the real clock: waits, at most 20 s,
    when the minute is nearly over."""
    import time

    left = 60 - time.time() % 60
    if left < 20:
        time.sleep(left + 0.2)


@pytest.fixture
def factory(app):
    from tests.factories import Factory

    return Factory()


# --- Time limits (pytest-timeout; the default limit is `timeout` in pyproject.toml) ---------------
# A test that outlives its limit fails with its name (signal method: the run goes on to the next
# test). The first test to use a shared fixture not yet built (a module's warehouse `world`, the
# app, a live server) gets SETUP_GRACE more, since its setup is that fixture's build; a later test
# of the module gets the plain limit. When the signal cannot interrupt the test (a C call that
# never returns to Python), a watchdog HARD_STOP after the limit prints the test's name, every
# thread's stack, and ends the run.
SETUP_GRACE = 600
HARD_STOP = 60
# Shared fixtures that build nothing slow: the first test of a worker (pytest-xdist) or of a run
# would otherwise get the grace through pytest-asyncio's session-scoped loop policy alone.
INSTANT_SHARED_FIXTURES = frozenset({"event_loop_policy"})


def _unbuilt_shared_fixtures(item: pytest.Item) -> list[str]:
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return []
    names = []
    for name, defs in info.name2fixturedefs.items():
        if name in INSTANT_SHARED_FIXTURES:
            continue
        if defs and defs[-1].scope != "function" and defs[-1].cached_result is None:
            names.append(name)
    return names


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings):
    import signal
    import sys
    import threading

    import pytest_timeout

    limit = settings.timeout + (SETUP_GRACE if _unbuilt_shared_fixtures(item) else 0)
    settings = settings._replace(timeout=limit)
    use_signal = settings.method == "signal" and threading.current_thread() is threading.main_thread()

    def say(what: str) -> None:
        sys.stderr.write(f"\nTIMEOUT {item.nodeid}: {what}\n")
        sys.stderr.flush()

    def on_alarm(signum, frame):
        __tracebackhide__ = True
        say(f"over its {limit:.0f} s limit, failed")
        pytest_timeout.timeout_sigalrm(item, settings)

    def hard_stop():
        say(f"still running {limit + HARD_STOP:.0f} s in (past its {limit:.0f} s limit); ending the run")
        pytest_timeout.timeout_timer(item, settings)

    watchdog = threading.Timer(limit + (HARD_STOP if use_signal else 0), hard_stop)
    watchdog.daemon = True
    watchdog.name = f"timeout watchdog {item.nodeid}"
    if use_signal:
        signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, limit)
    watchdog.start()

    def cancel() -> None:
        if use_signal:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
        watchdog.cancel()

    item.cancel_timeout = cancel
    return True


# --- Markers: what `make test-fast` leaves out ----------------------------------------------------
# browser, spark and daemon are set on their files; `warehouse` is set here on every test that
# uses a warehouse world (a fixture named `world`, or any fixture over the session's shared build,
# `shared_worlds` of tests/api/conftest.py, whatever the module calls it) or whose module calls the
# refresh of tests/pipelines/world.py, so a new warehouse test is marked without anyone remembering to.
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from tests.pipelines import world

    _unique_node_ids(items)
    e2e = ROOT / "tests" / "e2e"
    for item in items:
        # The browser stage collects tests/e2e only (Makefile): a browser test elsewhere would run
        # in neither stage.
        if item.get_closest_marker("browser") and e2e not in Path(item.path).parents:
            raise pytest.UsageError(f"{item.nodeid} is marked browser outside tests/e2e: move it there")
        module = getattr(item, "module", None)
        uses_refresh = module is not None and getattr(module, "refresh", None) is world.refresh
        if "world" in item.fixturenames or "shared_worlds" in item.fixturenames or uses_refresh \
                or item.get_closest_marker("spark") \
                or item.get_closest_marker("daemon"):
            item.add_marker(pytest.mark.warehouse)
    _longest_modules_first(items)


def _longest_modules_first(items: list[pytest.Item]) -> None:
    """Files whose tests run Spark or the Dagster daemon first (a few minutes each), then those
    that build a warehouse, then the rest, each group in its usual order. pytest-xdist hands out
    files in this order (`--no-loadscope-reorder`, Makefile), so a long file does not start last
    and leave the other worker idle at the end."""
    def cost(path) -> int:
        marks = {m.name for item in by_file[path] for m in item.iter_markers()}
        return 0 if marks & {"spark", "daemon"} else 1 if marks & {"warehouse", "slow"} else 2

    by_file: dict = {}
    for item in items:
        by_file.setdefault(item.path, []).append(item)
    order = sorted(by_file, key=cost)  # stable: the usual order within each group
    items[:] = [item for path in order for item in by_file[path]]


def _unique_node_ids(items: list[pytest.Item]) -> None:
    """Schemathesis names its items by operation (test_x[GET /api/...]) but gives them all the
    function's node id; pytest-xdist schedules by node id, and ran one operation of the contract
    fuzz (tests/api/reliability/test_fuzz_contract.py) instead of all of them. Such an item gets
    its name as its id."""
    seen: dict[str, int] = {}
    for item in items:
        seen[item.nodeid] = seen.get(item.nodeid, 0) + 1
    for item in items:
        if seen[item.nodeid] > 1 and item.parent is not None and not item.nodeid.endswith("::" + item.name):
            nodeid = f"{item.parent.nodeid}::{item.name}"
            if hasattr(item, "_id"):  # pytest 9.2 keeps a structured id (_pytest.nodeid.NodeId)
                from _pytest.nodeid import NodeId

                item._id = NodeId.parse(nodeid)
            else:
                item._nodeid = nodeid
