"""Who a company's data may be mailed to: its own users (active, any role) and the recipients its
managers put on an e-mail alert. Every call that mails reports or tickets to an address the
caller types checks it here first (issue 31: a report mailed to attacker@evil.example was sent).

Comparison ignores case and surrounding spaces; the company's users and alerts are read under the
tenant's row-level security, so another company's people never count.
"""
from __future__ import annotations

import uuid
from collections.abc import Iterable

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.kit.errors import Invalid
from api.tables.email_alerts import EmailAlert
from api.tables.users import User

NOT_ALLOWED = ("{field}: {address} is not one of this company's users or e-mail alert recipients; "
               "reports and tickets are mailed only to them (a manager adds people in Users or Email Alerts)")


async def allowed_recipients(db: AsyncSession, company_id: uuid.UUID) -> set[str]:
    users = await db.scalars(select(func.lower(User.email)).where(User.company_id == company_id,
                                                                 User.is_active.is_(True)))
    allowed = {e.strip() for e in users if e}
    for listed in await db.scalars(select(EmailAlert.recipients).where(EmailAlert.company_id == company_id)):
        allowed.update(p.strip().lower() for p in (listed or "").split(",") if p.strip())
    return allowed


async def check_recipients(db: AsyncSession, company_id: uuid.UUID, addresses: Iterable[str], field: str) -> None:
    """422 naming `field` and the first address that is neither a company user nor an alert recipient."""
    allowed = await allowed_recipients(db, company_id)
    for address in addresses:
        if address.strip().lower() not in allowed:
            raise Invalid(NOT_ALLOWED.format(field=field, address=address.strip()[:254]), field=field)
