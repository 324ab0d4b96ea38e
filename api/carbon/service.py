"""Carbon credits from the published carbon marts: the API picks the company's rows for a period
and sums them; every factor and figure comes from dbt (dbt/models/marts/carbon)."""
from __future__ import annotations

from datetime import date
from decimal import Decimal

from api.analytics.warehouse import last_refreshed_at, read_warehouse, rows

ZERO = Decimal(0)
MONTH_NAMES = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def period_range(period: str) -> tuple[date, date] | None:
    """[first month, first month after) of 'YYYY-MM' or 'YYYY-Qn'; None for all time."""
    if period == "all":
        return None
    year = int(period[:4])
    if "Q" in period:
        first = 3 * (int(period[-1]) - 1) + 1
        start, months = date(year, first, 1), 3
    else:
        start, months = date(year, int(period[5:7]), 1), 1
    end_month = start.month - 1 + months
    return start, date(year + end_month // 12, end_month % 12 + 1, 1)


def period_options(months: list[date]) -> list[dict]:
    options = [{"value": "all", "label": "All time"}]
    quarters: list[str] = []
    for m in months:  # newest first
        q = f"{m.year}-Q{(m.month - 1) // 3 + 1}"
        if q not in quarters:
            quarters.append(q)
    options += [{"value": f"{m:%Y-%m}", "label": f"{MONTH_NAMES[m.month - 1]} {m.year}"} for m in months]
    options += [{"value": q, "label": q.replace("-", " ")} for q in quarters]
    return options


def _where(company_id: str, period: str) -> tuple[str, list]:
    bounds = period_range(period)
    if bounds is None:
        return "company_id = ?", [company_id]
    return "company_id = ? and month_start >= ? and month_start < ?", [company_id, *bounds]


def summary(company_id: str, period: str, statuses: dict[str, str]) -> dict:
    """The period's totals; `statuses` maps verified or rejected ticket ids to their status."""
    where, params = _where(company_id, period)
    decided = {s: [k for k, v in statuses.items() if v == s] for s in ("verified", "rejected")}
    with read_warehouse() as con:
        trend = rows(con, f"""
            select month_start as month, total_co2e_tons, credit_value_usd, credit_count,
                   co2_avoided_kg, inventory_co2e_kg
            from marts.carbon_credits_monthly where {where} order by month_start""", params)
        months = [r["month_start"] for r in rows(
            con, "select month_start from marts.carbon_credits_monthly where company_id = ? "
                 "order by month_start desc", [company_id])]
        by_status = {}
        for status, ids in decided.items():
            by_status[status] = rows(con, f"""
                select coalesce(sum(total_co2e_tons), 0) as tons from marts.carbon_credit_estimates
                where {where} and carbon_credit_id in (select unnest(?))""", [*params, ids])[0]["tons"] if ids else ZERO
        bounds = period_range(period)
        year = (bounds[0].year if bounds else (months[0].year if months else None))
        projection = rows(con, "select * from marts.carbon_credits_yearly where company_id = ? and report_year = ?",
                          [company_id, year]) if year else []
        factors = rows(con, "select * from marts.carbon_factors where company_id = ? "
                            "order by factor_kind, management_path", [company_id])
        refreshed = last_refreshed_at(con)
    total = sum((r["total_co2e_tons"] for r in trend), ZERO)
    p = projection[0] if projection else None
    return {
        "period": period,
        "period_options": period_options(months),
        "total_credits_tons": total,
        "total_value_usd": sum((r["credit_value_usd"] for r in trend), ZERO),
        "verified_credits": by_status["verified"],
        "rejected_credits": by_status["rejected"],
        "pending_credits": total - by_status["verified"] - by_status["rejected"],
        "credit_count": sum(r["credit_count"] for r in trend),
        "co2_avoided_kg": sum((r["co2_avoided_kg"] for r in trend), ZERO),
        "inventory_co2e_kg": sum((r["inventory_co2e_kg"] for r in trend), ZERO),
        "monthly_trend": trend,
        "yearly_projection": {"year": p["report_year"], "months_with_credits": p["months_with_credits"],
                              "total_co2e_tons": p["total_co2e_tons"],
                              "projected_year_tons": p["projected_year_tons"],
                              "projected_year_value_usd": p["projected_year_value_usd"]} if p else None,
        "methodology": {"methodology": factors[0]["methodology"], "methodology_name": factors[0]["methodology_name"],
                        "note": factors[0]["methodology_note"], "price_usd_per_mt": factors[0]["price_usd_per_mt"],
                        "factors": factors} if factors else None,
        "last_refreshed_at": refreshed,
    }


ENTRY_COLUMNS = ("carbon_credit_id as id, created_at, ticket_number, location_name, waste_type_name, "
                 "destination_name, credit_type, diversion_method, methodology, factor_set || ' v' || factor_version "
                 "as factor_set, avoided_mtco2e_per_short_ton, net_weight_lb, co2_avoided_kg, total_co2e_tons, "
                 "credit_value_usd")


def entries(company_id: str, period: str, limit: int) -> tuple[list[dict], int]:
    where, params = _where(company_id, period)
    with read_warehouse() as con:
        found = rows(con, f"select {ENTRY_COLUMNS} from marts.carbon_credit_estimates where {where} "
                          "order by created_at desc, carbon_credit_id limit ?", [*params, limit])
        total = rows(con, f"select count(*) as n from marts.carbon_credit_estimates where {where}", params)[0]["n"]
    return found, total


def entry(company_id: str, credit_id: str) -> dict | None:
    with read_warehouse() as con:
        found = rows(con, f"select {ENTRY_COLUMNS} from marts.carbon_credit_estimates "
                          "where company_id = ? and carbon_credit_id = ?", [company_id, credit_id])
    return found[0] if found else None
