"""The SB 1383 targets as the API reads them: the warehouse's values, never a literal here.

The seeded defaults live in dbt's seed impact_constants (reference.impact_constants) and the
warehouse rates each year against the company's setting, else that default (macro
sb1383_target_percent). Before the warehouse has a year, the API answers with the same rule."""
from __future__ import annotations

from decimal import Decimal

from api.warehouse import cached_rows

SEEDED = ("sb1383_target_percent", "sb1383_food_recovery_target_percent", "ear_min_tickets")


def constants(con) -> dict[str, Decimal]:
    """The seeded SB 1383 constants, by name."""
    found = cached_rows(con, "select constant_name, constant_value from reference.impact_constants "
                             "where constant_name in (?, ?, ?)", list(SEEDED))
    return {r["constant_name"]: r["constant_value"] for r in found}


def diversion_target(rated_year: dict | None, setting: Decimal | None, seeded: dict[str, Decimal]) -> Decimal:
    """The year's target as the warehouse rated it; before that, the company's setting, else the seed."""
    if rated_year is not None:
        return rated_year["target_percent"]
    return setting if setting is not None else seeded["sb1383_target_percent"]
