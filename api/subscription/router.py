"""Plans (public), the company's subscription and its monthly bill; the rules are in service.py."""
from __future__ import annotations

from fastapi import APIRouter, Depends

from api.auth.deps import CurrentCompany, Public, require_roles
from api.core.deps import Db
from api.subscription import plans, service
from api.subscription.schemas import BillingRead, PlanList, SubscriptionRead

router = APIRouter(tags=["subscription"])


@router.get("/subscription/plans", response_model=PlanList, dependencies=[Public])
async def list_plans() -> PlanList:
    return PlanList(plans=[service.plan_read(p) for p in plans.PLANS.values()])


@router.get("/subscription/current", response_model=SubscriptionRead)
async def get_current_subscription(db: Db, company: CurrentCompany) -> SubscriptionRead:
    return await service.current_subscription(db, company)


@router.get("/billing/calculate", response_model=BillingRead,
            dependencies=[Depends(require_roles("store_admin"))])
async def calculate_billing(db: Db, company: CurrentCompany) -> BillingRead:
    """This month's bill at the plan's prices: per active location, plus per active user on pro."""
    return await service.calculate_billing(db, company)
