"""The monthly billing run (platform subscription billing), one look at a time.

For every approved company on a paid subscription (active or past_due), in its own transaction
with the company row locked (SELECT ... FOR UPDATE):
- A cancellation asked for in an earlier month takes effect: the company becomes canceled, the
  change is recorded and audited, and it is not billed again.
- Otherwise the invoice of the company's current local month is made once (unique per company
  and month) and charged through the payment provider when it is open. A paid invoice is never
  charged again, so a rerun, a restarted daemon or two overlapping runs never charge twice (the
  provider also gets an idempotency key per invoice and attempt).
- A failed charge is recorded on the invoice (reason, attempts) and retried by a later look, at
  most once a day and MAX_ATTEMPTS times in all; each failure marks the company past_due and
  raises a platform alert (billing.charge).
With no provider configured the invoices are made and stay open (the screens say so).
Trials are not billed: choosing a plan ends a trial (billing.change_plan).
"""
from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from api.audit.service import audit
from api.core.db import sessionmaker, set_system_scope, set_tenant
from api.kit.calendar import company_today
from api.subscription import billing
from api.subscription.payments import get_provider
from api.tables.companies import Company
from api.tables.subscription import SubscriptionChange

log = logging.getLogger("flow.billing.run")
Sessions = async_sessionmaker[AsyncSession]
MAX_ATTEMPTS = 3
RETRY_AFTER = timedelta(hours=23)  # once a day, whatever the schedule's own period
BILLED_STATUSES = ("active", "past_due")


@dataclass(frozen=True)
class Outcome:
    company_id: uuid.UUID
    action: str  # charged | failed | open | already_paid | gave_up | waiting | canceled | error
    invoice: str | None = None
    detail: str | None = None


def _local_day(company: Company, now: datetime):
    return company_today(company, now)


async def _companies(sessions: Sessions, only: list[uuid.UUID] | None) -> list[uuid.UUID]:
    async with sessions() as db, db.begin():
        await set_system_scope(db)
        query = select(Company.id).where(Company.approval_status == "approved",
                                         Company.subscription_status.in_(BILLED_STATUSES))
        if only is not None:
            query = query.where(Company.id.in_(only))
        return list(await db.scalars(query.order_by(Company.id)))


async def bill_company(db: AsyncSession, company_id: uuid.UUID, now: datetime) -> Outcome:
    """One company's look; the caller's transaction commits it."""
    await set_tenant(db, company_id)
    company = await billing.lock_company(db, company_id)
    if company.subscription_status not in BILLED_STATUSES:  # changed since the list was read
        return Outcome(company.id, "skipped", detail=company.subscription_status)
    today = _local_day(company, now)
    if company.cancel_at_period_end and company.canceled_at is not None:
        _start, period_end = billing.month_bounds(_local_day(company, company.canceled_at))
        if today > period_end:
            company.subscription_status, company.cancel_at_period_end = "canceled", False
            db.add(SubscriptionChange(company_id=company.id, user_id=None, action="canceled",
                                      from_plan=company.subscription_plan, to_plan=company.subscription_plan,
                                      effective_at=now))
            await audit(db, "subscription_canceled", company_id=company.id, period_end=period_end.isoformat(),
                        by="billing run")
            await db.flush()
            return Outcome(company.id, "canceled", detail=f"ended {period_end.isoformat()}")
    invoice = await billing.ensure_invoice(db, company, today)
    if invoice.status == "paid":
        return Outcome(company.id, "already_paid", invoice.number)
    if invoice.status == "void":
        return Outcome(company.id, "void", invoice.number)
    provider = get_provider()
    if provider is None:
        return Outcome(company.id, "open", invoice.number, "no payment provider configured")
    if invoice.status == "failed":
        if invoice.attempts >= MAX_ATTEMPTS:
            return Outcome(company.id, "gave_up", invoice.number, invoice.failure_reason)
        if invoice.last_attempt_at is not None and now - invoice.last_attempt_at < RETRY_AFTER:
            return Outcome(company.id, "waiting", invoice.number, invoice.failure_reason)
    await billing.charge(db, company, invoice, provider)
    invoice.last_attempt_at = now  # the run's clock decides the next retry
    await db.flush()
    if invoice.status == "paid":
        return Outcome(company.id, "charged", invoice.number)
    return Outcome(company.id, "failed", invoice.number, invoice.failure_reason)


async def run_billing(now: datetime | None = None, sessions: Sessions | None = None,
                      only: list[uuid.UUID] | None = None) -> list[Outcome]:
    """One look over every billed company (or `only` these); one company's error never stops the others."""
    now = now or datetime.now(tz=UTC)
    sessions = sessions or sessionmaker()
    outcomes = []
    for company_id in await _companies(sessions, only):
        try:
            async with sessions() as db, db.begin():
                outcomes.append(await bill_company(db, company_id, now))
        except Exception as exc:  # recorded in the run's log; the company is looked at again next run
            log.exception("billing run: company %s failed", company_id)
            outcomes.append(Outcome(company_id, "error", detail=type(exc).__name__))
    return outcomes
