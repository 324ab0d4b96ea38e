"""Customer alerts raised by the subscription's own events (spec 1 section 3, platform dashboard).

Looked at by every billing run (hourly, api/subscription/cli.py), each alert once per occurrence:
- trial_ending: a running trial ends within 3 days (once per trial);
- trial_expired: the trial's end passed and no plan was chosen (once per trial);
- usage_at_limit: active locations or users reached the plan's maximum (at most once in 30 days
  per company while it stays at the limit).
Payment failures (billing.charge) and sign-ups awaiting approval (auth.signup) raise theirs where
they happen.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.db import set_system_scope
from api.subscription import plans, service
from api.tables.alerts import Alert
from api.tables.companies import Company

TRIAL_WARNING = timedelta(days=3)
LIMIT_REPEAT = timedelta(days=30)


@dataclass(frozen=True)
class Raised:
    company_id: uuid.UUID
    alert_type: str
    message: str


async def _already(db: AsyncSession, company_id: uuid.UUID, kind: str, since: datetime) -> bool:
    return await db.scalar(select(Alert.id).where(Alert.company_id == company_id, Alert.alert_type == kind,
                                                  Alert.created_at >= since).limit(1)) is not None


async def _raise(db: AsyncSession, company: Company, kind: str, message: str, since: datetime,
                 raised: list[Raised]) -> None:
    if await _already(db, company.id, kind, since):
        return
    db.add(Alert(company_id=company.id, alert_type=kind, message=message))
    raised.append(Raised(company.id, kind, message))


async def raise_lifecycle_alerts(db: AsyncSession, now: datetime | None = None) -> list[Raised]:
    """One look over every approved company; returns the alerts raised by this look."""
    now = now or datetime.now(tz=UTC)
    await set_system_scope(db)
    raised: list[Raised] = []
    companies = list(await db.scalars(select(Company).where(Company.approval_status == "approved")
                                      .order_by(Company.id)))
    for company in companies:
        ends = company.trial_ends_at
        if company.subscription_status == "trial" and ends is not None:
            trial_start = ends - timedelta(days=plans.TRIAL_DAYS)  # once per trial
            if now < ends <= now + TRIAL_WARNING:
                left = service.trial_days_remaining(company, now)
                await _raise(db, company, "trial_ending",
                             f"{company.name}: trial ends in {left} day{'s' if left != 1 else ''} "
                             f"({ends:%Y-%m-%d}) with no plan chosen", trial_start, raised)
            elif ends <= now:
                await _raise(db, company, "trial_expired",
                             f"{company.name}: trial expired on {ends:%Y-%m-%d} with no plan chosen", trial_start,
                             raised)
        if company.subscription_status in ("trial", "active", "past_due"):
            at_limit = []
            locations, users = (await service.count_active_stores(db, company.id),
                                await service.count_active_users(db, company.id))
            if (limit := service.max_facilities(company)) is not None and locations >= limit:
                at_limit.append(f"{locations}/{limit} locations")
            if (limit := service.max_users(company)) is not None and users >= limit:
                at_limit.append(f"{users}/{limit} users")
            if at_limit:
                await _raise(db, company, "usage_at_limit",
                             f"{company.name} is at its {service.plan_in_force(company).name} plan limit: "
                             + " and ".join(at_limit), now - LIMIT_REPEAT, raised)
    await db.flush()
    return raised
