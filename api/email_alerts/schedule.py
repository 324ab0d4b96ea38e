"""When a scheduled report is due: one function, in the company's time zone, as UTC instants.

A slot is a local calendar day at the alert's local time. Working day by day (not by adding
24 hours) keeps 09:00 at 09:00 across daylight-saving changes. A local time that does not exist
on the day clocks go forward (02:30 in most US zones) is sent at the same UTC offset as before the
change, i.e. one hour later on the wall clock; a time that happens twice on the day clocks go back
is sent at its first occurrence. Either way every day has exactly one slot.

Schedules (spec 1 section 9): daily; weekly on one day Monday to Friday; monthly on the 1st;
last-friday-month on the month's last Friday.
"""
from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

SCHEDULES = ("daily", "weekly", "monthly", "last-friday-month")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday")
# Look back at most this far for a slot the sender missed (daemon down): later, it is skipped.
CATCH_UP = timedelta(hours=6)


@dataclass(frozen=True)
class Rule:
    schedule: str
    send_time: str  # "HH:MM", local
    timezone: str
    weekly_day: str | None = None

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def clock(self) -> time:
        hours, minutes = self.send_time.split(":")
        return time(int(hours), int(minutes))


def last_friday(year: int, month: int) -> date:
    last = date(year, month, calendar.monthrange(year, month)[1])
    return last - timedelta(days=(last.weekday() - calendar.FRIDAY) % 7)


def is_send_day(rule: Rule, day: date) -> bool:
    if rule.schedule == "daily":
        return True
    if rule.schedule == "weekly":
        return day.weekday() == WEEKDAYS.index(rule.weekly_day or "monday")
    if rule.schedule == "monthly":
        return day.day == 1
    if rule.schedule == "last-friday-month":
        return day == last_friday(day.year, day.month)
    raise ValueError(f"unknown schedule {rule.schedule!r}")


def slot_on(rule: Rule, day: date) -> datetime:
    """The UTC instant of `day`'s slot (fold=0: the first of a repeated hour; a skipped hour
    keeps the offset from before the change)."""
    return datetime.combine(day, rule.clock(), tzinfo=rule.zone).astimezone(UTC)


def next_run(rule: Rule, after: datetime) -> datetime:
    """The first slot strictly after `after` (an aware datetime), in UTC."""
    day = after.astimezone(rule.zone).date() - timedelta(days=1)
    for _ in range(400):
        if is_send_day(rule, day):
            slot = slot_on(rule, day)
            if slot > after:
                return slot
        day += timedelta(days=1)
    raise ValueError("no slot within a year")  # unreachable for the four schedules


def last_due(rule: Rule, now: datetime) -> datetime | None:
    """The latest slot at or before `now`, within the last ~40 days; None if there is none."""
    day = now.astimezone(rule.zone).date() + timedelta(days=1)
    for _ in range(40):
        if is_send_day(rule, day):
            slot = slot_on(rule, day)
            if slot <= now:
                return slot
        day -= timedelta(days=1)
    return None


def report_period(rule: Rule, slot: datetime) -> tuple[date, date]:
    """The whole local days a slot's report covers, ending the day before the send:
    daily the previous day, weekly the previous 7 days, monthly the previous calendar month,
    last-friday-month the month so far (from the 1st to the Thursday before)."""
    day = slot.astimezone(rule.zone).date()
    end = day - timedelta(days=1)
    if rule.schedule == "daily":
        return end, end
    if rule.schedule == "weekly":
        return day - timedelta(days=7), end
    if rule.schedule == "monthly":
        return end.replace(day=1), end
    return day.replace(day=1), end
