"""The company's day: the one home of time zones and "today" for all of Flow.

Instants are stored in UTC; a day, a month or a year is the company's, in the zone of its
preferences (companies.timezone). When a company has none, DEFAULT_TIMEZONE applies, the same
default as dbt's var `company_timezone_default` and the web's DEFAULT_TIME_ZONE (lib/format.ts):
America/Los_Angeles, because Flow reports to California first (SB 1383) and the column's own
default is that zone; UTC would put a Californian evening's tickets on the next day.

A ticket weighed at 23:30 in Honolulu on 31 December is on 31 December, in December and in that
year, wherever it is counted.
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Protocol
from zoneinfo import ZoneInfo

DEFAULT_TIMEZONE = "America/Los_Angeles"


class HasTimezone(Protocol):
    timezone: str | None


def zone_name(tz: str | None) -> str:
    """The zone to use: the one given, else Flow's default."""
    return (tz or "").strip() or DEFAULT_TIMEZONE


def company_zone_name(company: HasTimezone | None) -> str:
    return zone_name(company.timezone if company is not None else None)


def company_zone(company: HasTimezone | None) -> ZoneInfo:
    return ZoneInfo(company_zone_name(company))


def local_day(at: datetime, tz: str | None) -> date:
    """The calendar day an instant falls on in the zone."""
    return at.astimezone(ZoneInfo(zone_name(tz))).date()


def today(tz: str | None, now: datetime | None = None) -> date:
    return local_day(now or datetime.now(tz=ZoneInfo("UTC")), tz)


def company_today(company: HasTimezone | None, now: datetime | None = None) -> date:
    """Today in the company's zone."""
    return today(company.timezone if company is not None else None, now)


def local_midnight(day: date, tz: str | None) -> datetime:
    """The instant a local day begins (aware; DST days are 23 or 25 hours long)."""
    return datetime.combine(day, time.min, tzinfo=ZoneInfo(zone_name(tz)))


def day_bounds(first: date, last: date, tz: str | None) -> tuple[datetime, datetime]:
    """[start, end) instants of the local days first..last inclusive."""
    return local_midnight(first, tz), local_midnight(last + timedelta(days=1), tz)


def month_bounds(year: int, month: int, tz: str | None) -> tuple[datetime, datetime]:
    """[start, end) instants of a local calendar month."""
    nxt = date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)
    return local_midnight(date(year, month, 1), tz), local_midnight(nxt, tz)


def year_bounds(year: int, tz: str | None) -> tuple[datetime, datetime]:
    return local_midnight(date(year, 1, 1), tz), local_midnight(date(year + 1, 1, 1), tz)


def current_month(tz: str | None, now: datetime | None = None) -> tuple[int, int]:
    day = today(tz, now)
    return day.year, day.month
