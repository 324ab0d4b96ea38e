"""Shared input rules for request bodies and queries, so one rule is written once.

Validators that run before pydantic's own type check (mode="before") see whatever JSON the
client sent: a list, a number, an object. `text()` turns anything that is not a string into a
clear 422 instead of letting `.strip()` raise AttributeError (a 500).
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, StrictBool, WithJsonSchema

_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_ISO_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")
# Five centuries is already absurd for a report; beyond this a date is a typo or an attack.
MIN_DATE, MAX_DATE = date(2000, 1, 1), date(2100, 12, 31)


class FieldValueError(ValueError):
    """A rule that spans fields (checked in a model validator) but is about one of them: the
    422 answer names `field` (api.kit.errors reads it), not the whole body."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


@contextmanager
def about(field: str) -> Iterator[None]:
    """A shared check (an e-mail, a PIN, a role) run inside a model validator: its ValueError
    names `field`."""
    try:
        yield
    except FieldValueError:
        raise
    except ValueError as exc:
        raise FieldValueError(field, str(exc)) from None


def text(value: Any, label: str) -> str | None:
    """The value as a string, None when absent; anything else is refused naming the field."""
    if value is None or isinstance(value, str):
        return value
    raise ValueError(f"{label} must be text")


def _iso_date(value: Any) -> Any:
    if isinstance(value, date):
        return value
    if value is None:
        return None
    if not isinstance(value, str) or not _ISO_DATE.match(value):
        # pydantic's lax mode would read 0 or "0" as 1970-01-01 (a Unix time): refuse it.
        raise ValueError("must be a date written YYYY-MM-DD")
    parsed = date.fromisoformat(value)
    if not MIN_DATE <= parsed <= MAX_DATE:
        raise ValueError(f"must be between {MIN_DATE} and {MAX_DATE}")
    return parsed


# A calendar date as the API takes it: 'YYYY-MM-DD' only, in a sane range.
IsoDate = Annotated[date, BeforeValidator(_iso_date), WithJsonSchema({
    "type": "string", "format": "date", "pattern": r"^(20[0-9]{2}|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$",
    "description": "YYYY-MM-DD, from 2000-01-01 to 2100-12-31"})]
def _iso_datetime(value: Any) -> Any:
    if value is None or isinstance(value, datetime):
        return value
    if not isinstance(value, str) or not _ISO_DATETIME.match(value):
        # lax mode reads 0 or "0" as 1970-01-01T00:00:00Z (a Unix time): refuse it.
        raise ValueError("must be a date and time written YYYY-MM-DDTHH:MM:SS, with its zone")
    return value


# A moment as the API takes it: ISO 8601 text only (pydantic then checks it is a real time).
IsoDateTime = Annotated[datetime, BeforeValidator(_iso_datetime)]
# true/false only: lax bool would take 0, 1, "yes", "off" (the fuzzer's `is_active: 0`).
Flag = StrictBool


def _not_nullable(schema: dict) -> None:
    schema.pop("default", None)


def Kept(**constraints: Any) -> Any:
    """A field of a partial update that may be left out (the stored value is kept) but not sent as
    null, because the column has no empty value: `active: bool = Kept()`. An explicit null is a 422
    naming the field (it was a NOT NULL violation, a 500); the document shows the field as neither
    required nor nullable."""
    declared = constraints.pop("json_schema_extra", None) or {}

    def schema(field: dict) -> None:
        _not_nullable(field)
        field.update(declared)

    return Field(None, json_schema_extra=schema, **constraints)
