"""Dashboard and report shapes (spec 2 s3, spec 3 s3), read from the published warehouse marts.

Weights in lb, money in USD, CO2 in kg unless the name says lbs or tons. `last_refreshed_at` is
when the warehouse was published; null (with zeros) until the first refresh has run.
"""
from __future__ import annotations

from datetime import date, datetime

from pydantic import BaseModel, Field

from api.kit.fields import JsonNumber
from api.warehouse.schemas import Pending

Number = JsonNumber


class Period(BaseModel):
    start_date: date
    end_date: date


class Freshness(Pending):
    period: Period
    last_refreshed_at: datetime | None = Field(None, description="When the warehouse the figures come from was "
                                               "published (the figures' 'as of' time)")


class WarehouseRefreshRead(BaseModel):
    last_refreshed_at: datetime | None = Field(None, description="When the warehouse was last published")


class WeightShare(BaseModel):
    weight: Number
    percentage: Number = Field(description="Share of total net weight, percent, one decimal")


class EsgMetrics(BaseModel):
    co2_saved_lbs: Number = Field(description="CO2e avoided in lb (co2_prevented_kg / 0.45359237)")
    cost_saved_usd: Number = Field(description="Cost savings, as cost_savings")
    meals_recovered: int
    trees_planted: Number = Field(description="co2_saved_lbs / 8.89 (spec 2 s2.5), one decimal")
    car_days: Number = Field(description="co2_saved_lbs / 4.6 (spec 2 s2.5), one decimal")
    energy_kwh: Number = Field(description="0.85 x co2_saved_lbs (spec 2 s2.5), one decimal")


class DailyAverages(BaseModel):
    weight_per_day: Number
    tickets_per_day: Number


class TrendPoint(BaseModel):
    date: date
    weight: Number
    diverted_weight: Number
    diversion_rate: Number


class WasteReductionProgress(BaseModel):
    trend: list[TrendPoint]


class OperationalKpis(BaseModel):
    daily_averages: DailyAverages
    waste_reduction_progress: WasteReductionProgress
    top_waste_sources: dict[str, WeightShare]
    location_breakdown: dict[str, WeightShare]


class DashboardRead(Freshness):
    total_tickets: int
    total_weight: Number
    diverted_weight: Number
    diversion_rate: Number = Field(description="Net lb to diversion destinations / total net lb x 100")
    ca_compliance: bool = Field(description="SB 1383 organic diversion rate (organic waste types only) at or above the company's SB 1383 target "
                                            "(its setting sb1383_target_percent, 75% by default; mart sb1383_targets)")
    ca_compliance_target: Number = Field(description="That target, in percent")
    co2_prevented_kg: Number = Field(description="CO2e avoided (docs/figures.md): EPA GHG Hub Table 9, landfill minus the path taken, completed outbound diverted lb; kg")
    meals_recovered: int = Field(description="Meals recovered: donated lb / 1.2 (1.2 lb per meal)")
    cost_savings: Number = Field(description="Cost savings (docs/figures.md): 0.12 USD per diverted lb")
    esg_metrics: EsgMetrics
    operational_kpis: OperationalKpis


class BasicEsg(BaseModel):
    co2_prevented_kg: Number = Field(description="CO2e avoided (docs/figures.md): EPA GHG Hub Table 9, landfill minus the path taken, completed outbound diverted lb; kg")
    meals_recovered: int = Field(description="Donated lb / 1.2 (the spec's 1.2 x lb is physically wrong)")
    cost_savings_usd: Number = Field(description="Cost savings (docs/figures.md): 0.12 USD per diverted lb")


class BasicReportRead(Freshness):
    total_tickets: int
    total_net_weight: Number
    total_gross_weight: Number
    total_tare_weight: Number
    diversion_rate: Number = Field(description="Diversion rate (docs/figures.md): outbound diverted lb / outbound net lb x 100")
    basic_esg: BasicEsg


class DirectionTotals(BaseModel):
    total_tickets: int
    total_net_weight: Number


class ReportSummary(DirectionTotals):
    avg_net_weight: Number


class BreakdownRow(BaseModel):
    name: str
    ticket_count: int
    net_weight: Number
    percentage: Number


class Breakdowns(BaseModel):
    by_waste_type: list[BreakdownRow]
    by_destination: list[BreakdownRow]
    by_employee: list[BreakdownRow]
    by_container: list[BreakdownRow]
    by_location: list[BreakdownRow]
    by_date: list[BreakdownRow]


class TicketReportRead(Freshness):
    summary: ReportSummary
    inbound: DirectionTotals
    outbound: DirectionTotals
    breakdowns: Breakdowns | None = None


class EsgSummary(BaseModel):
    total_tickets: int
    total_net_weight_lbs: Number
    total_facilities: int


class DiversionMetrics(BaseModel):
    diversion_rate_percent: Number


class EnvironmentalImpact(BaseModel):
    co2_prevented_kg: Number = Field(description="EPA GHG Hub Table 9 avoided CO2e, kg")
    co2_prevented_tons: Number = Field(description="Metric tons CO2e")
    methane_prevented_kg: Number = Field(description="Avoided CO2e / 27 (CH4 GWP-100, IPCC AR6)")
    equivalent_cars_off_road: Number = Field(description="t CO2e / 4.6 t per passenger vehicle-year (EPA)")
    water_saved_gallons: Number | None = Field(None, description="No sourced factor: not estimated")
    landfill_diverted_tons: Number = Field(description="Short tons")


class FoodRecovery(BaseModel):
    meals_recovered: int
    people_fed_per_day: Number = Field(description="Meals / 3 per person-day / days in the period")
    protein_recovered_lbs: Number | None = Field(None, description="No sourced factor: not estimated")
    nutritional_value_usd: Number | None = Field(None, description="No sourced factor: not estimated")


class EconomicImpact(BaseModel):
    cost_savings: Number = Field(description="Cost savings (docs/figures.md): 0.12 USD per diverted lb")
    tax_benefits_usd: Number | None = Field(None, description="Depends on donation records: not estimated")
    operational_savings: Number | None = Field(None, description="No sourced figure: not estimated")
    total_economic_impact: Number


class EsgCompliance(BaseModel):
    sb1383_compliant: bool = Field(description="The SB 1383 organic diversion rate at or above the company's target")
    diversion_rate: Number = Field(description="SB 1383 organic diversion rate (docs/figures.md): organic diverted lb "
                                               "/ organic lb of generated waste x 100")
    total_diverted_weight: Number = Field(description="Organic diverted lb")
    target_rate: Number = Field(description="The company's SB 1383 target, percent (its setting sb1383_target_percent, "
                                            "75% by default; mart sb1383_targets), the same the compliance and EAR "
                                            "screens show")
    monthly_target_met: bool = Field(description="The month of the period's end, as marts.sb1383_monthly judged it")


class EsgReportRead(Freshness):
    summary: EsgSummary
    diversion_metrics: DiversionMetrics
    environmental_impact: EnvironmentalImpact
    food_recovery: FoodRecovery
    economic_impact: EconomicImpact
    compliance: EsgCompliance


class LocationSavings(BaseModel):
    location: str
    total_weight: Number
    diverted_weight: Number
    cost_saved: Number


class WasteTypeCost(BaseModel):
    waste_type: str
    weight: Number
    disposal_cost: Number
    cost_saved: Number


class Projections(BaseModel):
    monthly: Number
    annual: Number
    payback_years: Number | None = Field(description="null when nothing is saved (never pays back)")


class PerformanceSummary(BaseModel):
    total_weight: Number
    diverted_weight: Number
    diversion_rate: Number
    total_tickets: int


class CostAnalysisRead(Freshness):
    total_savings: Number
    roi_percent: Number
    monthly_disposal_cost: Number
    cost_per_lb: Number
    savings_by_location: list[LocationSavings]
    cost_impact_by_waste_type: list[WasteTypeCost]
    projections: Projections
    performance_summary: PerformanceSummary


# ---- AI Analytics (issue 16, enterprise) ---------------------------------------------------------
class AiTotals(BaseModel):
    total_tickets: int
    total_weight_lb: Number
    active_days: int = Field(description="Local days with at least one outbound ticket")


class AiDataQuality(BaseModel):
    tickets: int = Field(description="Completed tickets, both directions")
    weight_lb: Number
    photo_tickets: int
    photo_weight_lb: Number
    photo_weight_percent: Number = Field(description="Share of weighed lb with a photo, percent, one decimal")
    photo_target_percent: Number = Field(description="The aim for that share (Orbisk: more than 85%)")
    ai_readings: int = Field(description="Tickets whose weight was read from a scale photo")
    ai_accepted: int = Field(description="Readings kept as read")
    ai_corrected: int = Field(description="Readings corrected by hand")
    ai_accepted_percent: Number
    typed_tickets: int = Field(description="Tickets with no machine reading")


class AiLocation(BaseModel):
    location_id: str | None
    location_name: str
    tickets: int
    weight_lb: Number
    share_percent: Number
    lb_per_active_day: Number


class AiProduct(BaseModel):
    waste_type: str
    tickets: int
    weight_lb: Number
    share_percent: Number


class AiWeekday(BaseModel):
    iso_weekday: int
    weekday: str
    tickets: int
    weight_lb: Number
    days: int
    lb_per_day: Number


class AiWeek(BaseModel):
    week_start: date
    tickets: int
    weight_lb: Number


class AiTrend(BaseModel):
    direction: str = Field(description="up, down or flat (a change under 5% is flat)")
    change_percent: Number | None
    first_week_lb: Number | None
    last_week_lb: Number | None


class AiAnomaly(BaseModel):
    scope: str = Field(description="company (all locations' day) or location")
    location_id: str | None
    location_name: str | None
    local_date: date
    net_weight_lb: Number
    prior_days: int
    prior_mean_lb: Number
    prior_stddev_lb: Number
    z_score: Number
    direction: str = Field(description="high or low")


class AiAnalyticsRead(Freshness):
    totals: AiTotals
    data_quality: AiDataQuality
    by_location: list[AiLocation]
    by_product: list[AiProduct]
    by_weekday: list[AiWeekday]
    weekly_trend: list[AiWeek]
    trend: AiTrend
    anomalies: list[AiAnomaly]
    anomaly_statistic: str
    recommendations: list[str] = Field(description="Written from the figures by fixed rules")


class AiNarrativeRead(BaseModel):
    status: str = Field(description="off (no AI provider connected), written, or failed")
    text: str | None
    model: str | None
    message: str
