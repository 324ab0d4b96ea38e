"""Field types and checks that several domains' contracts share (spec 1 section 5)."""
from __future__ import annotations

import re
from decimal import Decimal
from typing import Annotated

from pydantic import PlainSerializer

# Decimals stay exact inside; the JSON carries them as numbers, as the web expects.
JsonNumber = Annotated[Decimal, PlainSerializer(float, return_type=float, when_used="json")]

# Spec 1 section 5: non-space text, at sign, non-space text, dot, non-space text.
EMAIL_SHAPE = re.compile(r"^\S+@\S+\.\S+$")
PIN_SHAPE = re.compile(r"^\d{4}$")
PASSWORD_MIN = 6
# The largest `offset` of a paged list: Postgres's and DuckDB's bigint. A larger one failed in the
# database (a 500); bounded here, it is a 422 naming the field.
MAX_OFFSET = 2**63 - 1


def blank(value: str | None) -> bool:
    """Whitespace-only counts as empty (spec 1 section 5)."""
    return value is None or not str(value).strip()


def clean_email(value: str | None, *, required: str = "Email is required") -> str:
    if blank(value):
        raise ValueError(required)
    email = value.strip().lower()
    if not EMAIL_SHAPE.match(email) or len(email) > 320:
        raise ValueError("Please enter a valid email address")
    return email


def check_pin(value: str) -> str:
    if not PIN_SHAPE.match(value or ""):
        raise ValueError("PIN must be exactly 4 digits")
    return value
