"""Database plumbing: one metadata, the async engine, and the tenant scope.

Tenant scoping lives here and nowhere else:
- every transaction sets `app.company_id` (or `app.scope = system`) with set_config(..., true),
  which Postgres row-level security reads (the second wall; see the first migration);
- the ORM adds `company_id = :tenant` to every SELECT of a TenantMixin model and stamps
  `company_id` on every new row (the first wall), from `session.info["company_id"]`.
"""
from __future__ import annotations

import time
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime

from sqlalchemy import DateTime, ForeignKey, MetaData, event, func, select
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import (
    DeclarativeBase,
    Mapped,
    ORMExecuteState,
    Session,
    mapped_column,
    with_loader_criteria,
)
from sqlalchemy.types import Uuid

from api.core.config import Settings, get_settings

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


def utcnow() -> datetime:
    return datetime.now(tz=UTC)


class IdMixin:
    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)


class TimestampMixin:
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now(), index=False)
    # The warehouse extracts incrementally by this watermark.
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now(), index=True
    )


class TenantMixin:
    """Rows owned by one company. Scoped automatically by the session and by RLS."""

    company_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("companies.id", ondelete="CASCADE"), index=True
    )


# --------------------------------------------------------------------------------------------
# Engine and sessions
# --------------------------------------------------------------------------------------------
_engine: AsyncEngine | None = None
_sessionmaker: async_sessionmaker[AsyncSession] | None = None


def make_engine(settings: Settings) -> AsyncEngine:
    engine = create_async_engine(
        settings.async_database_url,
        pool_size=settings.db_pool_size,
        max_overflow=settings.db_pool_size,
    )
    _ping_when_idle(engine)
    role = settings.db_app_role

    if role:
        @event.listens_for(engine.sync_engine, "connect")
        def _drop_privileges(dbapi_conn, _record):
            # Queries run as a role that owns no table and cannot bypass RLS.
            with dbapi_conn.cursor() as cur:
                cur.execute(f'SET ROLE "{role}"')
            dbapi_conn.commit()

    return engine


# A pooled connection is pinged before use only when it has sat in the pool this long.
PING_AFTER_IDLE_S = 10.0


def _ping_when_idle(engine: AsyncEngine) -> None:
    """pool_pre_ping, but only for a connection idle for PING_AFTER_IDLE_S or more.

    The pre-ping cost a round trip on every checkout, that is on every request. A connection
    used moments ago is alive; one that sat idle (a Postgres restart, an idle timeout, a dropped
    socket) is pinged, and a dead one is replaced before the request uses it, as pre_ping did. A
    connection that dies within the window fails its request once and the pool is renewed (the
    disconnect is seen by SQLAlchemy)."""
    sync_engine = engine.sync_engine

    @event.listens_for(sync_engine, "checkin")
    def _checked_in(_dbapi_conn, record) -> None:
        if record is not None:
            record.info["idle_since"] = time.monotonic()

    @event.listens_for(sync_engine, "checkout")
    def _checked_out(dbapi_conn, record, _proxy) -> None:
        idle_since = record.info.get("idle_since")  # None: new since it was connected
        if idle_since is None or time.monotonic() - idle_since < PING_AFTER_IDLE_S:
            return
        try:
            sync_engine.dialect.do_ping(dbapi_conn)
        except Exception as exc:  # the pool discards this connection and checks out another
            raise DisconnectionError("pooled connection failed its ping") from exc


def init_engine(settings: Settings | None = None) -> AsyncEngine:
    global _engine, _sessionmaker
    settings = settings or get_settings()
    _engine = make_engine(settings)
    _sessionmaker = async_sessionmaker(_engine, expire_on_commit=False, autoflush=False)
    return _engine


def get_engine() -> AsyncEngine:
    if _engine is None:
        init_engine()
    assert _engine is not None
    return _engine


def sessionmaker() -> async_sessionmaker[AsyncSession]:
    if _sessionmaker is None:
        init_engine()
    assert _sessionmaker is not None
    return _sessionmaker


async def dispose_engine() -> None:
    global _engine, _sessionmaker
    if _engine is not None:
        await _engine.dispose()
    _engine = None
    _sessionmaker = None


# Both settings in one statement, sent in psycopg's pipeline mode (_send_scope).
_SCOPE_SQL = "select set_config('app.company_id', %s, true), set_config('app.scope', %s, true)"


async def _send_scope(session: AsyncSession, company_id: str, scope: str) -> None:
    """Set the transaction's scope in the same round trip as the BEGIN that opens it.

    Outside a transaction psycopg sends BEGIN and waits for its answer before the first statement,
    so a plain execute took two round trips (and one SQLAlchemy statement) on every request. In
    pipeline mode BEGIN and the set_config go out together and one Sync collects both; an error
    still raises here, before any query of the request runs."""
    connection = await session.connection()
    driver = (await connection.get_raw_connection()).driver_connection
    async with driver.pipeline():
        await driver.execute(_SCOPE_SQL, (company_id, scope))


async def set_tenant(session: AsyncSession, company_id: uuid.UUID | None) -> None:
    """Scope the current transaction to one company (or to none: sees nothing)."""
    session.info["company_id"] = company_id
    session.info["system"] = False
    await _send_scope(session, str(company_id) if company_id else "", "")


async def set_system_scope(session: AsyncSession) -> None:
    """Platform-wide scope: sign-in look-ups, sign-up, and system_admin calls only."""
    session.info["company_id"] = None
    session.info["system"] = True
    await _send_scope(session, "", "system")


async def session_scope() -> AsyncIterator[AsyncSession]:
    """One request, one transaction: commit at the end, roll back on any error.

    It starts scoped to no company without a round trip: set_config(..., true) is local to its
    transaction, so a pooled connection's new transaction has `app.company_id` and `app.scope`
    empty (RLS shows nothing) until the caller's dependency sets them (set_tenant, once)."""
    async with sessionmaker()() as session, session.begin():
        session.info["company_id"] = None
        session.info["system"] = False
        yield session


@event.listens_for(Session, "do_orm_execute")
def _scope_selects_to_tenant(state: ORMExecuteState) -> None:
    if not state.is_select or state.execution_options.get("skip_tenant_scope"):
        return
    info = state.session.info
    if info.get("system"):
        return
    company_id = info.get("company_id")
    state.statement = state.statement.options(
        with_loader_criteria(
            TenantMixin,
            lambda cls: cls.company_id == company_id,
            include_aliases=True,
        )
    )


@event.listens_for(Session, "before_flush")
def _stamp_tenant_on_new_rows(session: Session, _ctx, _instances) -> None:
    company_id = session.info.get("company_id")
    for obj in session.new:
        if not isinstance(obj, TenantMixin):
            continue
        if obj.company_id is None:
            if company_id is None:
                raise PermissionError(f"{type(obj).__name__} written without a tenant scope")
            obj.company_id = company_id
        elif company_id is not None and obj.company_id != company_id:
            raise PermissionError(f"{type(obj).__name__} written for another company")


__all__ = [
    "Base",
    "IdMixin",
    "TenantMixin",
    "TimestampMixin",
    "dispose_engine",
    "get_engine",
    "init_engine",
    "select",
    "session_scope",
    "sessionmaker",
    "set_system_scope",
    "set_tenant",
    "utcnow",
]
