"""Account reset (a company clears its own records) and GO LIVE (the platform drops its demo tenants).

Account reset, for a store_admin: clears the company's operational records so it can start
for real after trying the product — every ticket (outbound and inbound, with line items,
images and the day counters, so numbering restarts at 0001), carbon credits, invoices with
their lines and payments, inventory and its movements, and compliance log events. It keeps
the company, its people, locations, regions, settings, reference lists, customers and
vehicles. It needs a token mailed to the admin (AuthToken purpose account_reset): random,
stored as a digest, single use, valid 1 hour, usable only by the admin it was sent to.

GO LIVE complete reset, for a system_admin: deletes every company flagged is_demo together
with everything it owns (the foreign keys cascade from companies). Real tenants and platform
admins are untouched, so the admin who runs it keeps their login.
"""
from __future__ import annotations

import asyncio
import logging
import smtplib
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit.service import audit
from api.core.config import get_settings
from api.core.security import digest_token, new_opaque_token
from api.kit.errors import DomainError, Invalid
from api.mail.service import send_mail
from api.tables.auth import AuthToken
from api.tables.carbon import CarbonCredit
from api.tables.companies import Company
from api.tables.compliance import ComplianceEvent
from api.tables.inventory import InventoryItem
from api.tables.invoices import Invoice
from api.tables.stores import Store
from api.tables.tickets import Ticket, TicketCounter, TicketImage
from api.tables.users import User

log = logging.getLogger("flow.admin")
RESET_TTL = timedelta(hours=1)
PURPOSE = "account_reset"
BAD_TOKEN = "Invalid or expired verification token"


async def request_account_reset(db: AsyncSession, user: User) -> tuple[str, str]:
    """Store a fresh token's digest; return (address, mail body). Older unused tokens stop working."""
    now = datetime.now(tz=UTC)
    for old in await db.scalars(select(AuthToken).where(
        AuthToken.user_id == user.id, AuthToken.purpose == PURPOSE, AuthToken.used_at.is_(None)
    )):
        old.used_at = now
    token = new_opaque_token()
    db.add(AuthToken(company_id=user.company_id, user_id=user.id, purpose=PURPOSE,
                     token_digest=digest_token(token), expires_at=now + RESET_TTL))
    await audit(db, "account_reset_requested", company_id=user.company_id, user_id=user.id)
    await db.flush()
    company = await db.get(Company, user.company_id)
    body = (
        f"Hello {user.first_name},\n\n"
        f"You asked to reset the Flow account of {company.name}. This removes every ticket, invoice, payment,\n"
        f"inventory record and carbon credit of {company.name}; people, locations, lists and customers stay.\n\n"
        f"Verification token: {token}\n\n"
        "Enter it on the Account Reset screen. It works once and expires in 1 hour.\n"
        "If you did not ask for this, ignore this email and nothing changes.\n"
    )
    return user.email, body


async def send_account_reset(db: AsyncSession, user: User) -> str:
    """Issue a reset token and mail it to the user; the address it went to, or a 502 naming the failure."""
    to, body = await request_account_reset(db, user)
    try:
        await asyncio.to_thread(send_mail, to, "Flow account reset verification", body)
    except (OSError, smtplib.SMTPException) as exc:
        log.error("account reset mail to %s failed: %s", to, type(exc).__name__)
        raise DomainError("Failed to send verification email", 502) from None
    return to


async def execute_account_reset(db: AsyncSession, user: User, token: str) -> dict[str, int]:
    token = token.strip()
    if not token:
        raise Invalid("Please enter the verification token")
    row = await db.scalar(select(AuthToken).where(AuthToken.token_digest == digest_token(token)).with_for_update())
    now = datetime.now(tz=UTC)
    if (row is None or row.purpose != PURPOSE or row.user_id != user.id or row.used_at is not None
            or row.expires_at < now):
        raise DomainError(BAD_TOKEN, 400)
    row.used_at = now
    company_id = user.company_id
    image_keys = list(await db.scalars(select(TicketImage.storage_key).where(TicketImage.company_id == company_id)))
    invoices = await _delete(db, Invoice, company_id)
    tickets = await _delete(db, Ticket, company_id)
    for model in (TicketCounter, CarbonCredit, InventoryItem, ComplianceEvent):
        await _delete(db, model, company_id)
    await audit(db, "account_reset", company_id=company_id, user_id=user.id, tickets_removed=tickets,
                invoices_removed=invoices)
    await db.flush()
    _remove_files(image_keys)
    return {"tickets_removed": tickets, "invoices_removed": invoices}


async def _delete(db: AsyncSession, model, company_id) -> int:
    result = await db.execute(delete(model).where(model.company_id == company_id)
                              .execution_options(synchronize_session=False))
    return result.rowcount or 0


def _remove_files(keys: list[str]) -> None:
    """Local image files go with their rows (an S3 bucket keeps its own lifecycle rules)."""
    root = Path(get_settings().media_dir).resolve()
    for key in keys:
        path = (root / key).resolve()
        if root in path.parents:
            path.unlink(missing_ok=True)


async def seed_data_stats(db: AsyncSession) -> dict[str, int]:
    demo = select(Company.id).where(Company.is_demo).scalar_subquery()
    companies = await db.scalar(select(func.count()).select_from(Company).where(Company.is_demo)) or 0
    tickets = await db.scalar(select(func.count()).select_from(Ticket).where(Ticket.company_id.in_(demo))) or 0
    users = await db.scalar(select(func.count()).select_from(User).where(User.company_id.in_(demo))) or 0
    stores = await db.scalar(select(func.count()).select_from(Store).where(Store.company_id.in_(demo))) or 0
    return {"total_tickets": tickets, "total_users": users, "test_companies": companies,
            "sample_data_size": await _demo_rows(db) if companies else 0, "total_stores": stores}


async def _demo_rows(db: AsyncSession) -> int:
    """Every row owned by a demo company, across all tenant tables."""
    from api.core.db import Base, TenantMixin

    demo = select(Company.id).where(Company.is_demo).scalar_subquery()
    total = 0
    for mapper in Base.registry.mappers:
        cls = mapper.class_
        if issubclass(cls, TenantMixin):
            total += await db.scalar(select(func.count()).select_from(cls).where(cls.company_id.in_(demo))) or 0
    return total


async def complete_reset(db: AsyncSession, admin: User) -> dict[str, int]:
    stats = await seed_data_stats(db)
    result = await db.execute(delete(Company).where(Company.is_demo).execution_options(synchronize_session=False))
    await audit(db, "go_live_complete_reset", company_id=None, user_id=admin.id,
                deleted_companies=result.rowcount or 0)
    await db.flush()
    return {"deleted_tickets": stats["total_tickets"], "deleted_users": stats["total_users"],
            "deleted_companies": result.rowcount or 0, "deleted_stores": stats["total_stores"]}
