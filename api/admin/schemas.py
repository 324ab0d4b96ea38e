"""Platform administration (spec 1 sections 2, 3, 7, 8; spec 3 section 3)."""
from __future__ import annotations

import uuid
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from api.companies.schemas import CompanyAddress
from api.kit.contract import EMAIL, TEXT, Needed, one_of_codes
from api.kit.fields import clean_email
from api.kit.validation import Flag, Kept
from api.stores.schemas import US_STATES


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


class TenantSummary(BaseModel):
    """The platform dashboard's cards, over every approved tenant (not the table's page)."""
    customers: int
    active: int
    trial: int
    monthly_revenue: int  # whole dollars, the warehouse's figure as the rows'


class TenantList(BaseModel):
    customers: list[Tenant]  # the spec's field name (GET /api/customers)
    total: int = Field(description="Tenants matching the search and status, over every page")
    summary: TenantSummary


class TenantCompany(Tenant):
    payment_failure_count: int
    approval_status: str
    max_facilities: int | None
    max_facilities_override: int | None = Field(None, description="The platform's limit; null = the plan's")
    industry: str | None = None
    phone: str | None = None
    address: CompanyAddress | None = None
    is_demo: bool
    created_at: datetime


class CompanyEdit(BaseModel):
    """The platform owner's Edit Company: the fields a company admin cannot change (name, address)
    and its contact details. Only the fields sent change; max_facilities_override null = the plan's."""

    model_config = ConfigDict(extra="forbid")

    name: str = Kept(max_length=200, json_schema_extra=TEXT)
    email: str | None = Field(None, json_schema_extra=EMAIL)
    industry: str = Kept(max_length=100, json_schema_extra=TEXT)
    phone: str | None = Field(None, max_length=40)
    address_street: str | None = Field(None, max_length=300)
    address_city: str | None = Field(None, max_length=120)
    address_state: str | None = Field(None, json_schema_extra=one_of_codes(US_STATES, blank=True))
    address_zip: str | None = Field(None, max_length=10)
    max_facilities_override: int | None = Field(None, ge=1, le=10000)

    @field_validator("email", "phone", "address_street", "address_city", "address_state", "address_zip",
                     mode="before")
    @classmethod
    def _trim(cls, value):
        return value.strip() or None if isinstance(value, str) else value

    @field_validator("name", "industry", mode="before")
    @classmethod
    def _required(cls, value, info):
        """Name and industry can change but not be emptied (null or blank was a NOT NULL 500)."""
        if isinstance(value, str):
            value = value.strip()
        if value is None or value == "":
            raise ValueError("Company name is required" if info.field_name == "name" else "Industry is required")
        return value

    @field_validator("email")
    @classmethod
    def _email(cls, value: str | None) -> str | None:
        return None if value is None else clean_email(value)

    @field_validator("address_state")
    @classmethod
    def _state(cls, value: str | None) -> str | None:
        if value is not None and value.upper() not in US_STATES:
            raise ValueError("State must be a two-letter US state code")
        return value.upper() if value else None


class TenantCompanyList(BaseModel):
    companies: list[TenantCompany]
    total: int = Field(description="Tenant companies in all (the list is cut at limit)")


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
    alerts: list[AlertRead] = Field(description="Newest first: `limit` from `offset`")
    total: int = Field(description="Every alert of the platform (all pages)")


class AccountResetRequested(BaseModel):
    sent_to: str
    message: str


class AccountResetExecute(BaseModel):
    token: str = Field(max_length=200, json_schema_extra=TEXT)


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
    confirm_reset: Flag = Needed(declared={"enum": [True]}, description="true, to say yes: every demo company is deleted")


class CompleteResetDone(BaseModel):
    message: str
    deleted_tickets: int
    deleted_users: int
    deleted_companies: int
    deleted_stores: int
