"""Subscription rules: the plan in force, feature gates, limits, trial days and the monthly bill.

Everything else asks here; the plan table itself is api/subscription/plans.py.
"""
from __future__ import annotations

import math
from datetime import UTC, datetime
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.kit.errors import Forbidden
from api.subscription import plans
from api.subscription.schemas import BillingRead, PlanInfo, PlanRead, SubscriptionRead
from api.tables.companies import Company
from api.tables.settings import CompanySettings
from api.tables.stores import Store
from api.tables.users import User


def effective_plan(company: Company) -> str:
    """The plan whose features apply now: a running trial is pro; an ended trial is core."""
    if company.subscription_status == "trial":
        if company.trial_ends_at and company.trial_ends_at < datetime.now(tz=UTC):
            return "core"
        return plans.TRIAL_PLAN
    return company.subscription_plan


def plan_in_force(company: Company) -> plans.Plan:
    return plans.get_plan(effective_plan(company))


def has_feature(company: Company, feature: str) -> bool:
    """Whether the plan in force opens this gate (trials count as pro)."""
    return feature in plan_in_force(company).gates


def require_company_feature(company: Company, feature: str) -> None:
    """Refuses (403, with the plan's own wording) a feature the plan in force does not include."""
    if not has_feature(company, feature):
        raise Forbidden(plans.FEATURE_MESSAGES.get(feature, "Your plan does not include this feature"))


def max_facilities(company: Company) -> int | None:
    """The platform's override, else the limit of the plan in force; None = unlimited."""
    if company.max_facilities_override is not None:
        return company.max_facilities_override
    return plan_in_force(company).max_facilities


def max_users(company: Company) -> int | None:
    """Users the plan in force allows; None = unlimited."""
    return plan_in_force(company).max_users


def price_per_facility(company: Company) -> Decimal:
    """What one active location costs a month at the company's subscribed plan."""
    return plans.get_plan(company.subscription_plan).price_per_facility


def trial_days_remaining(company: Company, now: datetime | None = None) -> int | None:
    """Whole days left of a running trial (rounded up); None when the company is not on trial."""
    if company.subscription_status != "trial" or company.trial_ends_at is None:
        return None
    left = company.trial_ends_at - (now or datetime.now(tz=UTC))
    return max(0, math.ceil(left.total_seconds() / 86400))


def sb1383_enabled(company: Company, override: bool | None) -> bool:
    """The platform's override wins; otherwise the plan in force decides (pro and enterprise)."""
    if override is not None:
        return override
    return has_feature(company, plans.SB1383)


async def sb1383_override(db: AsyncSession, company: Company) -> bool | None:
    return await db.scalar(
        select(CompanySettings.sb1383_compliance_override).where(CompanySettings.company_id == company.id)
    )


def monthly_cost(plan_id: str, facilities: int, users: int) -> dict[str, Decimal]:
    plan = plans.get_plan(plan_id)
    location_cost = plan.price_per_facility * max(facilities, plan.minimum_facilities_billed)
    user_cost = plan.price_per_user * users
    return {"location_cost": location_cost, "user_cost": user_cost, "monthly_total": location_cost + user_cost}


async def count_active_stores(db: AsyncSession, company_id) -> int:
    return await db.scalar(
        select(func.count()).select_from(Store).where(Store.company_id == company_id, Store.is_active)
    ) or 0


async def count_active_users(db: AsyncSession, company_id) -> int:
    return await db.scalar(
        select(func.count()).select_from(User).where(User.company_id == company_id, User.is_active)
    ) or 0


async def lock_company(db: AsyncSession, company_id) -> Company:
    """Serialise changes that depend on the company's counts (plan, locations, users): the first
    takes its row FOR UPDATE until commit, the second waits and then counts what the first wrote."""
    return (await db.execute(select(Company).where(Company.id == company_id).with_for_update()
                             .execution_options(populate_existing=True))).scalar_one()


async def check_location_limit(db: AsyncSession, company: Company) -> None:
    """Refuses one more active location past the plan's (or the platform's) limit."""
    await lock_company(db, company.id)  # two adds at the last free location: one wins
    limit = max_facilities(company)
    if limit is not None and await count_active_stores(db, company.id) >= limit:
        raise Forbidden(f"Maximum locations ({limit}) reached for your plan")


async def check_user_limit(db: AsyncSession, company: Company) -> None:
    """Refuses one more active user past the limit of the plan in force."""
    await lock_company(db, company.id)  # two Add User calls at the last free seat: one wins
    plan = plan_in_force(company)
    if plan.max_users is not None and await count_active_users(db, company.id) >= plan.max_users:
        raise Forbidden(f"Maximum users ({plan.max_users}) reached for your {plan.id.upper()} plan")


def billing(company: Company, locations: int, users: int) -> dict:
    """What the company pays per month at its plan's prices (spec 3 section 9)."""
    cost = monthly_cost(company.subscription_plan, locations, users)
    return {
        "monthly_total": cost["monthly_total"],
        "current_locations": locations,
        "current_users": users,
        "billing_breakdown": {"location_cost": cost["location_cost"], "user_cost": cost["user_cost"]},
    }


async def calculate_billing(db: AsyncSession, company: Company) -> BillingRead:
    """This month's bill at the plan's prices: per active location, plus per active user on pro."""
    locations = await count_active_stores(db, company.id)
    users = await count_active_users(db, company.id)
    return BillingRead(**billing(company, locations, users))


def plan_read(plan: plans.Plan) -> PlanRead:
    return PlanRead(
        id=plan.id, name=plan.name, price=plan.price_per_facility, price_per_user=plan.price_per_user,
        price_terms=plans.price_terms(plan), description=plan.description, features=list(plan.features), max_users=plan.max_users,
        max_facilities=plan.max_facilities, has_trial=plan.has_trial,
    )


async def current_subscription(db: AsyncSession, company: Company) -> SubscriptionRead:
    """The company's plan, the gates open now (with the SB 1383 override) and its locations."""
    plan = plans.get_plan(company.subscription_plan)
    in_force = effective_plan(company)
    stores = (await db.execute(
        select(Store.id, Store.name).where(Store.is_active).order_by(Store.name)
    )).all()
    sb1383 = sb1383_enabled(company, await sb1383_override(db, company))
    features = set(plans.get_plan(in_force).gates)
    if sb1383:
        features.add(plans.SB1383)
    else:
        features.discard(plans.SB1383)
    return SubscriptionRead(
        current_plan=plan.id,
        plan_info=PlanInfo(id=plan.id, name=plan.name, price=plan.price_per_facility,
                           price_per_user=plan.price_per_user, price_terms=plans.price_terms(plan),
                           max_users=plan.max_users,
                           max_facilities=plan.max_facilities),
        subscription_status=company.subscription_status,
        account_type=company.account_type,
        current_facilities=len(stores),
        max_facilities=max_facilities(company),
        facilities=[{"id": s.id, "name": s.name} for s in stores],
        sb1383_compliance_enabled=sb1383,
        trial_days_remaining=trial_days_remaining(company),
        effective_plan=in_force,
        features=sorted(features),
    )
