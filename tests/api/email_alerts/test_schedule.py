"""next_run and friends: local wall-clock slots, right across DST changes and month ends."""
from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from api.email_alerts.schedule import Rule, last_due, last_friday, next_run, report_period

LA = "America/Los_Angeles"


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


def test_daily_0900_keeps_its_wall_clock_across_spring_forward():
    rule = Rule("daily", "09:00", LA)
    # 2026-03-08 is the day US clocks go forward: 09:00 PST on the 7th, 09:00 PDT on the 8th.
    first = next_run(rule, utc(2026, 3, 7, 12))
    assert first == utc(2026, 3, 7, 17)
    second = next_run(rule, first)
    assert second == utc(2026, 3, 8, 16)  # 23 hours later: the same 09:00 on the wall
    assert second - first == timedelta(hours=23)


def test_daily_0900_on_the_day_clocks_go_back():
    rule = Rule("daily", "09:00", LA)
    # 2026-11-01: clocks go back at 02:00; 09:00 PST is 17:00 UTC (25 hours after the day before).
    assert next_run(rule, utc(2026, 11, 1, 0)) == utc(2026, 10, 31, 16) + timedelta(hours=25)


def test_a_time_that_does_not_exist_is_sent_once_an_hour_later_on_the_wall():
    rule = Rule("daily", "02:30", LA)
    slot = next_run(rule, utc(2026, 3, 8, 8))  # 00:00 PST on the change day
    assert slot == utc(2026, 3, 8, 10, 30)  # 02:30 PST = 03:30 PDT
    assert next_run(rule, slot) == utc(2026, 3, 9, 9, 30)  # back to 02:30 PDT


def test_a_repeated_hour_is_sent_at_its_first_occurrence_only():
    rule = Rule("daily", "01:30", LA)
    slot = next_run(rule, utc(2026, 11, 1, 7))  # 00:00 PDT on the day clocks go back
    assert slot == utc(2026, 11, 1, 8, 30)  # 01:30 PDT
    assert next_run(rule, slot) == utc(2026, 11, 2, 9, 30)  # not 01:30 PST the same night


@pytest.mark.parametrize(("year", "month", "expected"), [
    (2026, 2, date(2026, 2, 27)), (2028, 2, date(2028, 2, 25)), (2026, 7, date(2026, 7, 31)),
    (2026, 5, date(2026, 5, 29)), (2027, 12, date(2027, 12, 31)),
])
def test_last_friday_of_the_month(year, month, expected):
    assert last_friday(year, month) == expected


def test_last_friday_of_february_from_the_end_of_january():
    rule = Rule("last-friday-month", "09:00", LA)
    assert next_run(rule, utc(2026, 1, 31, 12)) == utc(2026, 2, 27, 17)
    # Right after it: the next is the last Friday of March (in daylight time).
    assert next_run(rule, utc(2026, 2, 27, 17)) == utc(2026, 3, 27, 16)


def test_monthly_is_the_first_of_the_month_across_year_end():
    rule = Rule("monthly", "09:00", LA)
    assert next_run(rule, utc(2026, 12, 15)) == utc(2027, 1, 1, 17)
    assert report_period(rule, utc(2027, 1, 1, 17)) == (date(2026, 12, 1), date(2026, 12, 31))


def test_weekly_on_the_chosen_working_day():
    rule = Rule("weekly", "07:15", "America/New_York", weekly_day="wednesday")
    slot = next_run(rule, utc(2026, 11, 23, 12))  # a Monday
    assert slot == utc(2026, 11, 25, 12, 15)
    assert report_period(rule, slot) == (date(2026, 11, 18), date(2026, 11, 24))


def test_a_slot_exactly_now_is_due_not_next():
    rule = Rule("daily", "09:00", LA)
    slot = utc(2026, 6, 1, 16)
    assert last_due(rule, slot) == slot
    assert next_run(rule, slot) == utc(2026, 6, 2, 16)
    assert last_due(rule, slot - timedelta(seconds=1)) == utc(2026, 5, 31, 16)


def test_the_company_zone_decides_the_day():
    # 23:30 on 31 March in Los Angeles is already 1 April in UTC: the monthly slot is the local 1st.
    rule = Rule("monthly", "23:30", LA)
    assert next_run(rule, utc(2026, 3, 15)) == utc(2026, 4, 2, 6, 30)
