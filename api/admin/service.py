"""Platform administration: approvals, the tenant list, customer alerts, suspend and reactivate.

Every function here runs in the system scope (the caller is a system_admin), so queries name
the company explicitly; no tenant filter applies.
"""
from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.admin.schemas import (
    AccountStats,
    AdminUserName,
    ApprovalResult,
    CompanyEdit,
    PendingAccount,
    Tenant,
    TenantCompany,
    TenantSummary,
)
from api.audit.service import audit
from api.companies.schemas import CompanyAddress
from api.kit.errors import Conflict, NotFound
from api.subscription import service as subscription
from api.tables.alerts import Alert
from api.tables.companies import Company
from api.tables.stores import Store
from api.tables.users import User
from api.warehouse import read_warehouse


def _address(c: Company) -> str | None:
    city_line = " ".join(p for p in (c.address_state, c.address_zip) if p)
    parts = [p for p in (c.address_street, c.address_city, city_line) if p]
    return ", ".join(parts) or None


def _among(column, ids: list[uuid.UUID] | None) -> list:
    return [] if ids is None else [column.in_(ids)]


def company_filter(search: str | None, status: str | None) -> list:
    """The System Customers filters: part of the name or e-mail, and the subscription status."""
    where = []
    if search and search.strip():
        pattern = "%" + search.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        where.append(Company.name.ilike(pattern, escape="\\") | Company.email.ilike(pattern, escape="\\"))
    if status:
        where.append(Company.subscription_status == status)
    return where


async def count_companies(db: AsyncSession, search: str | None = None, status: str | None = None) -> int:
    return await db.scalar(select(func.count()).select_from(Company).where(*company_filter(search, status))) or 0


async def _counts(db: AsyncSession, column, *conditions) -> dict[uuid.UUID, int]:
    rows = await db.execute(select(column, func.count()).where(*conditions).group_by(column))
    return dict(rows.all())


def customer_revenue() -> dict[uuid.UUID, int]:
    """What each tenant pays a month under the subscription in force, in whole dollars, from the
    warehouse (mart platform_customer_revenue: nothing on trial, suspended or canceled). A tenant
    newer than the last publish is not there yet and shows 0 until the next refresh."""
    with read_warehouse() as con:
        found = con.execute("select company_id, monthly_revenue from marts.platform_customer_revenue").fetchall()
    return {uuid.UUID(company_id): int(revenue) for company_id, revenue in found}


async def get_company(db: AsyncSession, company_id: uuid.UUID) -> Company:
    company = await db.get(Company, company_id)
    if company is None:
        raise NotFound("Company not found")
    return company


async def pending_accounts(db: AsyncSession) -> list[PendingAccount]:
    pending = list(await db.scalars(
        select(Company).where(Company.approval_status == "pending").order_by(Company.created_at)
    ))
    ids = [c.id for c in pending]
    stores = await _counts(db, Store.company_id, Store.company_id.in_(ids))
    admins: dict[uuid.UUID, User] = {}
    for user in await db.scalars(
        select(User).where(User.company_id.in_(ids), User.role == "store_admin").order_by(User.created_at)
    ):
        admins.setdefault(user.company_id, user)
    return [
        PendingAccount(
            id=c.id, name=c.name, email=c.email, phone=c.phone, address=_address(c),
            admin_user=AdminUserName(first_name=a.first_name, last_name=a.last_name, email=a.email)
            if (a := admins.get(c.id)) else None,
            subscription_plan=c.subscription_plan, location_count=stores.get(c.id, 0), created_at=c.created_at,
        )
        for c in pending
    ]


async def account_stats(db: AsyncSession) -> AccountStats:
    by_status = await _counts(db, Company.approval_status)
    since = datetime.now(tz=UTC) - timedelta(days=30)
    recent = await db.scalar(select(func.count()).select_from(Company).where(Company.created_at >= since))
    return AccountStats(pending=by_status.get("pending", 0), approved=by_status.get("approved", 0),
                        rejected=by_status.get("rejected", 0), recent_signups_30_days=recent or 0)


async def decision_mail(db: AsyncSession, company_id: uuid.UUID,
                        result: ApprovalResult) -> tuple[str, str, str] | None:
    """(to, subject, text) telling the account's admin the decision; None when it has no admin."""
    recipient = await account_admin_email(db, company_id)
    if not recipient:
        return None
    email, first_name = recipient
    if result.approval_status == "approved":
        text = "Your Flow account has been approved. You can sign in now."
    else:
        text = "Your Flow account request was not approved." + (
            f"\nReason: {result.rejection_reason}" if result.rejection_reason else "")
    return email, f"Your Flow account was {result.approval_status}", f"Hello {first_name},\n\n{text}\n"


async def decide_account(db: AsyncSession, admin: User, company_id: uuid.UUID, action: str,
                         reason: str | None) -> ApprovalResult:
    """Approve or reject a pending sign-up; a rejected one may still be approved later."""
    company = await get_company(db, company_id)
    if action == "approve":
        if company.approval_status == "approved":
            raise Conflict("This account is already approved")
        company.approval_status, company.rejection_reason = "approved", None
        message = "Account has been approved successfully!"
    else:
        if company.approval_status != "pending":
            raise Conflict(f"Only a pending account can be rejected; this one is {company.approval_status}")
        company.approval_status = "rejected"
        company.rejection_reason = (reason or "").strip() or None
        message = "Account has been rejected successfully!"
    company.reviewed_at = datetime.now(tz=UTC)
    await audit(db, f"account_{company.approval_status}", company_id=company.id, user_id=admin.id,
                reason=company.rejection_reason or "")
    await db.flush()
    return ApprovalResult(id=company.id, approval_status=company.approval_status,
                          rejection_reason=company.rejection_reason, detail=message)


async def account_admin_email(db: AsyncSession, company_id: uuid.UUID) -> tuple[str, str] | None:
    admin = await db.scalar(select(User).where(User.company_id == company_id, User.role == "store_admin")
                            .order_by(User.created_at).limit(1))
    return (admin.email, admin.first_name) if admin else None


def _active_stores():
    return (select(func.count()).select_from(Store).where(Store.company_id == Company.id, Store.is_active)
            .scalar_subquery())


# The tenant table's sortable columns (the others come from the warehouse or the clock).
TENANT_SORTS = {"name": lambda: Company.name, "email": lambda: func.coalesce(Company.email, Company.billing_email),
                "store_count": _active_stores, "subscription_status": lambda: Company.subscription_status,
                "created_at": lambda: Company.created_at}


def _approved(approved_only: bool) -> list:
    return [Company.approval_status == "approved"] if approved_only else []


async def tenant_companies(db: AsyncSession, *, approved_only: bool, limit: int | None = None,
                           offset: int = 0, search: str | None = None, status: str | None = None,
                           sort: str = "name", order: str = "asc") -> list[TenantCompany]:
    """Tenant companies narrowed by the filters, by name unless `sort` names another column (ties by
    name, then id, so pages never overlap); one page of them when `limit` is given."""
    key = TENANT_SORTS[sort]()
    query = (select(Company).where(*company_filter(search, status), *_approved(approved_only))
             .order_by(key.desc() if order == "desc" else key.asc(), Company.name, Company.id)
             .limit(limit).offset(offset))
    rows = list(await db.scalars(query))
    ids = [c.id for c in rows] if limit is not None else None
    stores = await _counts(db, Store.company_id, Store.is_active, *_among(Store.company_id, ids))
    revenue = customer_revenue()
    return [
        TenantCompany(
            id=c.id, name=c.name, email=c.email or c.billing_email, store_count=stores.get(c.id, 0),
            subscription_status=c.subscription_status, subscription_plan=c.subscription_plan,
            monthly_revenue=revenue.get(c.id, 0),
            trial_days_remaining=subscription.trial_days_remaining(c), last_payment_failed=c.last_payment_failed,
            payment_failure_count=c.payment_failure_count, approval_status=c.approval_status,
            max_facilities=subscription.max_facilities(c), max_facilities_override=c.max_facilities_override,
            industry=c.industry, phone=c.phone,
            address=CompanyAddress(street=c.address_street, city=c.address_city, state=c.address_state,
                                   zip=c.address_zip),
            is_demo=c.is_demo, created_at=c.created_at,
        )
        for c in rows
    ]


async def list_tenants(db: AsyncSession, *, limit: int | None = None, offset: int = 0, search: str | None = None,
                       status: str | None = None, sort: str = "name", order: str = "asc") -> list[Tenant]:
    """The platform dashboard's tenants (approved companies); one page of them when `limit` is given."""
    return [Tenant(**c.model_dump(include=set(Tenant.model_fields)))
            for c in await tenant_companies(db, approved_only=True, limit=limit, offset=offset, search=search,
                                            status=status, sort=sort, order=order)]


async def count_tenants(db: AsyncSession, search: str | None = None, status: str | None = None) -> int:
    return await db.scalar(select(func.count()).select_from(Company)
                           .where(*company_filter(search, status), *_approved(True))) or 0


async def tenant_summary(db: AsyncSession) -> TenantSummary:
    """The dashboard's cards over every approved tenant, whatever page the table shows."""
    rows = (await db.execute(select(Company.id, Company.subscription_status).where(*_approved(True)))).all()
    revenue = customer_revenue()
    return TenantSummary(customers=len(rows), active=sum(1 for _, s in rows if s == "active"),
                         trial=sum(1 for _, s in rows if s == "trial"),
                         monthly_revenue=sum(revenue.get(i, 0) for i, _ in rows))


async def set_company_status(db: AsyncSession, admin: User, company_id: uuid.UUID, status: str) -> Company:
    """Suspend: every user of the company gets 401 from the next call on (current_user checks it).
    Reactivate: back to its trial while the trial has time left, else active."""
    company = await get_company(db, company_id)
    if status == "suspended":
        company.subscription_status = "suspended"
    elif company.account_type == "trial" and company.trial_ends_at and company.trial_ends_at > datetime.now(tz=UTC):
        company.subscription_status = "trial"
    else:
        company.subscription_status = "active"
    action = "company_suspended" if status == "suspended" else "company_reactivated"
    await audit(db, action, company_id=company.id, user_id=admin.id)
    db.add(Alert(company_id=company.id, alert_type=action,
                 message=f"{company.name} was {'suspended' if status == 'suspended' else 'reactivated'}"))
    await db.flush()
    return company


async def edit_company(db: AsyncSession, admin: User, company_id: uuid.UUID, body: CompanyEdit) -> Company:
    """Edit Company (spec 3 section 2.24): only the fields sent change; the change is audited with
    the fields' old and new values."""
    company = await get_company(db, company_id)
    changes = {}
    for name, value in body.model_dump(exclude_unset=True).items():
        if getattr(company, name) != value:
            changes[name] = {"from": getattr(company, name), "to": value}
            setattr(company, name, value)
    if changes:
        await audit(db, "company_edited", company_id=company.id, user_id=admin.id, record=changes)
        await db.flush()
    return company


async def latest_alerts(db: AsyncSession, limit: int = 10, offset: int = 0) -> tuple[list[Alert], int]:
    """(a page of the alerts, newest first; how many there are)."""
    page = list(await db.scalars(select(Alert).order_by(Alert.created_at.desc(), Alert.id).limit(limit).offset(offset)))
    return page, int(await db.scalar(select(func.count()).select_from(Alert)) or 0)


async def mark_alert_read(db: AsyncSession, alert_id: uuid.UUID) -> Alert:
    alert = await db.get(Alert, alert_id)
    if alert is None:
        raise NotFound("Alert not found")
    alert.is_read = True
    await db.flush()
    return alert
