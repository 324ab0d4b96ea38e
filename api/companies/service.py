"""Company rules shared by sign-up, the demo seed and platform administration."""
from __future__ import annotations

import math
from datetime import UTC, datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api import plans
from api.companies.models import Company, CompanySettings, Store
from api.core.deps import effective_plan
from api.lists.defaults import seed_company_lists
from api.users.models import User


async def provision_company(db: AsyncSession, company: Company) -> None:
    """Give a new company its settings row and its own copy of the system-standard lists."""
    db.add(CompanySettings(company_id=company.id))
    await seed_company_lists(db, company.id)
    await db.flush()


async def get_settings_row(db: AsyncSession, company_id) -> CompanySettings:
    row = await db.scalar(select(CompanySettings).where(CompanySettings.company_id == company_id))
    if row is None:
        row = CompanySettings(company_id=company_id)
        db.add(row)
        await db.flush()
    return row


async def count_active_stores(db: AsyncSession, company_id) -> int:
    return await db.scalar(
        select(func.count()).select_from(Store).where(Store.company_id == company_id, Store.is_active)
    ) or 0


async def count_active_users(db: AsyncSession, company_id) -> int:
    return await db.scalar(
        select(func.count()).select_from(User).where(User.company_id == company_id, User.is_active)
    ) or 0


def trial_days_remaining(company: Company, now: datetime | None = None) -> int | None:
    """Whole days left of a running trial (rounded up); None when the company is not on trial."""
    if company.subscription_status != "trial" or company.trial_ends_at is None:
        return None
    left = company.trial_ends_at - (now or datetime.now(tz=UTC))
    return max(0, math.ceil(left.total_seconds() / 86400))


def max_facilities(company: Company) -> int | None:
    """The platform's override, else the limit of the plan in force; None = unlimited."""
    if company.max_facilities_override is not None:
        return company.max_facilities_override
    return plans.get_plan(effective_plan(company)).max_facilities


def billing(company: Company, locations: int, users: int) -> dict:
    """What the company pays per month at its plan's prices (spec 3 section 9)."""
    cost = plans.monthly_cost(company.subscription_plan, locations, users)
    return {
        "monthly_total": cost["monthly_total"],
        "current_locations": locations,
        "current_users": users,
        "billing_breakdown": {"location_cost": cost["location_cost"], "user_cost": cost["user_cost"]},
    }
