"""Carbon credits (spec 3 s2.19, s3 "Carbon credit summary/entry"), read from the carbon marts.

Every figure is an estimate of avoided emissions (EPA WARM, against a landfill baseline) until a
store_admin marks its entry verified; tons are metric tons CO2e; `last_refreshed_at` is when the
warehouse the figures come from was published.
"""
from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

from api.kit.fields import JsonNumber as Number
from api.kit.fields import UtcDateTime
from api.warehouse.schemas import Pending

VerificationStatus = Literal["pending", "verified", "rejected"]
PERIOD_PATTERN = r"^(all|\d{4}-(0[1-9]|1[0-2])|\d{4}-Q[1-4])$"


class PeriodOption(BaseModel):
    value: str = Field(description="all, YYYY-MM or YYYY-Qn")
    label: str


class CarbonMonth(BaseModel):
    month: date = Field(description="First day of the month (company's local calendar)")
    total_co2e_tons: Number
    credit_value_usd: Number
    credit_count: int


class YearlyProjection(BaseModel):
    year: int
    months_with_credits: int
    total_co2e_tons: Number = Field(description="Estimated so far in the year")
    projected_year_tons: Number = Field(description="Average month with estimates x 12 (a run rate, not a forecast)")
    projected_year_value_usd: Number


class CarbonFactor(BaseModel):
    factor_kind: Literal["avoided_emissions", "inventory"] = Field(
        description="avoided_emissions makes the credits; inventory (EPA Hub Table 9) is never a credit")
    factor_set: str
    material: str
    management_path: str
    mtco2e_per_short_ton: Number
    source: str


class Methodology(BaseModel):
    methodology: str
    methodology_name: str
    note: str
    price_usd_per_mt: Number
    factors: list[CarbonFactor]


class CarbonSummaryRead(Pending):
    period: str
    period_options: list[PeriodOption] = Field(description="all, then the months and quarters that have estimates")
    total_credits_tons: Number = Field(description="MT CO2e avoided in the period (verified and pending)")
    total_value_usd: Number = Field(description="Tons x the company's price per MT")
    verified_credits: Number = Field(description="MT CO2e of verified entries")
    pending_credits: Number = Field(description="MT CO2e still estimates (not verified, not rejected)")
    rejected_credits: Number
    credit_count: int
    co2_avoided_kg: Number
    inventory_co2e_kg: Number = Field(description="EPA Hub Table 9 Scope 3 emissions of the same loads: inventory, "
                                                  "not a credit")
    monthly_trend: list[CarbonMonth]
    yearly_projection: YearlyProjection | None
    methodology: Methodology | None
    last_refreshed_at: UtcDateTime | None


class CarbonCreditRead(BaseModel):
    id: str = Field(description="The ticket's id: one estimate per ticket")
    created_at: UtcDateTime
    ticket_number: str | None
    location_name: str | None
    waste_type_name: str | None
    destination_name: str | None
    credit_type: str
    diversion_method: str
    methodology: str
    factor_set: str
    avoided_mtco2e_per_short_ton: Number
    net_weight_lb: Number
    co2_avoided_kg: Number
    total_co2e_tons: Number
    credit_value_usd: Number
    verification_status: VerificationStatus
    verification_reason: str | None = None
    is_estimate: bool = Field(description="True until verified")


class CarbonCreditList(BaseModel):
    carbon_credits: list[CarbonCreditRead]
    total: int = Field(description="Entries in the period (the list holds the newest `limit`)")


class VerificationUpdate(BaseModel):
    verification_status: VerificationStatus
    reason: Annotated[str, StringConstraints(strip_whitespace=True, min_length=3, max_length=500)] = Field(
        description="Why (kept in the audit log)")
