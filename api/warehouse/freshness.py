"""Is a newer figure on its way? Every analytics answer says so beside its last_refreshed_at.

The published file records the newest updated_at it took in (`source_changed_at`, written by the
pipeline's publish step from the raw extract the build read). A row of SOURCE_TABLES of the
caller's company changed after that is not in the figures yet: the Dagster sensor has seen it, or
will within seconds, and its refresh publishes it. `pending_since` is the oldest such change,
`refreshing` whether there is one.

Cheap on purpose (it runs on every analytics read): the published state is cached per file version
(warehouse.published_state, no company data), and each table costs one probe of its updated_at
index from the published high-water mark onwards, i.e. only the rows changed since the last publish.
A change whose transaction started before the extract's newest row but committed after the
extract read (updated_at is the writer's transaction start) is not flagged; the next publish takes
it in (the extract looks back ten minutes).
"""
from __future__ import annotations

import uuid
from datetime import UTC, datetime

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.concurrency import run_in_threadpool

from api.warehouse import reader as warehouse
from api.warehouse.schemas import Pending

# The same tables as pipelines/defs/publish/publish.SOURCE_TABLES (tests/api/analytics/test_freshness.py
# holds the two equal): what the analytics figures are made of and the sensor refreshes for.
SOURCE_TABLES = ("tickets", "stores")
NOTHING_PUBLISHED = datetime(1970, 1, 1, tzinfo=UTC)

_PENDING = text("select least(" + ", ".join(
    f"(select min(updated_at) from {table} where company_id = :company and updated_at > :seen)"
    for table in SOURCE_TABLES) + ")")


async def pending_since(db: AsyncSession, company_id: uuid.UUID | str) -> datetime | None:
    """The oldest change of the company's SOURCE_TABLES rows that the published warehouse lacks."""
    state = warehouse.kept_published_state() or await run_in_threadpool(warehouse.published_state)
    seen = state.source_changed_at or NOTHING_PUBLISHED
    found = (await db.execute(_PENDING, {"company": uuid.UUID(str(company_id)), "seen": seen})).scalar()
    return found.astimezone(UTC) if found else None


def stamp_json(answer: bytes, since: datetime | None) -> bytes:
    """An encoded answer (a JSON object without the two fields) with `refreshing` and
    `pending_since` put first, encoded as the Pending model encodes them."""
    stamp = Pending(refreshing=since is not None, pending_since=since).model_dump_json().encode()
    if answer.strip() == b"{}":
        return stamp
    return stamp[:-1] + b"," + answer.lstrip()[1:]


async def stamped(db: AsyncSession, company_id: uuid.UUID | str, answer: dict) -> dict:
    """The answer with `refreshing` and `pending_since` (see the module's note)."""
    since = await pending_since(db, company_id)
    answer["refreshing"] = since is not None
    answer["pending_since"] = since
    return answer
