"""Plans (public), the company's subscription and its monthly bill, all read from api/plans.py."""
from __future__ import annotations

from fastapi import APIRouter, Depends
from sqlalchemy import select

from api import plans
from api.companies import service as companies
from api.companies.models import Store
from api.core.deps import CurrentCompany, Db, Public, effective_plan, require_roles
from api.settings.service import sb1383_enabled
from api.subscription.schemas import BillingRead, PlanInfo, PlanList, PlanRead, SubscriptionRead

router = APIRouter(tags=["subscription"])


def _plan_read(plan: plans.Plan) -> PlanRead:
    return PlanRead(
        id=plan.id, name=plan.name, price=plan.price_per_facility, price_per_user=plan.price_per_user,
        description=plan.description, features=list(plan.features), max_users=plan.max_users,
        max_facilities=plan.max_facilities, has_trial=plan.has_trial,
    )


@router.get("/subscription/plans", response_model=PlanList, dependencies=[Public])
async def list_plans() -> PlanList:
    return PlanList(plans=[_plan_read(p) for p in plans.PLANS.values()])


@router.get("/subscription/current", response_model=SubscriptionRead)
async def get_current_subscription(db: Db, company: CurrentCompany) -> SubscriptionRead:
    plan = plans.get_plan(company.subscription_plan)
    in_force = effective_plan(company)
    stores = (await db.execute(
        select(Store.id, Store.name).where(Store.is_active).order_by(Store.name)
    )).all()
    settings_row = await companies.get_settings_row(db, company.id)
    features = set(plans.get_plan(in_force).gates)
    if sb1383_enabled(company, settings_row):
        features.add(plans.SB1383)
    else:
        features.discard(plans.SB1383)
    return SubscriptionRead(
        current_plan=plan.id,
        plan_info=PlanInfo(id=plan.id, name=plan.name, price=plan.price_per_facility,
                           price_per_user=plan.price_per_user, max_users=plan.max_users,
                           max_facilities=plan.max_facilities),
        subscription_status=company.subscription_status,
        account_type=company.account_type,
        current_facilities=len(stores),
        max_facilities=companies.max_facilities(company),
        facilities=[{"id": s.id, "name": s.name} for s in stores],
        sb1383_compliance_enabled=sb1383_enabled(company, settings_row),
        trial_days_remaining=companies.trial_days_remaining(company),
        effective_plan=in_force,
        features=sorted(features),
    )


@router.get("/billing/calculate", response_model=BillingRead,
            dependencies=[Depends(require_roles("store_admin"))])
async def calculate_billing(db: Db, company: CurrentCompany) -> BillingRead:
    """This month's bill at the plan's prices: per active location, plus per active user on pro."""
    locations = await companies.count_active_stores(db, company.id)
    users = await companies.count_active_users(db, company.id)
    return BillingRead(**companies.billing(company, locations, users))
