"""Money in dollars held as Decimal, to the cent: the one CENT and the one rounding rule for an
amount a customer sees (half up, as on a paper invoice)."""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")


def cents(value: Decimal) -> Decimal:
    """An amount rounded to the cent, halves up (0.005 -> 0.01)."""
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)
