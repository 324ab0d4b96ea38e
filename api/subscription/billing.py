"""Plan changes, cancellation and the monthly subscription invoice, charged through the provider.

Rules (issue 16; where the spec is silent, decided here):
- An upgrade (a plan that costs more) takes effect once paid or approved, as the platform setting
  plan_upgrade_requires says (issue 31): with `payment` the month's invoice at the new plan's
  price is charged through the provider at once and the plan applies when the charge succeeds;
  otherwise the change is pending (companies.pending_plan) until a platform admin approves it
  (GET /api/admin/plan-changes). A downgrade applies at once, but is refused while the company
  uses more active locations or users than the smaller plan allows (the reason names both).
- Choosing a plan during the trial ends the trial: the company becomes a paying one.
- A cancellation takes effect at the end of the current calendar month (company time zone);
  until then choosing the current plan again keeps the subscription.
- One invoice per company and calendar month, at the plan's prices for the active locations and
  users when it is made (no proration). It is charged through the payment provider; with none
  configured it stays open. A failed charge marks the company past_due and raises an alert.
Every change is written to subscription_changes and the audit log. The company row is locked
(SELECT ... FOR UPDATE) for a change, so two changes, or a change and an Add User, never race.
"""
from __future__ import annotations

import asyncio
import calendar
import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit.service import audit
from api.kit.calendar import company_today
from api.kit.errors import Conflict, DomainError, Invalid, NotFound
from api.subscription import plans
from api.subscription import service as companies
from api.subscription.payments import NOT_CONFIGURED, PaymentProvider, get_provider
from api.subscription.schemas import SubscriptionRead
from api.subscription.service import effective_plan
from api.tables.alerts import Alert
from api.tables.companies import Company
from api.tables.settings import PlatformSettings
from api.tables.stores import Store
from api.tables.subscription import PlanSetting, SubscriptionChange, SubscriptionInvoice
from api.tables.users import User

RANK = {"core": 0, "pro": 1, "enterprise": 2}


@dataclass
class ChangeOutcome:
    message: str
    action: str
    invoice: SubscriptionInvoice | None
    company: Company


async def subscription_read(db: AsyncSession, company: Company) -> SubscriptionRead:
    """The company's subscription (service.current_subscription) with its billing state."""
    base = await companies.current_subscription(db, company)
    users = await companies.count_active_users(db, company.id)
    return base.model_copy(update={
        "cancel_at_period_end": company.cancel_at_period_end,
        "period_end": month_bounds(local_today(company))[1],
        "monthly_total": companies.monthly_cost(company.subscription_plan, base.current_facilities, users)[
            "monthly_total"],
        "current_users": users,
        "max_users": companies.max_users(company),
        "payment_provider_configured": get_provider() is not None,
        "pending_plan": company.pending_plan,
        "pending_plan_requested_at": company.pending_plan_requested_at,
    })


lock_company = companies.lock_company


async def active_plan_ids(db: AsyncSession) -> set[str]:
    off = set(await db.scalars(select(PlanSetting.plan_id).where(PlanSetting.is_active.is_(False))))
    return {p for p in plans.PLANS if p not in off}


def local_today(company: Company) -> date:
    return company_today(company)


def month_bounds(day: date) -> tuple[date, date]:
    return day.replace(day=1), day.replace(day=calendar.monthrange(day.year, day.month)[1])


def downgrade_blockers(plan: plans.Plan, locations: int, users: int) -> list[str]:
    reasons = []
    if plan.max_facilities is not None and locations > plan.max_facilities:
        reasons.append(f"at most {plan.max_facilities} active location{'s' if plan.max_facilities != 1 else ''} "
                       f"(you have {locations})")
    if plan.max_users is not None and users > plan.max_users:
        reasons.append(f"at most {plan.max_users} active users (you have {users})")
    return reasons


async def change_plan(db: AsyncSession, user: User, company: Company, plan_id: str, ip: str) -> ChangeOutcome:
    company = await lock_company(db, company.id)
    plan_id = (plan_id or "").strip().lower()
    if plan_id not in plans.PLANS:
        raise Invalid("plan: choose core, pro or enterprise")
    target = plans.PLANS[plan_id]
    current = company.subscription_plan
    on_trial = company.subscription_status == "trial"
    if plan_id == current and not on_trial:
        if company.cancel_at_period_end:
            company.cancel_at_period_end, company.canceled_at = False, None
            await _record(db, user, company, "resume", current, current, ip)
            return ChangeOutcome(f"Your {target.name} subscription continues; the cancellation was withdrawn",
                                 "resume", None, company)
        raise Conflict(f"You are already on the {target.name} plan")
    if plan_id not in await active_plan_ids(db):
        raise Invalid(f"plan: the {target.name} plan is not offered at the moment")
    locations = await companies.count_active_stores(db, company.id)
    users = await companies.count_active_users(db, company.id)
    in_force = plans.get_plan(effective_plan(company))
    if RANK[plan_id] < RANK[in_force.id]:
        blockers = downgrade_blockers(target, locations, users)
        if blockers:
            raise Conflict(f"You cannot move to the {target.name} plan yet: it allows " + " and ".join(blockers)
                           + ". Deactivate locations or users first.")
    action = "upgrade" if RANK[plan_id] > RANK[in_force.id] else "downgrade" if RANK[plan_id] < RANK[in_force.id] \
        else "convert"
    if action == "upgrade":
        # Costs more: it takes effect once paid or approved, as the platform decides (issue 31).
        return await _upgrade(db, user, company, plan_id, ip)
    return await _apply(db, user, company, plan_id, action, ip)


async def _apply(db: AsyncSession, user: User, company: Company, plan_id: str, action: str, ip: str,
                 *, charged: SubscriptionInvoice | None = None) -> ChangeOutcome:
    """Put the plan in force: the trial ends, a cancellation is withdrawn, the month is invoiced."""
    current = company.subscription_plan
    company.subscription_plan = plan_id
    company.pending_plan, company.pending_plan_requested_at = None, None
    if company.subscription_status == "trial":
        company.subscription_status, company.account_type, company.trial_ends_at = "active", "paid", None
    company.cancel_at_period_end, company.canceled_at = False, None
    await _record(db, user, company, action, current, plan_id, ip)
    invoice = charged or await ensure_invoice(db, company, local_today(company))
    provider = get_provider()
    if provider is not None and invoice.status in ("open", "failed"):
        await charge(db, company, invoice, provider)
    verb = {"upgrade": "upgraded to", "downgrade": "moved to", "convert": "now on"}[action]
    return ChangeOutcome(f"Your subscription is {verb} the {plans.get_plan(plan_id).name} plan", action, invoice,
                         company)


async def _upgrade(db: AsyncSession, user: User, company: Company, plan_id: str, ip: str) -> ChangeOutcome:
    """With `payment`, the month at the new plan's price is charged now and the plan applies when
    the charge succeeds; otherwise (no provider, a declined charge, a month already paid at the old
    plan, or `approval`) the change waits for a platform admin (GET /api/admin/plan-changes)."""
    target = plans.get_plan(plan_id)
    if company.pending_plan == plan_id:
        raise Conflict(f"Your change to the {target.name} plan is already waiting")
    requires = await db.scalar(select(PlatformSettings.plan_upgrade_requires).where(PlatformSettings.id == 1)) \
        or "payment"
    provider = get_provider()
    declined = None
    if requires == "payment" and provider is not None:
        invoice, declined = await _charge_upgrade(db, company, plan_id, provider)
        if invoice is not None:
            return await _apply(db, user, company, plan_id, "upgrade", ip, charged=invoice)
    company.pending_plan, company.pending_plan_requested_at = plan_id, datetime.now(tz=UTC)
    await _record(db, user, company, "upgrade_requested", company.subscription_plan, plan_id, ip)
    db.add(Alert(company_id=company.id, alert_type="plan_change_pending",
                 message=f"{company.name} asks to move to {target.name} ({company.subscription_plan} to {plan_id})"))
    await db.flush()
    why = "the payment for it goes through" if requires == "payment" else "the platform approves it"
    message = f"Your change to the {target.name} plan takes effect once {why}"
    if declined:
        message = f"The payment did not go through ({declined}). {message}"
    return ChangeOutcome(message, "pending", None, company)


async def _charge_upgrade(db: AsyncSession, company: Company, plan_id: str,
                          provider: PaymentProvider) -> tuple[SubscriptionInvoice | None, str | None]:
    """Charge this month at `plan_id`'s price; the month's invoice (made or re-priced) only when paid.

    A declined charge changes nothing (the company is not made past_due for an upgrade it asked
    for); a month already paid at the old plan is left to the platform (no proration)."""
    start, end = month_bounds(local_today(company))
    invoice = await db.scalar(select(SubscriptionInvoice).where(SubscriptionInvoice.company_id == company.id,
                                                                SubscriptionInvoice.period_start == start))
    if invoice is not None and invoice.status not in ("open", "failed"):
        return None, None
    locations = await companies.count_active_stores(db, company.id)
    users = await companies.count_active_users(db, company.id)
    amount = companies.monthly_cost(plan_id, locations, users)["monthly_total"]
    invoice_id = invoice.id if invoice is not None else uuid.uuid4()
    attempt = (invoice.attempts if invoice is not None else 0) + 1
    result = await asyncio.to_thread(
        provider.charge, customer=str(company.id), amount=amount,
        description=f"Flow {plans.get_plan(plan_id).name} {start:%B %Y}",
        idempotency_key=f"{invoice_id}:{attempt}:{plan_id}")
    if not result.succeeded:
        return None, result.failure or "declined"
    if invoice is None:
        invoice = SubscriptionInvoice(id=invoice_id, company_id=company.id,
                                      number=f"SUB-{start:%Y%m}-{str(company.id)[:8].upper()}", period_start=start,
                                      period_end=end)
        db.add(invoice)
    now = datetime.now(tz=UTC)
    invoice.plan, invoice.locations, invoice.users, invoice.amount = plan_id, locations, users, amount
    invoice.status, invoice.paid_at, invoice.failure_reason, invoice.attempts = "paid", now, None, attempt
    invoice.last_attempt_at, invoice.provider_ref = now, result.reference
    await db.flush()
    return invoice, None


async def pending_changes(db: AsyncSession) -> list[Company]:
    """Every company with a plan change waiting (system scope), oldest request first."""
    return list(await db.scalars(select(Company).where(Company.pending_plan.is_not(None))
                                 .order_by(Company.pending_plan_requested_at, Company.id)))


async def _waiting(db: AsyncSession, company_id: uuid.UUID) -> Company:
    """The company whose plan change the platform decides, locked; 404 for an unknown id (it was a
    500: the deep fuzz run's two untraced answers, issue 31)."""
    if await db.scalar(select(Company.id).where(Company.id == company_id)) is None:
        raise NotFound("Company not found")
    company = await lock_company(db, company_id)
    if company.pending_plan is None:
        raise Conflict("This company has no plan change waiting")
    return company


async def approve_pending(db: AsyncSession, admin: User, company_id: uuid.UUID, ip: str) -> ChangeOutcome:
    company = await _waiting(db, company_id)
    return await _apply(db, admin, company, company.pending_plan, "upgrade", ip)


async def decline_pending(db: AsyncSession, admin: User, company_id: uuid.UUID, ip: str) -> Company:
    company = await _waiting(db, company_id)
    await _record(db, admin, company, "upgrade_declined", company.subscription_plan, company.pending_plan, ip)
    company.pending_plan, company.pending_plan_requested_at = None, None
    await db.flush()
    return company


async def cancel(db: AsyncSession, user: User, company: Company, ip: str) -> tuple[str, date, Company]:
    company = await lock_company(db, company.id)
    _start, end = month_bounds(local_today(company))
    if company.subscription_status in ("canceled", "suspended"):
        raise Conflict("This subscription is not active")
    if company.cancel_at_period_end:
        raise Conflict(f"The subscription is already set to end on {end:%B %-d, %Y}")
    company.cancel_at_period_end, company.canceled_at = True, datetime.now(tz=UTC)
    await _record(db, user, company, "cancel", company.subscription_plan, company.subscription_plan, ip)
    return f"Your subscription will end on {end:%B %-d, %Y}; until then everything keeps working", end, company


async def _record(db: AsyncSession, user: User, company: Company, action: str, before: str, after: str,
                  ip: str) -> None:
    db.add(SubscriptionChange(company_id=company.id, user_id=user.id, action=action, from_plan=before,
                              to_plan=after, effective_at=datetime.now(tz=UTC)))
    await audit(db, f"subscription_{action}", company_id=company.id, user_id=user.id, ip=ip, before=before,
                after=after)
    if action in ("cancel", "downgrade"):
        db.add(Alert(company_id=company.id, alert_type=f"subscription_{action}",
                     message=f"{company.name} {'canceled' if action == 'cancel' else 'downgraded'} "
                             f"({before} to {after})"))
    await db.flush()


async def ensure_invoice(db: AsyncSession, company: Company, day: date) -> SubscriptionInvoice:
    """The invoice of `day`'s month, made once (unique per company and month)."""
    start, end = month_bounds(day)
    found = await db.scalar(select(SubscriptionInvoice).where(SubscriptionInvoice.company_id == company.id,
                                                              SubscriptionInvoice.period_start == start))
    if found is not None:
        return found
    locations = await companies.count_active_stores(db, company.id)
    users = await companies.count_active_users(db, company.id)
    cost = companies.monthly_cost(company.subscription_plan, locations, users)
    invoice = SubscriptionInvoice(
        company_id=company.id, number=f"SUB-{start:%Y%m}-{str(company.id)[:8].upper()}", period_start=start,
        period_end=end, plan=company.subscription_plan, locations=locations, users=users,
        amount=cost["monthly_total"], status="open", attempts=0)
    db.add(invoice)
    await db.flush()
    return invoice


async def charge(db: AsyncSession, company: Company, invoice: SubscriptionInvoice,
                 provider: PaymentProvider | None) -> SubscriptionInvoice:
    """Charge an open or failed invoice once; the outcome is stored on it and on the company."""
    if provider is None:
        raise DomainError(NOT_CONFIGURED, 409)
    if invoice.status not in ("open", "failed"):
        raise Conflict(f"Invoice {invoice.number} is {invoice.status}")
    invoice.attempts += 1
    invoice.last_attempt_at = datetime.now(tz=UTC)
    result = await asyncio.to_thread(
        provider.charge, customer=str(company.id), amount=invoice.amount,
        description=f"Flow {plans.get_plan(invoice.plan).name} {invoice.period_start:%B %Y}",
        idempotency_key=f"{invoice.id}:{invoice.attempts}")
    invoice.provider_ref = result.reference or invoice.provider_ref
    if result.succeeded:
        invoice.status, invoice.paid_at, invoice.failure_reason = "paid", datetime.now(tz=UTC), None
        company.last_payment_failed = False
        if company.subscription_status == "past_due":
            company.subscription_status = "active"
    else:
        invoice.status, invoice.failure_reason = "failed", result.failure
        company.payment_failure_count += 1
        company.last_payment_failed = True
        if company.subscription_status == "active":
            company.subscription_status = "past_due"
        db.add(Alert(company_id=company.id, alert_type="payment_failed",
                     message=f"Payment failed for {company.name}: {invoice.number} ${invoice.amount} "
                             f"({result.failure})"))
    await db.flush()
    return invoice


async def invoices_of(db: AsyncSession, company_id: uuid.UUID) -> list[SubscriptionInvoice]:
    return list(await db.scalars(select(SubscriptionInvoice).where(SubscriptionInvoice.company_id == company_id)
                                 .order_by(SubscriptionInvoice.period_start.desc())))


async def counts(db: AsyncSession, company_id: uuid.UUID) -> tuple[int, int]:
    stores = await db.scalar(select(func.count()).select_from(Store).where(Store.company_id == company_id,
                                                                           Store.is_active)) or 0
    users = await db.scalar(select(func.count()).select_from(User).where(User.company_id == company_id,
                                                                         User.is_active)) or 0
    return stores, users
