"""Platform billing, plans and system reports (spec 3 section 2.24).

Runs in the system scope (system_admin). The figures come from the warehouse: marts
platform_billing_monthly (revenue, billed MRR, failed payments and churn per month, from the
subscription invoices) and platform_customer_revenue (what each tenant pays a month under the
subscription in force); this module picks and sums their rows and says when the warehouse was
published. The invoice list (with Retry Payment) is the operational record, read from Postgres
so a retry shows at once.
"""
from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.admin import service
from api.kit.errors import DomainError, NotFound
from api.reports.spreadsheet import Column
from api.subscription import billing, plans
from api.subscription import service as subscriptions
from api.subscription.payments import NOT_CONFIGURED, get_provider
from api.tables.alerts import Alert
from api.tables.companies import Company
from api.tables.email_alerts import EmailAlertSend
from api.tables.settings import PlatformSettings
from api.tables.subscription import PlanSetting, SubscriptionInvoice
from api.warehouse import last_refreshed_at, read_warehouse, rows

MONTHS = 12


def _month(d: date) -> str:
    return f"{d:%Y-%m}"


def _first_of_month(today: date, back: int) -> date:
    year, month = divmod(today.year * 12 + today.month - 1 - back, 12)
    return date(year, month + 1, 1)


def _warehouse(query: str, params: list | None = None) -> tuple[list[dict], datetime | None]:
    with read_warehouse() as con:
        return rows(con, query, params or []), last_refreshed_at(con)


def billing_months(months: int = MONTHS) -> tuple[list[dict], datetime | None]:
    """The last `months` months of platform_billing_monthly, oldest first."""
    since = _first_of_month(datetime.now(tz=UTC).date(), months - 1)
    return _warehouse("select * from marts.platform_billing_monthly where month_start >= ? order by month_start",
                      [since])


async def overview(db: AsyncSession) -> dict:
    (totals,), refreshed = _warehouse("""
        select coalesce(sum(revenue), 0) as revenue, coalesce(sum(failed_payments), 0) as failed
        from marts.platform_billing_monthly""")
    (in_force,), _ = _warehouse("""
        select coalesce(sum(monthly_revenue), 0) as mrr, count(*) filter (where is_paying) as paying
        from marts.platform_customer_revenue where approval_status = 'approved'""")
    months, _ = billing_months()
    this_month = _first_of_month(datetime.now(tz=UTC).date(), 0)
    latest = next((m for m in reversed(months) if m["month_start"] <= this_month), None)
    names = {c.id: c.name for c in await db.scalars(select(Company))}
    recent = list(await db.scalars(select(SubscriptionInvoice)
                                   .order_by(SubscriptionInvoice.updated_at.desc()).limit(25)))
    return {
        "total_revenue": Decimal(totals["revenue"]),
        "monthly_recurring_revenue": Decimal(in_force["mrr"]),
        "failed_payments": int(totals["failed"]),
        "churn_rate": Decimal(latest["churn_rate_percent"] or 0) if latest else Decimal(0),
        "churn_month": _month(latest["month_start"]) if latest else None,
        "customers_lost": latest["customers_lost"] if latest else 0,
        "paying_customers": int(in_force["paying"]),
        "revenue_by_month": [{"month": _month(m["month_start"]), "revenue": m["revenue"], "mrr": m["billed_amount"],
                              "failed": m["failed_payments"], "churn_rate": m["churn_rate_percent"],
                              "customers_lost": m["customers_lost"]} for m in months],
        "transactions": [_transaction(i, names) for i in recent],
        "payment_provider_configured": get_provider() is not None,
        "warehouse_refreshed_at": refreshed,
    }


def _transaction(i: SubscriptionInvoice, names: dict) -> dict:
    return {"id": i.id, "number": i.number, "company_id": i.company_id, "customer": names.get(i.company_id, "?"),
            "amount": i.amount, "status": i.status, "period": _month(i.period_start), "attempts": i.attempts,
            "failure_reason": i.failure_reason, "date": i.paid_at or i.last_attempt_at or i.created_at}


async def retry(db: AsyncSession, invoice_id: uuid.UUID) -> dict:
    invoice = await db.get(SubscriptionInvoice, invoice_id)
    if invoice is None:
        raise NotFound("Invoice not found")
    company = await billing.lock_company(db, invoice.company_id)
    await billing.charge(db, company, invoice, get_provider())
    return _transaction(invoice, {company.id: company.name})


async def retry_all(db: AsyncSession) -> dict[str, int]:
    """Charge every failed subscription invoice again; how many were retried, paid and failed again."""
    if get_provider() is None:
        raise DomainError(NOT_CONFIGURED, 409)
    failed = list(await db.scalars(select(SubscriptionInvoice.id).where(SubscriptionInvoice.status == "failed")
                                   .order_by(SubscriptionInvoice.period_start, SubscriptionInvoice.number)))
    results = [await retry(db, invoice_id) for invoice_id in failed]
    return {"retried": len(results), "paid": sum(r["status"] == "paid" for r in results),
            "failed": sum(r["status"] == "failed" for r in results)}


async def plan_table(db: AsyncSession) -> list[dict]:
    active = await billing.active_plan_ids(db)
    found, _ = _warehouse("""
        select subscription_plan,
               count(*) filter (where subscription_status <> 'canceled') as customers,
               count(*) filter (where is_paying) as paying_customers,
               count(*) filter (where subscription_status = 'trial') as trial_customers,
               coalesce(sum(monthly_revenue), 0) as monthly_revenue
        from marts.platform_customer_revenue where approval_status = 'approved'
        group by subscription_plan""")
    per_plan = {r["subscription_plan"]: r for r in found}
    rows_ = []
    for plan in plans.PLANS.values():
        figures = per_plan.get(plan.id, {})
        rows_.append({
            "id": plan.id, "name": plan.name, "price": plan.price_per_facility, "price_per_user": plan.price_per_user,
            "price_terms": plans.price_terms(plan), "max_users": plan.max_users, "max_facilities": plan.max_facilities, "features": list(plan.features),
            "active": plan.id in active, "customers": figures.get("customers", 0),
            "paying_customers": figures.get("paying_customers", 0),
            "trial_customers": figures.get("trial_customers", 0),
            "monthly_revenue": Decimal(figures.get("monthly_revenue", 0)),
        })
    return rows_


async def set_plan_active(db: AsyncSession, plan_id: str, active: bool) -> list[dict]:
    if plan_id not in plans.PLANS:
        raise NotFound("Plan not found")
    row = await db.get(PlanSetting, plan_id)
    if row is None:
        row = PlanSetting(plan_id=plan_id)
        db.add(row)
    row.is_active = active
    await db.flush()
    return await plan_table(db)


async def system_health(db: AsyncSession) -> dict:
    day = timedelta(days=1)
    now = datetime.now(tz=UTC)
    tickets_per_day: list[dict] = []
    refreshed = None
    try:
        with read_warehouse() as con:
            refreshed = last_refreshed_at(con)
            tickets_per_day = rows(con, """
                select local_date as day, sum(ticket_count) as tickets, sum(net_weight_lb) as net_weight_lb
                from marts.ticket_facts_daily where local_date >= current_date - 13
                group by local_date order by local_date""", [])
    except Exception:  # noqa: BLE001 - before the first publish there is no warehouse to read
        tickets_per_day = []
    from api.tables.tickets import Ticket

    late = await db.scalar(select(func.count()).select_from(Ticket).where(
        Ticket.created_at >= now - day, Ticket.created_at - Ticket.ticket_at > timedelta(minutes=10)))
    mail_failed = await db.scalar(select(func.count()).select_from(EmailAlertSend).where(
        EmailAlertSend.status == "failed", EmailAlertSend.created_at >= now - day))
    pay_failed = await db.scalar(select(func.count()).select_from(SubscriptionInvoice).where(
        SubscriptionInvoice.status == "failed", SubscriptionInvoice.last_attempt_at >= now - day))
    alerts_unread = await db.scalar(select(func.count()).select_from(Alert).where(Alert.is_read.is_(False)))
    age = (now - refreshed).total_seconds() / 60 if refreshed else None
    return {
        "tickets_per_day": tickets_per_day,
        "warehouse_refreshed_at": refreshed,
        "warehouse_age_minutes": round(age, 1) if age is not None else None,
        "offline_tickets_synced_24h": late or 0,
        "failed_report_mails_24h": mail_failed or 0,
        "failed_payments_24h": pay_failed or 0,
        "unread_alerts": alerts_unread or 0,
    }


REPORTS = {
    "revenue": "Revenue by month",
    "customers": "Customers",
    "plans": "Plans",
    "transactions": "Subscription invoices",
}


async def report_table(db: AsyncSession, kind: str) -> tuple[str, list[Column], list[list]]:
    if kind == "revenue":
        months, _ = _warehouse("select * from marts.platform_billing_monthly order by month_start")
        return REPORTS[kind], [Column("Month", width=10), Column("Revenue (paid, USD)", "money"),
                               Column("Billed (USD)", "money"), Column("Failed payments", "int"),
                               Column("Customers billed", "int"), Column("Customers lost", "int"),
                               Column("Churn (%)", "number")], [
            [_month(m["month_start"]), m["revenue"], m["billed_amount"], m["failed_payments"], m["customers_billed"],
             m["customers_lost"], m["churn_rate_percent"]]
            for m in months]
    if kind == "customers":
        tenants = await service.tenant_companies(db, approved_only=False)
        return REPORTS[kind], [Column("Company", width=28), Column("Email", width=28), Column("Plan"), Column("Status"),
                               Column("Approval"), Column("Locations", "int"), Column("Monthly revenue (USD)", "money"),
                               Column("Trial days left", "int"), Column("Payment failures", "int"),
                               Column("Created", "date")], [
            [t.name, t.email, t.subscription_plan, t.subscription_status, t.approval_status, t.store_count,
             t.monthly_revenue, t.trial_days_remaining, t.payment_failure_count,
             t.created_at.date() if t.created_at else None] for t in tenants]
    if kind == "plans":
        return REPORTS[kind], [Column("Plan"), Column("Price per location (USD)", "money"), Column("Active"),
                               Column("Customers", "int"), Column("Paying", "int"), Column("On trial", "int"),
                               Column("Monthly revenue (USD)", "money")], [
            [p["name"], p["price"], "yes" if p["active"] else "no", p["customers"], p["paying_customers"],
             p["trial_customers"], p["monthly_revenue"]] for p in await plan_table(db)]
    if kind == "transactions":
        names = {c.id: c.name for c in await db.scalars(select(Company))}
        invoices = await db.scalars(select(SubscriptionInvoice).order_by(SubscriptionInvoice.period_start.desc(),
                                                                         SubscriptionInvoice.number))
        return REPORTS[kind], [Column("Invoice", width=20), Column("Customer", width=28), Column("Period", width=10),
                               Column("Plan"), Column("Amount (USD)", "money"), Column("Status"),
                               Column("Attempts", "int"), Column("Failure", width=30)], [
            [i.number, names.get(i.company_id, ""), _month(i.period_start), i.plan, i.amount, i.status, i.attempts,
             i.failure_reason] for i in invoices]
    raise NotFound("Report not found")


async def pending_plan_changes(db: AsyncSession) -> dict:
    """Plan changes that cost more and wait (oldest first), with the month's price before and after."""
    requires = await db.scalar(select(PlatformSettings.plan_upgrade_requires).where(PlatformSettings.id == 1))
    changes = []
    for company in await billing.pending_changes(db):
        locations, users = await billing.counts(db, company.id)
        changes.append({
            "company_id": company.id, "company_name": company.name, "current_plan": company.subscription_plan,
            "subscription_status": company.subscription_status, "pending_plan": company.pending_plan,
            "requested_at": company.pending_plan_requested_at,
            "monthly_total_now": subscriptions.monthly_cost(company.subscription_plan, locations, users)[
                "monthly_total"],
            "monthly_total_after": subscriptions.monthly_cost(company.pending_plan, locations, users)[
                "monthly_total"],
        })
    return {"changes": changes, "plan_upgrade_requires": requires or "payment"}
