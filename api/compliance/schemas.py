"""SB 1383 compliance dashboard (spec 3 s3 "Compliance dashboard"), read from the sb1383_* marts.

Weights in lb; rates in percent with one decimal; `last_refreshed_at` is when the warehouse the
figures come from was published (null, with zeros, before the first refresh).
"""
from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, Field

from api.kit.fields import JsonNumber as Number
from api.warehouse.schemas import Pending

RiskLevel = Literal["low", "medium", "high", "none"]


class ComplianceStatus(BaseModel):
    is_compliant: bool
    target_rate: Number = Field(description="Diversion target, percent (company setting, 75 by default)")
    diversion_rate: Number
    total_tickets_analyzed: int
    risk_level: RiskLevel = Field(description="low at or above target; medium within 10 points below; "
                                              "high further below; none without tickets")


class MonthlyPoint(BaseModel):
    month: date = Field(description="First day of the month (company's local calendar)")
    diversion_rate: Number
    target_rate: Number
    is_compliant: bool = Field(description="On Track when true, else Needs Improvement")
    total_waste: Number
    diverted_weight: Number
    ticket_count: int


class DiversionMetrics(BaseModel):
    total_waste: Number
    diverted_weight: Number
    landfill_weight: Number
    diversion_rate: Number
    monthly_trend: list[MonthlyPoint]
    current_rate: Number = Field(description="The latest month's rate")
    current_month: date | None
    target_rate: Number
    gap_to_compliance: Number = Field(description="Percentage points below the target (0 when at or above)")
    lb_to_target: Number = Field(description="Pounds more to divert from landfill to reach the target")


class FoodRecovery(BaseModel):
    recovered_pounds: Number = Field(description="Net lb to donation / food-recovery destinations")
    recovery_rate: Number = Field(description="Food recovery rate (docs/figures.md): recovered lb over organic waste lb, percent")
    target_rate: Number = Field(description="20%: SB 1383's statewide edible food recovery goal")
    donation_tickets: int
    gap_to_target: Number = Field(description="Percentage points below the 20% goal")
    lb_to_target: Number


class EarProgress(BaseModel):
    completion_percentage: int = Field(description="25 per data check met (see preparation checklist)")
    eligible_for_submission: bool = Field(description="Diversion at target, at least 50 tickets and every ticket at "
                                                      "its location")
    current_quarter: str | None = Field(description="Quarter of the latest month with tickets")
    reporting_due_date: date = Field(description="1 August of the year after the reporting year")
    status: Literal["not_started", "in_progress", "ready"]
    min_tickets: int
    tickets_without_location: int = Field(0, description="Tickets of the year waiting for their location (older "
                                                          "databases): the EAR waits until none is left")


class CalRecycleIntegration(BaseModel):
    connection_status: Literal["not connected"] = Field(
        description="Flow has no submission route to CalRecycle: files are exported and handed on")
    last_sync: datetime | None
    submission_status: Literal["pending", "ready"]
    next_submission_date: date


class LocationCompliance(BaseModel):
    location_id: str | None
    diversion_rate: Number
    total_weight: Number
    is_compliant: bool
    ticket_count: int
    risk_level: RiskLevel
    lb_to_target: Number


class ComplianceLogEntry(BaseModel):
    event: str
    description: str
    severity: str = Field(description="info, warning or critical")
    timestamp: datetime


class ComplianceLog(BaseModel):
    entries: list[ComplianceLogEntry] = Field(description="Newest first: `limit` from `offset`")
    total: int = Field(description="Every entry of the log (stored events and the year's trend events)")


class ActionItem(BaseModel):
    priority: Literal["high", "medium", "low"]
    title: str
    description: str
    location: str | None = None
    pounds: Number | None = Field(None, description="Pounds to move to reach the target, when that is the action")


class ComplianceDashboardRead(Pending):
    year: int
    available_years: list[int]
    has_data: bool
    compliance_status: ComplianceStatus
    diversion_metrics: DiversionMetrics
    food_recovery: FoodRecovery
    ear_progress: EarProgress
    calrecycle_integration: CalRecycleIntegration
    location_compliance: dict[str, LocationCompliance] = Field(description="Keyed by location name")
    compliance_log: list[ComplianceLogEntry] = Field(description="The newest 20 entries")
    compliance_log_total: int = Field(0, description="Every entry of the log: the rest come from "
                                                     "GET /api/compliance/activity-log")
    action_items: list[ActionItem]
    last_refreshed_at: datetime | None


class EarSummary(BaseModel):
    compliance_status: Literal["compliant", "non_compliant", "no_data"]
    diversion_rate: Number
    target_rate: Number
    total_organic_waste: Number = Field(description="Net lb of the year's completed outbound tickets of organic waste "
                                                    "types (SB 1383, 14 CCR 18982(a)(46); docs/figures.md)")
    total_organic_waste_tons: Number = Field(description="Short tons (2000 lb)")
    diverted_weight: Number
    ticket_count: int


class ChecklistItem(BaseModel):
    key: str
    label: str
    done: bool
    detail: str


class EarReportRead(Pending):
    year: int
    summary: EarSummary
    preparation_checklist: list[ChecklistItem]
    eligible_for_submission: bool
    reason: str | None = Field(None, description="Why the export is not allowed yet")
    tickets_without_location: int = Field(
        description="Tickets of the year still waiting for their location (older databases only). While any "
                    "remain the EAR is not eligible: a manager assigns them on Locations (GET "
                    "/api/tickets/without-location, PUT /api/tickets/location), then the next refresh clears it.")
    reporting_due_date: date
    last_refreshed_at: datetime | None
