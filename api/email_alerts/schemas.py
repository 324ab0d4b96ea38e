"""Email alerts contract (spec 1 sections 6 and 9; DESIGN.md wave-2 names)."""
from __future__ import annotations

import re
import uuid
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from api.auth.schemas import blank, clean_email
from api.email_alerts.schedule import SCHEDULES, WEEKDAYS
from api.kit.contract import HH_MM, RECIPIENTS, TEXT, Needed
from api.kit.validation import Flag

REPORT_TYPES = ("ticket-report", "sb1383", "esg-summary", "cost-analysis", "ai-analytics", "esg-impact")
ENTERPRISE_TYPES = ("ai-analytics", "esg-impact")
MAX_RECIPIENTS = 20
TIME_SHAPE = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


def clean_recipients(value: str | None) -> str:
    """Comma-separated, trimmed, each a valid address, no repeats; stored as 'a@x.com, b@y.org'."""
    parts = [p.strip() for p in (value or "").replace(";", ",").split(",") if p.strip()]
    if not parts:
        raise ValueError("recipients: enter at least one email address")
    seen: list[str] = []
    for part in parts:
        try:
            email = clean_email(part)
        except ValueError:
            raise ValueError(f"recipients: '{part[:80]}' is not a valid email address") from None
        if email not in seen:
            seen.append(email)
    if len(seen) > MAX_RECIPIENTS:
        raise ValueError(f"recipients: at most {MAX_RECIPIENTS} addresses")
    return ", ".join(seen)


def _check_time(value: str) -> str:
    value = (value or "").strip()
    if not TIME_SHAPE.match(value):
        raise ValueError("send_time: use HH:MM, 24-hour (for example 09:00)")
    return value


class EmailAlertBase(BaseModel):
    @field_validator("weekly_day", mode="before", check_fields=False)
    @classmethod
    def _day(cls, value: Any) -> Any:
        # Text is read in any case; a blank is no day; anything else ({}, 0, false) is refused by
        # the enum, not taken as no day (issue 31: the strict fuzz run saw `{}` accepted).
        return (value.strip().lower() or None) if isinstance(value, str) else value


class EmailAlertCreate(EmailAlertBase):
    name: str = Needed(text=True)
    report_type: Literal[REPORT_TYPES] = "ticket-report"  # type: ignore[valid-type]
    schedule: Literal[SCHEDULES] = "weekly"  # type: ignore[valid-type]
    weekly_day: Literal[WEEKDAYS] | None = None  # type: ignore[valid-type]
    send_time: str = Field("09:00", json_schema_extra=HH_MM)
    recipients: str = Needed(declared=RECIPIENTS)
    is_active: Flag = True

    @model_validator(mode="after")
    def _rules(self) -> EmailAlertCreate:
        if blank(self.name):
            raise ValueError("name: Alert name is required")
        self.name = self.name.strip()[:120]
        self.send_time = _check_time(self.send_time)
        self.recipients = clean_recipients(self.recipients)
        if self.schedule == "weekly":
            self.weekly_day = self.weekly_day or "monday"
        else:
            self.weekly_day = None
        return self


class EmailAlertUpdate(EmailAlertBase):
    """Fields left out keep their value."""

    name: str | None = Field(None, json_schema_extra=TEXT)
    report_type: Literal[REPORT_TYPES] | None = None  # type: ignore[valid-type]
    schedule: Literal[SCHEDULES] | None = None  # type: ignore[valid-type]
    weekly_day: Literal[WEEKDAYS] | None = None  # type: ignore[valid-type]
    send_time: str | None = Field(None, json_schema_extra=HH_MM)
    recipients: str | None = Field(None, json_schema_extra=RECIPIENTS)
    is_active: Flag | None = None

    @model_validator(mode="after")
    def _rules(self) -> EmailAlertUpdate:
        if self.name is not None:
            if blank(self.name):
                raise ValueError("name: Alert name is required")
            self.name = self.name.strip()[:120]
        if self.send_time is not None:
            self.send_time = _check_time(self.send_time)
        if self.recipients is not None:
            self.recipients = clean_recipients(self.recipients)
        return self


class SendRead(BaseModel):
    model_config = {"from_attributes": True}

    id: uuid.UUID
    slot_at: datetime
    kind: str
    status: str
    recipients: str
    attachments: str
    error: str | None
    created_at: datetime
    finished_at: datetime | None


class EmailAlertRead(BaseModel):
    id: uuid.UUID
    name: str
    report_type: str
    schedule: str
    weekly_day: str | None
    send_time: str
    timezone: str
    recipients: str
    is_active: bool
    next_run_at: datetime | None
    last_send: SendRead | None
    created_at: datetime


class EmailAlertList(BaseModel):
    alerts: list[EmailAlertRead]
    report_types: list[str]
    timezone: str


class EmailAlertDeleted(BaseModel):
    message: str


class TestSendResult(BaseModel):
    message: str
    send: SendRead
