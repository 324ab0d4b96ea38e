"""Plans and the company's subscription (CONTRACTS.md), and the monthly bill (spec 3 section 9)."""
from __future__ import annotations

import uuid
from datetime import date, datetime

from pydantic import BaseModel, Field

from api.kit.fields import JsonNumber
from api.subscription.plans import Gate


class PlanRead(BaseModel):
    id: str
    name: str
    price: JsonNumber
    price_per_user: JsonNumber
    price_terms: str = Field(description="The price in one sentence (api/subscription/plans.py), shown as is by every "
                                         "screen: '$99 per location / month, up to 20 users included'")
    description: str
    features: list[str]
    max_users: int | None
    max_facilities: int | None
    has_trial: bool


class PlanList(BaseModel):
    plans: list[PlanRead]


class PlanInfo(BaseModel):
    id: str
    name: str
    price: JsonNumber
    price_per_user: JsonNumber
    price_terms: str
    max_users: int | None
    max_facilities: int | None


class FacilityRef(BaseModel):
    id: uuid.UUID
    name: str


class SubscriptionRead(BaseModel):
    current_plan: str
    plan_info: PlanInfo
    subscription_status: str
    account_type: str
    current_facilities: int
    max_facilities: int | None
    facilities: list[FacilityRef]
    sb1383_compliance_enabled: bool
    trial_days_remaining: int | None
    effective_plan: str
    features: list[Gate] = Field(description="The gates open now: the plan in force's (a trial counts as pro), "
                                             "with the SB 1383 setting")
    cancel_at_period_end: bool = False
    period_end: date | None = None
    monthly_total: JsonNumber | None = None
    current_users: int = 0
    max_users: int | None = None
    payment_provider_configured: bool = False
    pending_plan: str | None = Field(None, description="A plan change that costs more, waiting for payment or "
                                                       "the platform's approval; null when none waits")
    pending_plan_requested_at: datetime | None = None


class BillingBreakdown(BaseModel):
    location_cost: JsonNumber
    user_cost: JsonNumber


class BillingRead(BaseModel):
    monthly_total: JsonNumber
    current_locations: int
    current_users: int
    billing_breakdown: BillingBreakdown


class PlanChangeRequest(BaseModel):
    plan: str = Field(json_schema_extra={"enum": ["core", "pro", "enterprise"]})


class SubscriptionInvoiceRead(BaseModel):
    model_config = {"from_attributes": True}

    id: uuid.UUID
    number: str
    period_start: date
    period_end: date
    plan: str
    locations: int
    users: int
    amount: JsonNumber
    status: str
    attempts: int
    failure_reason: str | None
    paid_at: datetime | None
    created_at: datetime


class SubscriptionInvoiceList(BaseModel):
    invoices: list[SubscriptionInvoiceRead]
    payment_provider_configured: bool
    payment_provider_note: str | None


class PlanChangeResult(BaseModel):
    message: str
    action: str
    subscription: SubscriptionRead
    invoice: SubscriptionInvoiceRead | None
    payment_provider_configured: bool


class CancelResult(BaseModel):
    message: str
    ends_on: date
    subscription: SubscriptionRead
