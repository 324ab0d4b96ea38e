"""Plans (public), the company's subscription and its monthly bill; the rules are in service.py,
plan changes, cancellation and invoices in billing.py."""
from __future__ import annotations

from fastapi import APIRouter, Depends, Request

from api.access.deps import AdminUser, CurrentCompany, Public, require_roles
from api.core.deps import Db
from api.ratelimit.service import client_ip
from api.subscription import billing, plans, service
from api.subscription.payments import NOT_CONFIGURED, get_provider
from api.subscription.schemas import (
    BillingRead,
    CancelResult,
    PlanChangeRequest,
    PlanChangeResult,
    PlanList,
    SubscriptionInvoiceList,
    SubscriptionInvoiceRead,
    SubscriptionRead,
)

router = APIRouter(tags=["subscription"])


@router.get("/subscription/plans", response_model=PlanList, dependencies=[Public])
async def list_plans(db: Db) -> PlanList:
    """The plans on offer (a plan the platform switched off is not offered at sign-up)."""
    active = await billing.active_plan_ids(db)
    return PlanList(plans=[service.plan_read(p) for p in plans.PLANS.values() if p.id in active])


@router.get("/subscription/current", response_model=SubscriptionRead)
async def get_current_subscription(db: Db, company: CurrentCompany) -> SubscriptionRead:
    return await billing.subscription_read(db, company)


@router.get("/billing/calculate", response_model=BillingRead,
            dependencies=[Depends(require_roles("store_admin"))])
async def calculate_billing(db: Db, company: CurrentCompany) -> BillingRead:
    """This month's bill at the plan's prices: per active location, plus per active user on pro."""
    return await service.calculate_billing(db, company)


@router.get("/subscription/invoices", response_model=SubscriptionInvoiceList)
async def list_subscription_invoices(db: Db, _admin: AdminUser, company: CurrentCompany) -> SubscriptionInvoiceList:
    """The invoice history of the company's own subscription."""
    configured = get_provider() is not None
    return SubscriptionInvoiceList(
        invoices=[SubscriptionInvoiceRead.model_validate(i) for i in await billing.invoices_of(db, company.id)],
        payment_provider_configured=configured, payment_provider_note=None if configured else NOT_CONFIGURED)


@router.post("/subscription/change-plan", response_model=PlanChangeResult)
async def change_plan(body: PlanChangeRequest, request: Request, db: Db, admin: AdminUser,
                      company: CurrentCompany) -> PlanChangeResult:
    """A plan that costs more takes effect once paid or approved (platform setting plan_upgrade_requires;
    action `pending` until then); a downgrade applies at once, refused (409, with the reason) while
    usage exceeds the smaller plan."""
    outcome = await billing.change_plan(db, admin, company, body.plan, client_ip(request))
    return PlanChangeResult(
        message=outcome.message, action=outcome.action,
        subscription=await billing.subscription_read(db, outcome.company),
        invoice=SubscriptionInvoiceRead.model_validate(outcome.invoice) if outcome.invoice else None,
        payment_provider_configured=get_provider() is not None)


@router.post("/subscription/cancel", response_model=CancelResult)
async def cancel_subscription(request: Request, db: Db, admin: AdminUser, company: CurrentCompany) -> CancelResult:
    """Ends the subscription at the end of the current month."""
    message, ends_on, company = await billing.cancel(db, admin, company, client_ip(request))
    return CancelResult(message=message, ends_on=ends_on, subscription=await billing.subscription_read(db, company))
