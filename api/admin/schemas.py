"""Platform administration (spec 1 sections 2, 3, 7, 8; spec 3 section 3)."""
from __future__ import annotations

import uuid
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class AdminUserName(BaseModel):
    first_name: str
    last_name: str
    email: str


class PendingAccount(BaseModel):
    id: uuid.UUID
    name: str
    email: str | None
    phone: str | None
    address: str | None
    admin_user: AdminUserName | None
    subscription_plan: str
    location_count: int
    created_at: datetime


class PendingAccountList(BaseModel):
    pending_accounts: list[PendingAccount]


class AccountStats(BaseModel):
    pending: int
    approved: int
    rejected: int
    recent_signups_30_days: int


class ApprovalDecision(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: Literal["approve", "reject"]
    rejection_reason: str | None = Field(default=None, max_length=2000)


class ApprovalResult(BaseModel):
    id: uuid.UUID
    approval_status: str
    rejection_reason: str | None
    detail: str


class Tenant(BaseModel):
    """A company on the platform (a tenant), as the platform admin lists it."""
    id: uuid.UUID
    name: str
    email: str | None
    store_count: int
    subscription_status: str
    subscription_plan: str
    monthly_revenue: int  # whole dollars (spec 1 section 9)
    trial_days_remaining: int | None
    last_payment_failed: bool


class TenantList(BaseModel):
    customers: list[Tenant]  # the spec's field name (GET /api/customers)


class TenantCompany(Tenant):
    payment_failure_count: int
    approval_status: str
    max_facilities: int | None
    is_demo: bool
    created_at: datetime


class TenantCompanyList(BaseModel):
    companies: list[TenantCompany]


class CompanyStatusUpdate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    subscription_status: Literal["suspended", "active"]


class AlertRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    company_id: uuid.UUID | None
    alert_type: str
    message: str
    created_at: datetime
    is_read: bool


class AlertList(BaseModel):
    alerts: list[AlertRead]


class AccountResetRequested(BaseModel):
    sent_to: str
    message: str


class AccountResetExecute(BaseModel):
    token: str = Field(max_length=200)


class AccountResetDone(BaseModel):
    message: str
    tickets_removed: int
    invoices_removed: int


class SeedDataStats(BaseModel):
    total_tickets: int
    total_users: int
    test_companies: int
    sample_data_size: int = Field(description="Rows that belong to demo companies (tickets, people, lists, ...)")


class CompleteResetRequest(BaseModel):
    confirm_reset: bool = False


class CompleteResetDone(BaseModel):
    message: str
    deleted_tickets: int
    deleted_users: int
    deleted_companies: int
    deleted_stores: int
