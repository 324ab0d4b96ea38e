"""Platform billing, plans and system reports (spec 3 section 2.24), from the subscription records.

Runs in the system scope (system_admin). Revenue is what subscription invoices were paid; MRR of
a month is what the invoices of that month bill; the MRR in force is the plan-table price of every
paying tenant now (the dashboard's Monthly Revenue). Churn of the last 30 days: tenants whose
subscription was canceled in that window over the paying tenants at its start.
"""
from __future__ import annotations

import csv
import io
import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from sqlalchemy import case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.admin import service
from api.kit.errors import DomainError, NotFound
from api.kit.spreadsheet import safe_cell
from api.subscription import billing, plans
from api.subscription.payments import NOT_CONFIGURED, get_provider
from api.tables.alerts import Alert
from api.tables.companies import Company
from api.tables.email_alerts import EmailAlertSend
from api.tables.subscription import PlanSetting, SubscriptionChange, SubscriptionInvoice

MONTHS = 12


def _month(d: date) -> str:
    return f"{d:%Y-%m}"


async def overview(db: AsyncSession) -> dict:
    tenants = await service.tenant_companies(db, approved_only=True)
    mrr = sum(t.monthly_revenue for t in tenants)
    since = datetime.now(tz=UTC) - timedelta(days=30)
    paid_total = await db.scalar(select(func.coalesce(func.sum(SubscriptionInvoice.amount), 0))
                                 .where(SubscriptionInvoice.status == "paid"))
    failed = await db.scalar(select(func.count()).select_from(SubscriptionInvoice)
                             .where(SubscriptionInvoice.status == "failed"))
    canceled = await db.scalar(select(func.count(func.distinct(SubscriptionChange.company_id)))
                               .where(SubscriptionChange.action == "cancel", SubscriptionChange.created_at >= since))
    paying_now = sum(1 for t in tenants if t.subscription_status in service.PAYING)
    base = paying_now + (canceled or 0)
    start = (date.today().replace(day=1) - timedelta(days=31 * (MONTHS - 1))).replace(day=1)
    by_month = (await db.execute(
        select(SubscriptionInvoice.period_start,
               func.sum(case((SubscriptionInvoice.status == "paid", SubscriptionInvoice.amount), else_=0)),
               func.sum(case((SubscriptionInvoice.status != "void", SubscriptionInvoice.amount), else_=0)),
               func.sum(case((SubscriptionInvoice.status == "failed", 1), else_=0)))
        .where(SubscriptionInvoice.period_start >= start)
        .group_by(SubscriptionInvoice.period_start).order_by(SubscriptionInvoice.period_start))).all()
    names = {t.id: t.name for t in await service.tenant_companies(db, approved_only=False)}
    recent = list(await db.scalars(select(SubscriptionInvoice)
                                   .order_by(SubscriptionInvoice.updated_at.desc()).limit(25)))
    return {
        "total_revenue": Decimal(paid_total or 0),
        "monthly_recurring_revenue": Decimal(mrr),
        "failed_payments": failed or 0,
        "churn_rate": round(Decimal(100 * (canceled or 0)) / base, 1) if base else Decimal(0),
        "canceled_last_30_days": canceled or 0,
        "paying_customers": paying_now,
        "revenue_by_month": [{"month": _month(m), "revenue": paid or 0, "mrr": billed or 0, "failed": nf or 0}
                             for m, paid, billed, nf in by_month],
        "transactions": [_transaction(i, names) for i in recent],
        "payment_provider_configured": get_provider() is not None,
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
    failed = [t for t in (await overview(db))["transactions"] if t["status"] == "failed"]
    results = [await retry(db, t["id"]) for t in failed]
    return {"retried": len(results), "paid": sum(r["status"] == "paid" for r in results),
            "failed": sum(r["status"] == "failed" for r in results)}


async def plan_table(db: AsyncSession) -> list[dict]:
    active = await billing.active_plan_ids(db)
    tenants = await service.tenant_companies(db, approved_only=True)
    rows = []
    for plan in plans.PLANS.values():
        on_plan = [t for t in tenants if t.subscription_plan == plan.id and t.subscription_status != "canceled"]
        rows.append({
            "id": plan.id, "name": plan.name, "price": plan.price_per_facility, "price_per_user": plan.price_per_user,
            "max_users": plan.max_users, "max_facilities": plan.max_facilities, "features": list(plan.features),
            "active": plan.id in active, "customers": len(on_plan),
            "paying_customers": sum(1 for t in on_plan if t.subscription_status in service.PAYING),
            "trial_customers": sum(1 for t in on_plan if t.subscription_status == "trial"),
            "monthly_revenue": Decimal(sum(t.monthly_revenue for t in on_plan)),
        })
    return rows


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
    from api.analytics.warehouse import last_refreshed_at, read_warehouse, rows

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


async def report_table(db: AsyncSession, kind: str) -> tuple[str, list[str], list[list]]:
    if kind == "revenue":
        data = (await overview(db))["revenue_by_month"]
        return REPORTS[kind], ["Month", "Revenue (paid, USD)", "Billed (USD)", "Failed payments"], [
            [r["month"], r["revenue"], r["mrr"], r["failed"]] for r in data]
    if kind == "customers":
        tenants = await service.tenant_companies(db, approved_only=False)
        return REPORTS[kind], ["Company", "Email", "Plan", "Status", "Approval", "Locations", "Monthly revenue (USD)",
                               "Trial days left", "Payment failures", "Created"], [
            [t.name, t.email or "", t.subscription_plan, t.subscription_status, t.approval_status, t.store_count,
             t.monthly_revenue, t.trial_days_remaining if t.trial_days_remaining is not None else "",
             t.payment_failure_count, f"{t.created_at:%Y-%m-%d}" if t.created_at else ""] for t in tenants]
    if kind == "plans":
        return REPORTS[kind], ["Plan", "Price per location (USD)", "Active", "Customers", "Paying", "On trial",
                               "Monthly revenue (USD)"], [
            [p["name"], p["price"], "yes" if p["active"] else "no", p["customers"], p["paying_customers"],
             p["trial_customers"], p["monthly_revenue"]] for p in await plan_table(db)]
    if kind == "transactions":
        names = {c.id: c.name for c in await db.scalars(select(Company))}
        invoices = await db.scalars(select(SubscriptionInvoice).order_by(SubscriptionInvoice.period_start.desc(),
                                                                         SubscriptionInvoice.number))
        return REPORTS[kind], ["Invoice", "Customer", "Period", "Plan", "Amount (USD)", "Status", "Attempts",
                               "Failure"], [
            [i.number, names.get(i.company_id, ""), _month(i.period_start), i.plan, i.amount, i.status, i.attempts,
             i.failure_reason or ""] for i in invoices]
    raise NotFound("Report not found")


def to_csv(header: list[str], rows: list[list]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows([[safe_cell(v) for v in r] for r in rows])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def to_xlsx(title: str, header: list[str], rows: list[list]) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = title[:31]
    ws.append(header)
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for r in rows:
        ws.append([float(v) if isinstance(v, Decimal) else safe_cell(v) for v in r])
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()
