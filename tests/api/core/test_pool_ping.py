"""The pool pings a connection before use only when it sat idle (api/core/db.py, _ping_when_idle):
a connection used moments ago costs no round trip, and a dead idle one is replaced unseen."""
from __future__ import annotations

from sqlalchemy import text

from api.core import db as core_db


async def _backend_pid() -> int:
    async for session in core_db.session_scope():
        return await session.scalar(text("select pg_backend_pid()"))
    raise AssertionError("no session")


def _count_pings(monkeypatch) -> list[int]:
    pings: list[int] = []
    dialect = core_db.get_engine().sync_engine.dialect
    real = dialect.do_ping

    def counted(dbapi_conn):
        pings.append(1)
        return real(dbapi_conn)

    monkeypatch.setattr(dialect, "do_ping", counted)
    return pings


async def test_a_connection_used_moments_ago_is_not_pinged(app, monkeypatch):
    # Use every pooled connection once first: the pool hands them out in turn (first in, first
    # out), and an earlier module may have left several idle for longer than PING_AFTER_IDLE_S.
    for _ in range(core_db.get_engine().sync_engine.pool.checkedin()):
        await _backend_pid()
    pings = _count_pings(monkeypatch)
    await _backend_pid()
    await _backend_pid()
    await _backend_pid()
    assert pings == []


async def test_an_idle_connection_that_died_is_replaced_before_the_request_uses_it(app, monkeypatch, owner_sql):
    first = await _backend_pid()
    # Every pooled connection counts as idle from here on; its backend is gone.
    monkeypatch.setattr(core_db, "PING_AFTER_IDLE_S", 0.0)
    pings = _count_pings(monkeypatch)
    owner_sql("select pg_terminate_backend(pid) from pg_stat_activity where pid = %s", (first,))
    second = await _backend_pid()
    assert pings, "the idle connection was not pinged"
    assert second != first
