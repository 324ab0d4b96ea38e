"""Security-relevant events in audit_log. Never holds a password, PIN or token."""
from __future__ import annotations

import uuid
from collections.abc import Mapping

from sqlalchemy.ext.asyncio import AsyncSession

from api.core.db import sessionmaker, set_system_scope
from api.tables.audit import AuditEvent


async def audit(
    db: AsyncSession, action: str, *, company_id: uuid.UUID | None, user_id: uuid.UUID | None = None,
    ip: str | None = None, record: Mapping[str, object] | None = None, **detail: object,
) -> None:
    """Part of the request's transaction: written only if the request succeeds.

    `detail` values are kept as text; `record` holds values that are already JSON (lists, nested
    objects: a void's taken-back lines, an edit's old and new values) and is kept as it is."""
    db.add(AuditEvent(company_id=company_id, user_id=user_id, action=action, ip=ip,
                      detail={**{k: str(v) for k, v in detail.items()}, **(record or {})}))


async def audit_outside(
    action: str, *, company_id: uuid.UUID | None, user_id: uuid.UUID | None = None, ip: str | None = None,
    **detail: object,
) -> None:
    """In its own transaction: kept even when the request answers with an error (failed sign-ins)."""
    async with sessionmaker()() as db, db.begin():
        await set_system_scope(db)
        await audit(db, action, company_id=company_id, user_id=user_id, ip=ip, **detail)
