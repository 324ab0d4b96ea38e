"""Field types and checks that several domains' contracts share (spec 1 section 5)."""
from __future__ import annotations

import gzip
import re
from datetime import UTC, datetime
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Annotated

from pydantic import AfterValidator, PlainSerializer

# Decimals stay exact inside; the JSON carries them as numbers, as the web expects.
JsonNumber = Annotated[Decimal, PlainSerializer(float, return_type=float, when_used="json")]


def _utc(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


# A time read from the warehouse (DuckDB TIMESTAMP, UTC without a zone): sent with its zone, as
# the document's date-time format promises (issue 31: '2026-11-27T10:00:00' failed the schema).
UtcDateTime = Annotated[datetime, AfterValidator(_utc)]

# Spec 1 section 5: non-space text, at sign, non-space text, dot, non-space text.
EMAIL_SHAPE = re.compile(r"^\S+@\S+\.\S+$")
PIN_SHAPE = re.compile(r"^\d{4}$")
PASSWORD_MIN = 6
# The largest `offset` of a paged list: Postgres's and DuckDB's bigint. A larger one failed in the
# database (a 500); bounded here, it is a 422 naming the field.
MAX_OFFSET = 2**63 - 1
# The heaviest weighing a ticket takes, lb (spec 2: "Weight cannot exceed 200,000 lbs"); a
# container's tare is held to it too, or a ticket on that container could never be made.
MAX_WEIGHT_LB = 200000


# The 20,000 most common passwords (Royce Williams' list, as Django ships it in
# django/contrib/auth/common-passwords.txt.gz, BSD licence), lower case, one a line.
COMMON_PASSWORDS_FILE = Path(__file__).with_name("common-passwords.txt.gz")
COMMON_PASSWORD = "This password is too common: choose one that is harder to guess"


@cache
def _common_passwords() -> frozenset[str]:
    with gzip.open(COMMON_PASSWORDS_FILE, "rt", encoding="utf-8") as lines:
        return frozenset(line.strip() for line in lines if line.strip())


def is_common_password(value: str) -> bool:
    """In the common-passwords list, ignoring case and surrounding spaces (`Password1`, `123456`)."""
    return value.strip().lower() in _common_passwords()


def check_password(value: str, *, too_short: str = "Password must be at least 6 characters") -> None:
    """Spec 1 section 5's 6-character minimum, and not one of the common passwords (issue 31)."""
    if len(value) < PASSWORD_MIN:
        raise ValueError(too_short)
    if is_common_password(value):
        raise ValueError(COMMON_PASSWORD)


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
