"""Platform administration (system_admin), plus the company's own account reset (store_admin)."""
from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Annotated, Literal

from fastapi import APIRouter, BackgroundTasks, Query, Request, Response

from api.access.deps import AdminUser, SystemAdmin
from api.admin import billing as platform_billing
from api.admin import resets, service
from api.admin.billing_schemas import (
    AdminPlanList,
    AdminPlanUpdate,
    BillingOverview,
    PendingPlanChangeList,
    PlanChangeDecision,
    ReportLink,
    RetryAllResult,
    SystemHealth,
    SystemReports,
    Transaction,
)
from api.admin.schemas import (
    AccountResetDone,
    AccountResetExecute,
    AccountResetRequested,
    AccountStats,
    AlertList,
    AlertRead,
    ApprovalDecision,
    ApprovalResult,
    CompanyEdit,
    CompanyStatusUpdate,
    CompleteResetDone,
    CompleteResetRequest,
    PendingAccountList,
    SeedDataStats,
    TenantCompany,
    TenantCompanyList,
    TenantList,
)
from api.core.deps import Db
from api.kit.errors import DomainError
from api.kit.fields import MAX_OFFSET
from api.mail.service import deliver
from api.ratelimit.service import client_ip
from api.reports.spreadsheet import SPREADSHEET_MIME, XLSX_MIME, csv_bytes, xlsx_bytes
from api.subscription import billing as subscription_billing

router = APIRouter(tags=["admin"])


@router.get("/admin/pending-accounts", response_model=PendingAccountList)
async def list_pending_accounts(db: Db, _root: SystemAdmin) -> PendingAccountList:
    return PendingAccountList(pending_accounts=await service.pending_accounts(db))


@router.get("/admin/account-stats", response_model=AccountStats)
async def get_account_stats(db: Db, _root: SystemAdmin) -> AccountStats:
    return await service.account_stats(db)


@router.post("/admin/approve-account/{company_id}", response_model=ApprovalResult)
async def approve_account(company_id: uuid.UUID, body: ApprovalDecision, db: Db, root: SystemAdmin,
                          tasks: BackgroundTasks) -> ApprovalResult:
    result = await service.decide_account(db, root, company_id, body.action, body.rejection_reason)
    mail = await service.decision_mail(db, company_id, result)
    if mail:
        tasks.add_task(deliver, *mail)
    return result


TenantStatus = Literal["trial", "active", "past_due", "suspended", "canceled"]


@router.get("/customers", response_model=TenantList)
async def list_tenants(
    db: Db, _root: SystemAdmin,
    limit: Annotated[int | None, Query(ge=1, le=1000, description="Rows of a page; none = every tenant")] = None,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
    search: Annotated[str | None, Query(max_length=100, description="Part of the name or e-mail")] = None,
    status: Annotated[TenantStatus | None, Query(description="Subscription status")] = None,
    sort_by: Annotated[Literal["name", "email", "store_count", "subscription_status", "created_at"],
                       Query(description="Column to sort by; ties by name")] = "name",
    sort_order: Literal["asc", "desc"] = "asc",
) -> TenantList:
    """The platform's tenants (the spec calls them customers and keeps this path); inbound waste
    customers are api/inbound's. `limit` from `offset` (every tenant without `limit`); `total`
    counts every match, `summary` every approved tenant (the dashboard's cards)."""
    customers = await service.list_tenants(db, limit=limit, offset=offset, search=search, status=status,
                                           sort=sort_by, order=sort_order)
    return TenantList(customers=customers, total=await service.count_tenants(db, search, status),
                      summary=await service.tenant_summary(db))


@router.get("/alerts", response_model=AlertList)
async def list_alerts(
    db: Db, _root: SystemAdmin,
    limit: Annotated[int, Query(ge=1, le=1000, description="The dashboard shows 10 a page")] = 10,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
) -> AlertList:
    """Customer alerts, newest first, `limit` from `offset`; `total` counts them all."""
    alerts, total = await service.latest_alerts(db, limit, offset)
    return AlertList(alerts=[AlertRead.model_validate(a) for a in alerts], total=total)


@router.put("/alerts/{alert_id}/read", response_model=AlertRead)
async def mark_alert_read(alert_id: uuid.UUID, db: Db, _root: SystemAdmin) -> AlertRead:
    return AlertRead.model_validate(await service.mark_alert_read(db, alert_id))


@router.get("/admin/companies", response_model=TenantCompanyList)
async def list_companies(
    db: Db, _root: SystemAdmin,
    limit: Annotated[int, Query(ge=1, le=1000)] = 500, offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
    search: Annotated[str | None, Query(max_length=100, description="Part of the name or e-mail")] = None,
    status: Annotated[TenantStatus | None, Query(description="Subscription status")] = None,
) -> TenantCompanyList:
    """Tenant companies by name, narrowed by the search and status, `limit` from `offset`; `total`
    counts every match."""
    companies = await service.tenant_companies(db, approved_only=False, limit=limit, offset=offset, search=search,
                                               status=status)
    return TenantCompanyList(companies=companies, total=await service.count_companies(db, search, status))


@router.put("/admin/companies/{company_id}", response_model=TenantCompany)
async def edit_company(company_id: uuid.UUID, body: CompanyEdit, db: Db, root: SystemAdmin) -> TenantCompany:
    await service.edit_company(db, root, company_id, body)
    return next(c for c in await service.tenant_companies(db, approved_only=False) if c.id == company_id)


@router.put("/admin/companies/{company_id}/status", response_model=TenantCompany)
async def set_company_status(company_id: uuid.UUID, body: CompanyStatusUpdate, db: Db,
                             root: SystemAdmin) -> TenantCompany:
    await service.set_company_status(db, root, company_id, body.subscription_status)
    return next(c for c in await service.tenant_companies(db, approved_only=False) if c.id == company_id)


@router.post("/admin/request-account-reset", response_model=AccountResetRequested)
async def request_account_reset(db: Db, admin: AdminUser) -> AccountResetRequested:
    to = await resets.send_account_reset(db, admin)
    return AccountResetRequested(sent_to=to, message=f"A verification token was sent to {to}")


@router.post("/admin/execute-account-reset", response_model=AccountResetDone)
async def execute_account_reset(body: AccountResetExecute, db: Db, admin: AdminUser) -> AccountResetDone:
    removed = await resets.execute_account_reset(db, admin, body.token)
    return AccountResetDone(message=f"Account reset completed! {removed['tickets_removed']} tickets removed.",
                            **removed)


@router.get("/admin/seed-data-stats", response_model=SeedDataStats)
async def get_seed_data_stats(db: Db, _root: SystemAdmin) -> SeedDataStats:
    return SeedDataStats(**await resets.seed_data_stats(db))


@router.post("/admin/complete-reset", response_model=CompleteResetDone)
async def complete_reset(body: CompleteResetRequest, db: Db, root: SystemAdmin) -> CompleteResetDone:
    if body.confirm_reset is not True:
        raise DomainError("Set confirm_reset to true to delete all demo data", 400)
    deleted = await resets.complete_reset(db, root)
    return CompleteResetDone(message=f"GO LIVE complete: {deleted['deleted_companies']} demo companies removed",
                             **deleted)


# ---- platform billing, plans and reports (system_admin) -----------------------------------------
@router.get("/admin/billing", response_model=BillingOverview)
async def get_platform_billing(db: Db, _root: SystemAdmin) -> BillingOverview:
    return BillingOverview(**await platform_billing.overview(db))


@router.post("/admin/billing/invoices/{invoice_id}/retry", response_model=Transaction)
async def retry_subscription_payment(invoice_id: uuid.UUID, db: Db, _root: SystemAdmin) -> Transaction:
    """Charge a failed (or open) subscription invoice again through the payment provider."""
    return Transaction(**await platform_billing.retry(db, invoice_id))


@router.post("/admin/billing/retry-all", response_model=RetryAllResult)
async def retry_all_failed_payments(db: Db, _root: SystemAdmin) -> RetryAllResult:
    return RetryAllResult(**await platform_billing.retry_all(db))


@router.get("/admin/plan-changes", response_model=PendingPlanChangeList)
async def list_pending_plan_changes(db: Db, _root: SystemAdmin) -> PendingPlanChangeList:
    """Plan changes that cost more and wait for payment or approval (platform setting
    plan_upgrade_requires), oldest request first."""
    return PendingPlanChangeList(**await platform_billing.pending_plan_changes(db))


@router.post("/admin/plan-changes/{company_id}/approve", response_model=PlanChangeDecision)
async def approve_plan_change(company_id: uuid.UUID, request: Request, db: Db, root: SystemAdmin) -> PlanChangeDecision:
    """Put the requested plan in force now (a trial becomes a paying subscription; the month is invoiced)."""
    outcome = await subscription_billing.approve_pending(db, root, company_id, client_ip(request))
    return PlanChangeDecision(message=outcome.message, company_id=company_id,
                              current_plan=outcome.company.subscription_plan, pending_plan=None)


@router.post("/admin/plan-changes/{company_id}/decline", response_model=PlanChangeDecision)
async def decline_plan_change(company_id: uuid.UUID, request: Request, db: Db, root: SystemAdmin) -> PlanChangeDecision:
    """Drop the request; the company keeps its plan."""
    company = await subscription_billing.decline_pending(db, root, company_id, client_ip(request))
    return PlanChangeDecision(message="The plan change was declined", company_id=company_id,
                              current_plan=company.subscription_plan, pending_plan=None)


@router.get("/admin/plans", response_model=AdminPlanList)
async def list_admin_plans(db: Db, _root: SystemAdmin) -> AdminPlanList:
    return AdminPlanList(plans=await platform_billing.plan_table(db))


@router.put("/admin/plans/{plan_id}", response_model=AdminPlanList)
async def update_admin_plan(plan_id: str, body: AdminPlanUpdate, db: Db, _root: SystemAdmin) -> AdminPlanList:
    """Switch a plan on or off for sign-up and plan changes (existing customers keep it)."""
    return AdminPlanList(plans=await platform_billing.set_plan_active(db, plan_id, body.active))


@router.get("/admin/reports", response_model=SystemReports)
async def get_system_reports(db: Db, _root: SystemAdmin) -> SystemReports:
    return SystemReports(health=SystemHealth(**await platform_billing.system_health(db)),
                         reports=[ReportLink(id=k, title=v, formats=["csv", "xlsx"])
                                  for k, v in platform_billing.REPORTS.items()])


@router.get("/admin/reports/{report_id}", response_class=Response, response_model=None,
            responses={200: {"content": {"text/csv": {}, XLSX_MIME: {}}}})
async def download_system_report(report_id: str, db: Db, _root: SystemAdmin,
                                 format: Literal["csv", "xlsx"] = "csv") -> Response:
    title, columns, rows = await platform_billing.report_table(db, report_id)
    name = f"flow_{report_id}_{datetime.now(tz=UTC):%Y%m%d}.{format}"
    body = csv_bytes(columns, rows) if format == "csv" else xlsx_bytes(title, columns, rows)
    return Response(body, media_type=SPREADSHEET_MIME[format],
                    headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"})
