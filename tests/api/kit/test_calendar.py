"""The company's day (api.kit.calendar): one default zone, local days, months and years at their
boundaries in two zones (Honolulu, UTC-10 all year; Los Angeles, with its DST changes)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime

import pytest

from api.kit import calendar

HNL, LAX = "Pacific/Honolulu", "America/Los_Angeles"


@dataclass
class Company:
    timezone: str | None


def at(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def test_one_default_for_all_of_flow():
    assert calendar.DEFAULT_TIMEZONE == LAX
    assert calendar.zone_name(None) == calendar.zone_name("") == calendar.zone_name("  ") == LAX
    assert calendar.company_zone_name(Company(None)) == LAX and calendar.company_zone_name(Company(HNL)) == HNL


@pytest.mark.parametrize(("instant", "zone", "day"), [
    (at(2027, 1, 1, 9, 30), HNL, date(2026, 12, 31)),  # 23:30 on 31 Dec in Honolulu: still 2026
    (at(2027, 1, 1, 10, 0), HNL, date(2027, 1, 1)),
    (at(2026, 3, 8, 7, 30), LAX, date(2026, 3, 7)),  # 23:30 PST, the night DST begins
    (at(2026, 3, 9, 6, 30), LAX, date(2026, 3, 8)),  # 23:30 PDT on the 23-hour day
    (at(2026, 11, 1, 6, 30), LAX, date(2026, 10, 31)),  # 23:30 PDT on 31 Oct: October
    (at(2026, 11, 1, 7, 30), LAX, date(2026, 11, 1)),  # 00:30 PDT on 1 Nov, the night DST ends
    (at(2026, 1, 1, 7, 59), None, date(2025, 12, 31)),  # no zone: the default, not UTC
])
def test_an_instant_falls_on_the_companys_day(instant, zone, day):
    assert calendar.local_day(instant, zone) == day
    assert calendar.company_today(Company(zone), now=instant) == day
    assert calendar.current_month(zone, now=instant) == (day.year, day.month)


def test_bounds_of_days_months_and_years_are_local_midnights():
    start, end = calendar.year_bounds(2026, HNL)
    assert (start, end) == (at(2026, 1, 1, 10), at(2027, 1, 1, 10))
    assert start <= at(2027, 1, 1, 9, 30) < end  # the Honolulu load of 31 Dec 23:30 counts in 2026
    assert calendar.month_bounds(2026, 12, HNL) == (at(2026, 12, 1, 10), at(2027, 1, 1, 10))
    # March 2026 in Los Angeles starts in PST (UTC-8) and ends in PDT (UTC-7).
    assert calendar.month_bounds(2026, 3, LAX) == (at(2026, 3, 1, 8), at(2026, 4, 1, 7))
    first, last = calendar.day_bounds(date(2026, 3, 8), date(2026, 3, 8), LAX)
    assert (last.astimezone(UTC) - first.astimezone(UTC)).total_seconds() == 23 * 3600  # the DST day is 23 hours long
    first, last = calendar.day_bounds(date(2026, 11, 1), date(2026, 11, 1), LAX)
    assert (last.astimezone(UTC) - first.astimezone(UTC)).total_seconds() == 25 * 3600
