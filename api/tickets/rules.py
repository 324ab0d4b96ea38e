"""The ticket rules that need no database: weights, money, notes, vehicle info, time."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal

from api.kit.errors import Invalid
from api.kit.money import cents
from api.kit.units import LB_PER_TON
from api.tickets.schemas import MAX_WEIGHT_LB

TENTH = Decimal("0.1")
CLOCK_SKEW = timedelta(minutes=5)


def tenth(value: Decimal) -> Decimal:
    return Decimal(value).quantize(TENTH, rounding=ROUND_HALF_UP)


def weights(gross: Decimal | None, tare: Decimal | None, *, required: bool) -> tuple[Decimal, Decimal, Decimal]:
    """(gross, tare, net) in lb at 0.1; net = gross - tare, never negative."""
    if gross is None or gross <= 0:
        if required:
            raise Invalid("Please provide a valid weight")
        return Decimal("0.0"), tenth(tare or 0), Decimal("0.0")
    gross = tenth(gross)
    tare = tenth(tare or 0)
    if gross > MAX_WEIGHT_LB or tare > MAX_WEIGHT_LB:
        raise Invalid("Weight cannot exceed 200,000 lbs")
    if tare > gross:
        raise Invalid("Tare weight cannot exceed gross weight")
    return gross, tare, gross - tare


def amount(price: Decimal | None, pricing_unit: str | None, quantity: Decimal, unit: str) -> Decimal:
    """price x quantity when the units meet (lb and ton convert; yard meets cubic_yards), else 0."""
    if price is None or quantity is None:
        return Decimal("0.00")
    lbs = quantity if unit == "lbs" else quantity * LB_PER_TON if unit == "tons" else None
    if pricing_unit == "lb" and lbs is not None:
        return cents(price * lbs)
    if pricing_unit == "ton" and lbs is not None:
        return cents(price * lbs / LB_PER_TON)
    if pricing_unit == "yard" and unit == "cubic_yards":
        return cents(price * quantity)
    return Decimal("0.00")


def weighing_time(ticket_at: datetime | None, now: datetime) -> datetime:
    if ticket_at is None:
        return now
    if ticket_at.tzinfo is None:
        ticket_at = ticket_at.replace(tzinfo=UTC)
    if ticket_at > now + CLOCK_SKEW:
        raise Invalid("Ticket time cannot be in the future")
    return ticket_at.astimezone(UTC)


def method_label(ocr_provider: str | None, manual_override: bool) -> str:
    """My Ticket History's method column (spec 2 s2.3): 'gpt4_vision' there; any AI provider here."""
    if ocr_provider and ocr_provider.lower() not in ("manual", "none"):
        return "AI Vision"
    return "Manual" if manual_override else "Entry"
