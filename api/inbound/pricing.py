"""Inbound line pricing (spec 3 s9): which price applies, and unit conversions. No database.

Precedence, first that is set wins:
1. the payee's custom price for the line's waste type (customer_prices),
2. the payee's default price (customers.custom_pricing_per_unit / default_unit_of_measure),
3. the system product price (waste_types.default_price_per_unit / default_pricing_unit),
4. the company's default inbound price (company_settings.inbound_default_price_per_unit),
5. FALLBACK_PRICE_PER_LB (0.1 per lb, the spec's estimate fallback).

A line's quantity is in lbs, tons or cubic_yards; a price is per lb, ton, yard (cubic yard),
gallon or each. Where they differ the quantity is converted with the named factors below; weight
and volume meet through the density of food scraps.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from api.kit.errors import Invalid

CENT = Decimal("0.01")
FALLBACK_PRICE_PER_LB = Decimal("0.1")
LB_PER_TON = Decimal(2000)  # US short ton
CUBIC_INCHES_PER_GALLON = Decimal(231)  # US liquid gallon (exact)
CUBIC_INCHES_PER_CUBIC_YARD = Decimal(46656)  # 36 in x 36 in x 36 in (exact)
GALLONS_PER_CUBIC_YARD = CUBIC_INCHES_PER_CUBIC_YARD / CUBIC_INCHES_PER_GALLON  # 201.974...
# US EPA ORCR, "Volume-to-Weight Conversion Factors" (April 2016): food / food scraps, 396 lb per
# cubic yard. Used only when a load measured by weight is priced by volume or the reverse.
FOOD_SCRAPS_LB_PER_CUBIC_YARD = Decimal(396)

LINE_UNITS = ("lbs", "tons", "cubic_yards")
PRICE_UNITS = ("lb", "ton", "yard", "gallon", "each")
# Every unit in one of two bases: pounds (weight) or cubic yards (volume).
_IN_LB = {"lbs": Decimal(1), "lb": Decimal(1), "tons": LB_PER_TON, "ton": LB_PER_TON}
_IN_CUBIC_YARDS = {"cubic_yards": Decimal(1), "yard": Decimal(1), "gallon": 1 / GALLONS_PER_CUBIC_YARD}


def cents(value: Decimal) -> Decimal:
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def convert(quantity: Decimal, from_unit: str, to_unit: str) -> Decimal:
    """quantity in from_unit expressed in to_unit (unrounded)."""
    if from_unit == to_unit:
        return quantity
    for base in (_IN_LB, _IN_CUBIC_YARDS):
        if from_unit in base and to_unit in base:
            return quantity * base[from_unit] / base[to_unit]
    if from_unit in _IN_LB and to_unit in _IN_CUBIC_YARDS:
        yards = quantity * _IN_LB[from_unit] / FOOD_SCRAPS_LB_PER_CUBIC_YARD
        return yards / _IN_CUBIC_YARDS[to_unit]
    if from_unit in _IN_CUBIC_YARDS and to_unit in _IN_LB:
        lbs = quantity * _IN_CUBIC_YARDS[from_unit] * FOOD_SCRAPS_LB_PER_CUBIC_YARD
        return lbs / _IN_LB[to_unit]
    raise Invalid(f"Cannot convert {from_unit} to {to_unit}")


@dataclass(frozen=True)
class Price:
    price: Decimal
    unit: str
    source: str  # customer_product | customer_default | system_product | system_default | fallback


@dataclass(frozen=True)
class PriceBook:
    """The prices that may apply to one payee's lines."""

    customer_product: dict[str, tuple[Decimal, str]]  # waste type name (lower) -> (price, unit)
    customer_default: tuple[Decimal | None, str | None]
    system_product: dict[str, tuple[Decimal | None, str | None]]  # waste type name (lower) -> (price, unit)
    system_default: tuple[Decimal | None, str | None]


def price_for(book: PriceBook, waste_type: str) -> Price:
    key = waste_type.strip().lower()
    custom = book.customer_product.get(key)
    if custom is not None and custom[0] is not None:
        return Price(Decimal(custom[0]), custom[1] or "lb", "customer_product")
    if book.customer_default[0] is not None:
        return Price(Decimal(book.customer_default[0]), book.customer_default[1] or "lb", "customer_default")
    product = book.system_product.get(key)
    if product is not None and product[0] is not None:
        return Price(Decimal(product[0]), product[1] or "lb", "system_product")
    if book.system_default[0] is not None:
        return Price(Decimal(book.system_default[0]), book.system_default[1] or "lb", "system_default")
    return Price(FALLBACK_PRICE_PER_LB, "lb", "fallback")


def line_amount(price: Price, quantity: Decimal, unit: str) -> Decimal:
    """The line's money, to the cent: price x quantity converted into the price's unit."""
    if price.unit == "each":
        return cents(price.price * quantity)
    return cents(price.price * convert(quantity, unit, price.unit))


def price_line(book: PriceBook, waste_type: str, quantity: Decimal, unit: str) -> tuple[Price, Decimal]:
    """The one place a line is priced: (the price that applied, the line's amount in cents)."""
    price = price_for(book, waste_type)
    return price, line_amount(price, quantity, unit)
