"""Platform billing, plans and reports contract (DESIGN.md wave 2: /api/admin/billing, plans, reports)."""
from __future__ import annotations

import uuid
from datetime import date, datetime

from pydantic import BaseModel, Field

from api.kit.validation import Flag
from api.settings.schemas import JsonNumber


class RevenueMonth(BaseModel):
    month: str
    revenue: JsonNumber
    mrr: JsonNumber
    failed: int
    churn_rate: JsonNumber | None
    customers_lost: int


class Transaction(BaseModel):
    id: uuid.UUID
    number: str
    company_id: uuid.UUID
    customer: str
    amount: JsonNumber
    status: str
    period: str
    attempts: int
    failure_reason: str | None
    date: datetime


class BillingOverview(BaseModel):
    total_revenue: JsonNumber
    monthly_recurring_revenue: JsonNumber
    failed_payments: int
    churn_rate: JsonNumber
    churn_month: str | None
    customers_lost: int
    paying_customers: int
    revenue_by_month: list[RevenueMonth]
    transactions: list[Transaction]
    payment_provider_configured: bool
    warehouse_refreshed_at: datetime | None


class RetryAllResult(BaseModel):
    retried: int
    paid: int
    failed: int


class AdminPlan(BaseModel):
    id: str
    name: str
    price: JsonNumber
    price_per_user: JsonNumber
    price_terms: str
    max_users: int | None
    max_facilities: int | None
    features: list[str]
    active: bool
    customers: int
    paying_customers: int
    trial_customers: int
    monthly_revenue: JsonNumber


class AdminPlanList(BaseModel):
    plans: list[AdminPlan]


class AdminPlanUpdate(BaseModel):
    active: Flag


class TicketDay(BaseModel):
    day: date
    tickets: int
    net_weight_lb: JsonNumber


class SystemHealth(BaseModel):
    tickets_per_day: list[TicketDay]
    warehouse_refreshed_at: datetime | None
    warehouse_age_minutes: float | None
    offline_tickets_synced_24h: int
    failed_report_mails_24h: int
    failed_payments_24h: int
    unread_alerts: int


class ReportLink(BaseModel):
    id: str
    title: str
    formats: list[str]


class SystemReports(BaseModel):
    health: SystemHealth
    reports: list[ReportLink]


class PendingPlanChange(BaseModel):
    """A plan change that costs more, waiting for payment or the platform's approval (issue 31)."""

    company_id: uuid.UUID
    company_name: str
    current_plan: str
    subscription_status: str = Field(description="trial, active, ... (a trial stays one until approved)")
    pending_plan: str
    requested_at: datetime | None
    monthly_total_now: JsonNumber = Field(description="The month's price at the current plan")
    monthly_total_after: JsonNumber = Field(description="The month's price at the requested plan")


class PendingPlanChangeList(BaseModel):
    changes: list[PendingPlanChange]
    plan_upgrade_requires: str = Field(description="The platform setting: payment or approval")


class PlanChangeDecision(BaseModel):
    message: str
    company_id: uuid.UUID
    current_plan: str
    pending_plan: str | None
