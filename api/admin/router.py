"""Platform administration (system_admin), plus the company's own account reset (store_admin)."""
from __future__ import annotations

import asyncio
import logging
import smtplib
import uuid

from fastapi import APIRouter, BackgroundTasks

from api.admin import resets, service
from api.admin.schemas import (
    AccountResetDone,
    AccountResetExecute,
    AccountResetRequested,
    AccountStats,
    AlertList,
    AlertRead,
    ApprovalDecision,
    ApprovalResult,
    CompanyStatusUpdate,
    CompleteResetDone,
    CompleteResetRequest,
    PendingAccountList,
    SeedDataStats,
    TenantCompany,
    TenantCompanyList,
    TenantList,
)
from api.auth.deps import AdminUser, SystemAdmin
from api.core.deps import Db
from api.kit.errors import DomainError
from api.mail.service import deliver, send_mail

router = APIRouter(tags=["admin"])
log = logging.getLogger("flow.admin")


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


@router.get("/customers", response_model=TenantList)
async def list_tenants(db: Db, _root: SystemAdmin) -> TenantList:
    """The platform's tenants (the spec calls them customers and keeps this path); inbound waste
    customers are api/inbound's."""
    return TenantList(customers=await service.list_tenants(db))


@router.get("/alerts", response_model=AlertList)
async def list_alerts(db: Db, _root: SystemAdmin) -> AlertList:
    return AlertList(alerts=[AlertRead.model_validate(a) for a in await service.latest_alerts(db)])


@router.put("/alerts/{alert_id}/read", response_model=AlertRead)
async def mark_alert_read(alert_id: uuid.UUID, db: Db, _root: SystemAdmin) -> AlertRead:
    return AlertRead.model_validate(await service.mark_alert_read(db, alert_id))


@router.get("/admin/companies", response_model=TenantCompanyList)
async def list_companies(db: Db, _root: SystemAdmin) -> TenantCompanyList:
    return TenantCompanyList(companies=await service.tenant_companies(db, approved_only=False))


@router.put("/admin/companies/{company_id}/status", response_model=TenantCompany)
async def set_company_status(company_id: uuid.UUID, body: CompanyStatusUpdate, db: Db,
                             root: SystemAdmin) -> TenantCompany:
    await service.set_company_status(db, root, company_id, body.subscription_status)
    return next(c for c in await service.tenant_companies(db, approved_only=False) if c.id == company_id)


@router.post("/admin/request-account-reset", response_model=AccountResetRequested)
async def request_account_reset(db: Db, admin: AdminUser) -> AccountResetRequested:
    to, body = await resets.request_account_reset(db, admin)
    try:
        await asyncio.to_thread(send_mail, to, "Flow account reset verification", body)
    except (OSError, smtplib.SMTPException) as exc:
        log.error("account reset mail to %s failed: %s", to, type(exc).__name__)
        raise DomainError("Failed to send verification email", 502) from None
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
