"""Plans and the company's subscription (CONTRACTS.md), and the monthly bill (spec 3 section 9)."""
from __future__ import annotations

import uuid

from pydantic import BaseModel

from api.kit.fields import JsonNumber


class PlanRead(BaseModel):
    id: str
    name: str
    price: JsonNumber
    price_per_user: JsonNumber
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
    features: list[str]


class BillingBreakdown(BaseModel):
    location_cost: JsonNumber
    user_cost: JsonNumber


class BillingRead(BaseModel):
    monthly_total: JsonNumber
    current_locations: int
    current_users: int
    billing_breakdown: BillingBreakdown
