"""ESG impact report (spec 3 s3) and cost analysis (spec 3 s9) from the published marts.

Sums of ticket_facts_daily over any date range, handed to the warehouse's figure functions
(dbt/macros/figures.sql, the expressions esg_monthly and cost_analysis_monthly use); tests
compare a whole month here with the mart's row for that month.
"""
from __future__ import annotations

from api.analytics.service import (
    COST_TOP_WASTE_TYPES,
    LOCATION,
    ORGANIC_RATE,
    TARGET,
    ReportFilter,
    _one,
    _period,
    meets_target,
    pct,
)
from api.warehouse import cached_rows, last_refreshed_at, read_warehouse


def esg_report(f: ReportFilter) -> dict:
    with read_warehouse() as con:
        facts, params = f.facts(outbound_only=True)
        t = _one(con, f"""
            select coalesce(sum(ticket_count), 0) as total_tickets,
                   coalesce(sum(net_weight_lb), 0) as total_net_weight_lbs,
                   count(distinct location_id) as total_facilities,
                   coalesce(sum(diverted_weight_lb), 0) as diverted_weight,
                   {pct('sum(diverted_weight_lb)', 'sum(net_weight_lb)')} as diversion_rate,
                   marts.co2e_kg(coalesce(sum(co2e_avoided_kg), 0)) as co2_prevented_kg,
                   marts.co2e_tons(coalesce(sum(co2e_avoided_kg), 0)) as co2_prevented_tons,
                   marts.methane_kg(coalesce(sum(co2e_avoided_kg), 0)) as methane_prevented_kg,
                   marts.cars_off_road(coalesce(sum(co2e_avoided_kg), 0)) as equivalent_cars_off_road,
                   marts.short_tons(coalesce(sum(diverted_weight_lb), 0)) as landfill_diverted_tons,
                   marts.meals(coalesce(sum(meals_recovered), 0)) as meals_recovered,
                   marts.people_fed_per_day(coalesce(sum(meals_recovered), 0), ?) as people_fed_per_day,
                   marts.cost_saved_usd(coalesce(sum(diverted_weight_lb), 0)) as cost_savings,
                   {ORGANIC_RATE} as sb1383_diversion_rate,
                   coalesce(sum(organic_diverted_weight_lb), 0) as organic_diverted_weight,
                   {meets_target(ORGANIC_RATE)} as sb1383_compliant,
                   {TARGET} as sb1383_target
            from {facts}""", [f.days, f.company_id, f.company_id, *params])
        # The month of the period's end, as the SB 1383 marts judged it (company-wide or the one location).
        if f.location_id:
            month = cached_rows(
                con, f"select {meets_target('marts.percent_of(diverted_weight_lb, net_weight_lb)')} as met "
                "from marts.sb1383_location_monthly where company_id = ? and location_id = ? "
                "and month_start = date_trunc('month', cast(? as date))",
                [f.company_id, f.company_id, f.location_id, f.end])
        else:
            month = cached_rows(
                con, "select is_compliant as met from marts.sb1383_monthly where company_id = ? "
                "and month_start = date_trunc('month', cast(? as date))", [f.company_id, f.end])
        refreshed = last_refreshed_at(con)
    return {
        "summary": {key: t[key] for key in ("total_tickets", "total_net_weight_lbs", "total_facilities")},
        "diversion_metrics": {"diversion_rate_percent": t["diversion_rate"]},
        "environmental_impact": {
            **{key: t[key] for key in ("co2_prevented_kg", "co2_prevented_tons", "methane_prevented_kg",
                                       "equivalent_cars_off_road", "landfill_diverted_tons")},
            "water_saved_gallons": None,
        },
        "food_recovery": {"meals_recovered": t["meals_recovered"], "people_fed_per_day": t["people_fed_per_day"],
                          "protein_recovered_lbs": None, "nutritional_value_usd": None},
        "economic_impact": {"cost_savings": t["cost_savings"], "tax_benefits_usd": None,
                            "operational_savings": None, "total_economic_impact": t["cost_savings"]},
        "compliance": {"sb1383_compliant": bool(t["sb1383_compliant"]), "diversion_rate": t["sb1383_diversion_rate"],
                       "total_diverted_weight": t["organic_diverted_weight"],
                       "target_rate": t["sb1383_target"],
                       "monthly_target_met": bool(month and month[0]["met"])},
        "period": _period(f),
        "last_refreshed_at": refreshed,
    }


def cost_analysis(f: ReportFilter) -> dict:
    with read_warehouse() as con:
        facts, params = f.facts(outbound_only=True)
        t = _one(con, f"""
            with totals as (
                select coalesce(sum(ticket_count), 0) as total_tickets,
                       coalesce(sum(net_weight_lb), 0) as total_weight,
                       coalesce(sum(diverted_weight_lb), 0) as diverted_weight,
                       {pct('sum(diverted_weight_lb)', 'sum(net_weight_lb)')} as diversion_rate
                from {facts}
            ), costed as (
                select *, marts.cost_saved_usd(diverted_weight) as total_savings,
                       marts.disposal_cost_usd(total_weight) as monthly_disposal_cost
                from totals
            )
            select *,
                   marts.roi_percent(total_savings) as roi_percent,
                   marts.cost_per_lb_usd(total_weight) as cost_per_lb,
                   marts.monthly_projection_usd(total_savings) as monthly,
                   marts.annual_projection_usd(total_savings) as annual,
                   marts.payback_years(total_savings) as payback_years
            from costed""", params)
        by_location = cached_rows(con, f"""
            select {LOCATION} as location, sum(net_weight_lb) as total_weight,
                   sum(diverted_weight_lb) as diverted_weight,
                   marts.cost_saved_usd(sum(diverted_weight_lb)) as cost_saved
            from {facts} group by {LOCATION} order by cost_saved desc, location""", params)
        by_waste_type = cached_rows(con, f"""
            select waste_type_name as waste_type, sum(net_weight_lb) as weight,
                   marts.disposal_cost_usd(sum(net_weight_lb)) as disposal_cost,
                   marts.cost_saved_usd(sum(diverted_weight_lb)) as cost_saved
            from {facts} group by waste_type_name order by weight desc, waste_type
            limit {COST_TOP_WASTE_TYPES}""", params)
        refreshed = last_refreshed_at(con)
    return {
        **{key: t[key] for key in ("total_savings", "roi_percent", "monthly_disposal_cost", "cost_per_lb")},
        "savings_by_location": by_location,
        "cost_impact_by_waste_type": by_waste_type,
        "projections": {"monthly": t["monthly"], "annual": t["annual"], "payback_years": t["payback_years"]},
        "performance_summary": {key: t[key] for key in ("total_weight", "diverted_weight", "diversion_rate",
                                                        "total_tickets")},
        "period": _period(f),
        "last_refreshed_at": refreshed,
    }
