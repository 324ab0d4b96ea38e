"""Dashboards and reports answered from the published marts (ticket_facts_daily and friends).

The API filters the daily grain by company, location, period and names and sums it; every
formula over those sums (CO2, cost, ROI, payback...) is a warehouse function `marts.<name>`
that dbt publishes from dbt/macros/figures.sql, the same expressions its marts use and its tests
pin; docs/figures.md names each figure once. Diversion, CO2e, meals and cost figures count
outbound tickets only (waste the locations generated; an inbound load is a receipt, never the
company's diversion), on every screen; the basic and ticket reports' ticket and weight totals count
both directions and can filter them.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, timedelta

import duckdb

from api.kit.calendar import company_today
from api.kit.errors import Forbidden, Invalid
from api.tables.companies import Company
from api.warehouse import cached_rows, last_refreshed_at, read_warehouse

FACTS = "marts.ticket_facts_daily"
# The report marts (dbt/models/marts/core): the filters as columns, per day and per month, sorted
# by company. A period reads its whole months from the monthly mart and only the days of its
# partial months from the daily one (a year is a few thousand rows, not millions).
DAILY = "marts.report_facts_daily"
MONTHLY = "marts.report_facts_monthly"
DETAIL_MONTHLY = "marts.ticket_facts_monthly"  # with container and employee; its days: FACTS
TOP_WASTE_SOURCES = 5
COST_TOP_WASTE_TYPES = 3
DEFAULT_DAYS = 30  # the window when the caller names none
MAX_DAYS = 3660  # ten years


def pct(part: str, whole: str) -> str:
    """A share of two sums as the warehouse's one percent function (dbt/macros/figures.sql)."""
    return f"marts.percent_of({part}, {whole})"


@dataclass(frozen=True)
class ReportFilter:
    company_id: str
    start: date
    end: date
    location_id: str | None = None
    waste_type: str | None = None
    destination: str | None = None
    direction: str = "all"  # all | inbound | outbound

    @property
    def days(self) -> int:
        return (self.end - self.start).days + 1

    def where(self, *, outbound_only: bool = False) -> tuple[str, list]:
        """The filter on a daily mart (local_date) over the whole period."""
        clauses, params = self._filters(outbound_only)
        return " and ".join(["local_date between ? and ?", *clauses]), [self.start, self.end, *params]

    def facts(self, *, outbound_only: bool = False, detail: bool = False) -> tuple[str, list]:
        """A subquery (aliased `facts`) of the filtered rows of the period: its whole months from the
        monthly mart, the days before and after them from the daily one. `detail`: the marts with
        container and employee. The columns are the daily mart's but local_date."""
        daily, monthly = (FACTS, DETAIL_MONTHLY) if detail else (DAILY, MONTHLY)
        clauses, params = self._filters(outbound_only)
        cond = " and ".join(clauses)
        first = self.start if self.start.day == 1 else (self.start.replace(day=28) + timedelta(days=4)).replace(day=1)
        after = self.end + timedelta(days=1)
        stop = after.replace(day=1)  # the first day after the last whole month
        if first >= stop:  # no whole month: the days
            return (f"(select * exclude (local_date) from {daily} where local_date between ? and ? and {cond}) as facts",
                    [self.start, self.end, *params])
        parts = [f"select * exclude (month_start) from {monthly} where month_start >= ? and month_start < ? and {cond}"]
        values: list = [first, stop, *params]
        for low, high in ((self.start, first - timedelta(days=1)), (stop, self.end)):
            if low <= high:
                parts.append(f"select * exclude (local_date) from {daily} where local_date between ? and ? and {cond}")
                values += [low, high, *params]
        return "(" + " union all by name ".join(parts) + ") as facts", values

    def _filters(self, outbound_only: bool) -> tuple[list[str], list]:
        clauses = ["company_id = ?"]
        params: list = [self.company_id]
        if self.location_id:
            clauses.append("location_id = ?")
            params.append(self.location_id)
        # Names as the ticket list matches them (GET /api/tickets): trimmed, any case, "all" = any;
        # otherwise the generator's figures and its ticket table disagree on "food waste".
        for column, value in (("waste_type_name", self.waste_type), ("destination_name", self.destination)):
            name = (value or "").strip()
            if name and name.lower() != "all":
                clauses.append(f"lower({column}) = ?")
                params.append(name.lower())
        if outbound_only or self.direction == "outbound":
            clauses.append("not is_inbound")
        elif self.direction == "inbound":
            clauses.append("is_inbound")
        return clauses, params


def make_filter(
    company: Company, scope: uuid.UUID | None, *, start_date: date | None, end_date: date | None,
    store_id: uuid.UUID | None, waste_type: str | None, destination: str | None, ticket_type: str,
) -> ReportFilter:
    """The caller's report filter: their company always, their location when they are assigned one;
    the last 30 local days by default, at most 10 years."""
    end = end_date or company_today(company)
    start = start_date or end - timedelta(days=DEFAULT_DAYS - 1)
    if start > end:
        raise Invalid("start_date must be on or before end_date")
    if (end - start).days > MAX_DAYS:
        raise Invalid("The date range may cover at most 10 years")
    if scope is not None and store_id is not None and store_id != scope:
        raise Forbidden("You can only view reports for your assigned location")
    location = scope or store_id
    return ReportFilter(
        company_id=str(company.id), start=start, end=end, location_id=str(location) if location else None,
        waste_type=waste_type or None, destination=destination or None, direction=ticket_type,
    )


# The company's SB 1383 target (mart sb1383_targets: its setting, else 75%); the seeded default
# for a company the warehouse has not seen yet. Each takes the company id as one parameter.
TARGET = ("coalesce((select target_percent from marts.sb1383_targets where company_id = ?), "
          "(select constant_value from reference.impact_constants where constant_name = 'sb1383_target_percent'))")


# The SB 1383 organic diversion rate of a filtered sum (docs/figures.md): organic waste only.
ORGANIC_RATE = "marts.percent_of(sum(organic_diverted_weight_lb), sum(organic_weight_lb))"


def meets_target(rate_sql: str) -> str:
    return f"coalesce({rate_sql} >= {TARGET}, false)"


def _period(f: ReportFilter) -> dict:
    return {"start_date": f.start, "end_date": f.end}


def _one(con: duckdb.DuckDBPyConnection, query: str, params: list) -> dict:
    return cached_rows(con, query, params)[0]


# A ticket still waiting for its location (older databases, issue 29) has none in the marts; a
# breakdown by location names it so, never as a location of its own.
NO_LOCATION = "Without a location"
LOCATION = f"coalesce(location_name, '{NO_LOCATION}')"


def _shares(con, f: ReportFilter, column: str, limit: int | None = None) -> dict[str, dict]:
    facts, params = f.facts(outbound_only=True)
    top = f"limit {int(limit)}" if limit else ""
    found = cached_rows(con, f"""
        select {column} as name, sum(net_weight_lb) as weight,
               {pct('sum(net_weight_lb)', 'sum(sum(net_weight_lb)) over ()')} as percentage
        from {facts} group by {column} order by weight desc, name {top}""", params)
    return {r["name"]: {"weight": r["weight"], "percentage": r["percentage"]} for r in found}


def dashboard(f: ReportFilter) -> dict:
    with read_warehouse() as con:
        facts, facts_params = f.facts(outbound_only=True)
        totals = _one(con, f"""
            select coalesce(sum(ticket_count), 0) as total_tickets,
                   coalesce(sum(net_weight_lb), 0) as total_weight,
                   coalesce(sum(diverted_weight_lb), 0) as diverted_weight,
                   {pct('sum(diverted_weight_lb)', 'sum(net_weight_lb)')} as diversion_rate,
                   marts.co2e_kg(coalesce(sum(co2e_avoided_kg), 0)) as co2_prevented_kg,
                   marts.meals(coalesce(sum(meals_recovered), 0)) as meals_recovered,
                   marts.cost_saved_usd(coalesce(sum(diverted_weight_lb), 0)) as cost_savings,
                   marts.co2e_lb(coalesce(sum(co2e_avoided_kg), 0)) as co2_saved_lbs,
                   marts.trees_planted(marts.co2e_lb(coalesce(sum(co2e_avoided_kg), 0))) as trees_planted,
                   marts.car_days(marts.co2e_lb(coalesce(sum(co2e_avoided_kg), 0))) as car_days,
                   marts.energy_kwh(marts.co2e_lb(coalesce(sum(co2e_avoided_kg), 0))) as energy_kwh,
                   round(coalesce(sum(net_weight_lb), 0) / ?, 1) as weight_per_day,
                   round(coalesce(sum(ticket_count), 0) / ?, 1) as tickets_per_day,
                   {meets_target(ORGANIC_RATE)} as ca_compliance,
                   {TARGET} as ca_compliance_target
            from {facts}""", [f.days, f.days, f.company_id, f.company_id, *facts_params])
        where, params = f.where(outbound_only=True)
        trend = cached_rows(con, f"""
            select local_date as date, sum(net_weight_lb) as weight, sum(diverted_weight_lb) as diverted_weight,
                   {pct('sum(diverted_weight_lb)', 'sum(net_weight_lb)')} as diversion_rate
            from {DAILY} where {where} group by local_date order by local_date""", params)
        refreshed = last_refreshed_at(con)
        sources = _shares(con, f, "waste_type_name", TOP_WASTE_SOURCES)
        locations = _shares(con, f, LOCATION)
    return {
        **{key: totals[key] for key in ("total_tickets", "total_weight", "diverted_weight", "diversion_rate",
                                        "co2_prevented_kg", "meals_recovered",
                                        "cost_savings")},
        "ca_compliance": bool(totals["ca_compliance"]),
        "ca_compliance_target": totals["ca_compliance_target"],
        "esg_metrics": {"co2_saved_lbs": totals["co2_saved_lbs"], "cost_saved_usd": totals["cost_savings"],
                        "meals_recovered": totals["meals_recovered"], "trees_planted": totals["trees_planted"],
                        "car_days": totals["car_days"], "energy_kwh": totals["energy_kwh"]},
        "operational_kpis": {
            "daily_averages": {"weight_per_day": totals["weight_per_day"],
                               "tickets_per_day": totals["tickets_per_day"]},
            "waste_reduction_progress": {"trend": trend},
            "top_waste_sources": sources,
            "location_breakdown": locations,
        },
        "period": _period(f),
        "last_refreshed_at": refreshed,
    }


def basic_report(f: ReportFilter) -> dict:
    with read_warehouse() as con:
        # Ticket and weight totals of the filter (both directions unless the ticket type says);
        # the diversion rate and the impact block of its outbound tickets only, as on every screen.
        facts, params = f.facts()
        out = "filter (where not is_inbound)"
        totals = _one(con, f"""
            select coalesce(sum(ticket_count), 0) as total_tickets,
                   coalesce(sum(net_weight_lb), 0) as total_net_weight,
                   coalesce(sum(gross_weight_lb), 0) as total_gross_weight,
                   coalesce(sum(tare_weight_lb), 0) as total_tare_weight,
                   {pct(f'sum(diverted_weight_lb) {out}', f'sum(net_weight_lb) {out}')} as diversion_rate,
                   marts.co2e_kg(coalesce(sum(co2e_avoided_kg) {out}, 0)) as co2_prevented_kg,
                   marts.meals(coalesce(sum(meals_recovered) {out}, 0)) as meals_recovered,
                   marts.cost_saved_usd(coalesce(sum(diverted_weight_lb) {out}, 0)) as cost_savings_usd
            from {facts}""", params)
        refreshed = last_refreshed_at(con)
    esg = {key: totals.pop(key) for key in ("co2_prevented_kg", "meals_recovered", "cost_savings_usd")}
    return {**totals, "basic_esg": esg, "period": _period(f), "last_refreshed_at": refreshed}


BREAKDOWNS = {
    "by_waste_type": "waste_type_name", "by_destination": "destination_name", "by_employee": "employee_name",
    "by_container": "container_name", "by_location": LOCATION, "by_date": "cast(local_date as varchar)",
}
DETAIL_COLUMNS = ("employee_name", "container_name")  # in the detail marts only


def ticket_report(f: ReportFilter, *, include_breakdowns: bool) -> dict:
    with read_warehouse() as con:
        facts, params = f.facts()
        totals = _one(con, f"""
            select coalesce(sum(ticket_count), 0) as total_tickets,
                   coalesce(sum(net_weight_lb), 0) as total_net_weight,
                   coalesce(round(sum(net_weight_lb) / nullif(sum(ticket_count), 0), 1), 0) as avg_net_weight,
                   coalesce(sum(ticket_count) filter (where is_inbound), 0) as inbound_tickets,
                   coalesce(sum(net_weight_lb) filter (where is_inbound), 0) as inbound_weight,
                   coalesce(sum(ticket_count) filter (where not is_inbound), 0) as outbound_tickets,
                   coalesce(sum(net_weight_lb) filter (where not is_inbound), 0) as outbound_weight
            from {facts}""", params)
        breakdowns = None
        if include_breakdowns:
            breakdowns = {}
            for key, column in BREAKDOWNS.items():
                if key == "by_date":
                    where, where_params = f.where()
                    source, source_params = f"{DAILY} where {where}", where_params
                else:
                    source, source_params = f.facts(detail=column in DETAIL_COLUMNS)
                order = "name" if key == "by_date" else "net_weight desc, name"
                breakdowns[key] = cached_rows(con, f"""
                    select {column} as name, sum(ticket_count) as ticket_count, sum(net_weight_lb) as net_weight,
                           {pct('sum(net_weight_lb)', 'sum(sum(net_weight_lb)) over ()')} as percentage
                    from {source} group by {column} order by {order}""", source_params)
        refreshed = last_refreshed_at(con)
    return {
        "summary": {key: totals[key] for key in ("total_tickets", "total_net_weight", "avg_net_weight")},
        "inbound": {"total_tickets": totals["inbound_tickets"], "total_net_weight": totals["inbound_weight"]},
        "outbound": {"total_tickets": totals["outbound_tickets"], "total_net_weight": totals["outbound_weight"]},
        "breakdowns": breakdowns,
        "period": _period(f),
        "last_refreshed_at": refreshed,
    }
