"""Data-quality expectations on the marts, checked on the work file before anything is published.

Plain SQL (each check is one count of offending rows): a Great Expectations suite would add a
context and a datasource for four counts, and these run on any adapter the dbt project targets.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import duckdb


@dataclass(frozen=True)
class Expectation:
    name: str
    asset: str
    description: str
    offending_rows_sql: str


EXPECTATIONS = (
    Expectation(
        "weights_never_negative", "tickets", "No completed ticket has a negative gross, tare or net weight.",
        "select count(*) from marts.tickets where gross_weight_lb < 0 or tare_weight_lb < 0 or net_weight_lb < 0",
    ),
    Expectation(
        "net_is_gross_minus_tare", "tickets", "Net weight = gross − tare on every ticket (to 0.1 lb).",
        "select count(*) from marts.tickets where abs(net_weight_lb - (gross_weight_lb - tare_weight_lb)) > 0.05",
    ),
    Expectation(
        "each_ticket_in_one_day_and_location", "ticket_facts_daily",
        "Every completed ticket is counted once, on one local day and one location.",
        "select abs((select count(*) from marts.tickets) - (select coalesce(sum(ticket_count), 0) "
        "from marts.ticket_facts_daily)) + (select count(*) from marts.tickets where local_date is null) "
        "+ (select count(*) - count(distinct ticket_id) from marts.tickets)",
    ),
    Expectation(
        "rates_within_0_and_100", "location_monthly_stats", "Every diversion rate is a percent in 0..100.",
        "select (select count(*) from marts.location_monthly_stats where diversion_rate_percent not between 0 and 100)"
        " + (select count(*) from marts.diversion_daily where diversion_rate_percent not between 0 and 100)"
        " + (select count(*) from marts.diversion_monthly where diversion_rate_percent not between 0 and 100)",
    ),
)


def offending_rows(build_file: Path, expectation: Expectation) -> int:
    con = duckdb.connect(str(build_file), read_only=True)
    try:
        return int(con.execute(expectation.offending_rows_sql).fetchone()[0])
    finally:
        con.close()
