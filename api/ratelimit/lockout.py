"""Lock-outs after repeated failures, kept in rate_limit_buckets beside the rate limits.

A subject (for the PIN: one employee from one client address) collects failures in a sliding
window; the failure that reaches the limit locks the subject for the same length of time and
starts its count again. Keys are `<scope>:<subject>`, so every lock of one scope (all addresses of
one employee) can be lifted at once. Each call runs in its own short transaction, so a failure
still counts when the request that saw it answers with an error (its own transaction rolls back).
"""
from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, func, or_, select
from sqlalchemy.dialects.postgresql import insert

from api.core.db import sessionmaker
from api.tables.ratelimit import RateLimitBucket


def subject_key(scope: str, *parts: str) -> str:
    """`scope` in clear (to lift its locks), the rest as a digest (no addresses stored)."""
    digest = hashlib.sha256("|".join(parts).encode()).hexdigest()[:32]
    return f"{scope}:{digest}"


def _fail(key: str) -> str:
    return f"fail:{key}"


def _lock(key: str) -> str:
    return f"lock:{key}"


async def locked_until(key: str, minutes: int) -> datetime | None:
    """When the lock on `key` ends, or None when it is not locked."""
    since = datetime.now(tz=UTC) - timedelta(minutes=minutes)
    async with sessionmaker()() as db, db.begin():
        start = await db.scalar(select(func.max(RateLimitBucket.window_start))
                                .where(RateLimitBucket.key == _lock(key), RateLimitBucket.window_start > since))
    return start + timedelta(minutes=minutes) if start is not None else None


async def record_failure(key: str, *, limit: int, minutes: int) -> datetime | None:
    """Count one failure; returns the end of the lock when this failure set it, else None."""
    now = datetime.now(tz=UTC)
    since = now - timedelta(minutes=minutes)
    async with sessionmaker()() as db, db.begin():
        await db.execute(insert(RateLimitBucket).values(key=_fail(key), window_start=now, hits=1)
                         .on_conflict_do_update(index_elements=[RateLimitBucket.key, RateLimitBucket.window_start],
                                                set_={"hits": RateLimitBucket.hits + 1}))
        await db.execute(delete(RateLimitBucket).where(RateLimitBucket.key.in_((_fail(key), _lock(key))),
                                                       RateLimitBucket.window_start <= since))
        failures = await db.scalar(select(func.coalesce(func.sum(RateLimitBucket.hits), 0))
                                   .where(RateLimitBucket.key == _fail(key)))
        if failures < limit:
            return None
        await db.execute(delete(RateLimitBucket).where(RateLimitBucket.key == _fail(key)))
        await db.execute(insert(RateLimitBucket).values(key=_lock(key), window_start=now, hits=1)
                         .on_conflict_do_nothing())
    return now + timedelta(minutes=minutes)


async def clear(key: str) -> None:
    """Forget the failures and the lock of one subject (after its own success)."""
    async with sessionmaker()() as db, db.begin():
        await db.execute(delete(RateLimitBucket).where(RateLimitBucket.key.in_((_fail(key), _lock(key)))))


async def clear_scope(scope: str) -> None:
    """Lift every lock and failure count of a scope (all subjects whose key starts `scope:`)."""
    async with sessionmaker()() as db, db.begin():
        await db.execute(delete(RateLimitBucket).where(or_(RateLimitBucket.key.startswith(_fail(f"{scope}:")),
                                                           RateLimitBucket.key.startswith(_lock(f"{scope}:")))))
