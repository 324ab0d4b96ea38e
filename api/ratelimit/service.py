"""Fixed-window attempt counters in Postgres (rate_limit_buckets), shared by every API worker.

Each hit runs in its own short transaction, so a refused or failed request still counts
(the request's own transaction rolls back on the error it answers with).
"""
from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from datetime import UTC, datetime

from fastapi import Request
from sqlalchemy import delete
from sqlalchemy.dialects.postgresql import insert

from api.core.config import get_settings
from api.core.db import sessionmaker
from api.kit.errors import DomainError
from api.tables.ratelimit import RateLimitBucket

TOO_MANY = "Too many attempts. Please wait a minute and try again."


class TooManyAttempts(DomainError):
    status_code = 429

    def __init__(self, detail: str, retry_after: int = 60):
        super().__init__(detail)
        self.headers = {"Retry-After": str(max(1, retry_after))}


def client_ip(request: Request) -> str:
    # The connection's peer; behind a proxy listed in FLOW_TRUSTED_PROXIES, the client it forwarded
    # for (api/main.py applies X-Forwarded-For from those proxies only, never from anyone else).
    return request.client.host if request.client else "unknown"


def _utc_now() -> datetime:
    return datetime.now(tz=UTC)


# The limiter's clock: read once per attempt. Tests hold it still or move it (tests/conftest.py,
# rate_clock) instead of sleeping until a window is safe to start.
clock: Callable[[], datetime] = _utc_now


def _window_start(now: datetime, seconds: int) -> datetime:
    epoch = int(now.timestamp())
    return datetime.fromtimestamp(epoch - epoch % seconds, tz=UTC)


def email_key(action: str, email: str) -> str:
    # Keys hold a digest, not the address: the table is not a list of who tried to sign in.
    digest = hashlib.sha256(email.strip().lower().encode()).hexdigest()[:32]
    return f"{action}:email:{digest}"


async def hit(key: str, *, limit: int, window_seconds: int = 60) -> None:
    """Count one attempt for `key`; raise 429 once the window holds more than `limit`."""
    now = clock()
    start = _window_start(now, window_seconds)
    stmt = (
        insert(RateLimitBucket)
        .values(key=key, window_start=start, hits=1)
        .on_conflict_do_update(
            index_elements=[RateLimitBucket.key, RateLimitBucket.window_start],
            set_={"hits": RateLimitBucket.hits + 1},
        )
        .returning(RateLimitBucket.hits)
    )
    async with sessionmaker()() as db, db.begin():
        hits = (await db.execute(stmt)).scalar_one()
        # Old windows of this key are useless; dropping them keeps the table small.
        await db.execute(
            delete(RateLimitBucket).where(
                RateLimitBucket.key == key, RateLimitBucket.window_start < start
            )
        )
    if hits > limit:
        left = (start - now).total_seconds() + window_seconds  # until this window closes
        raise TooManyAttempts(TOO_MANY, retry_after=math.ceil(left))


async def guard(request: Request, action: str, email: str | None = None, *, per_email: int | None = None) -> None:
    """The usual pair of limits for a sign-in style call: by client address and by account email."""
    settings = get_settings()
    await hit(f"{action}:ip:{client_ip(request)}", limit=settings.auth_ip_attempts_per_minute)
    if email:
        await hit(email_key(action, email), limit=per_email or settings.login_attempts_per_minute)
