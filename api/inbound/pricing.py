"""Inbound line pricing (spec 3 s9): which price applies, and unit conversions. No database.

Precedence, first that is set wins:
1. the payee's custom price for the line's waste type (customer_prices),
2. the payee's default price (customers.custom_pricing_per_unit / default_unit_of_measure),
3. the system product price (waste_types.default_price_per_unit / default_pricing_unit),
4. the company's default inbound price (company_settings.inbound_default_price_per_unit),
5. FALLBACK_PRICE_PER_LB (0.1 per lb, the spec's estimate fallback).

A line's quantity is in lbs, tons or cubic_yards; a price is per lb, ton, yard (cubic yard),
gallon or each. Where they differ the quantity is converted with the named factors of api.kit.units; weight
and volume meet through the density of food scraps.

Loads are billed as weighed (issue 29): once a load has its net weight, the lines are billed and
stocked on their shares of that net (split_net), not on the quantities typed before the scale.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from api.kit.money import cents
from api.kit.units import convert

TENTH_LB = Decimal("0.1")  # the scale's precision
FALLBACK_PRICE_PER_LB = Decimal("0.1")


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


def in_lb(quantity: Decimal, unit: str) -> Decimal:
    """A typed line quantity in lb (cubic yards through the density of food scraps)."""
    return convert(Decimal(quantity), unit, "lbs")


def split_net(net: Decimal, declared_lb: list[Decimal]) -> list[Decimal]:
    """The scale's net weight split over the lines by their shares of the typed quantities, to the
    0.1 lb, adding up exactly to the net (largest remainder: every line gets its share rounded
    down, then the tenths left over go one each to the lines with the largest remainders, the
    earlier line first on a tie). Lines weighed one by one (typed quantities equal to the net)
    keep their weights."""
    net = Decimal(net).quantize(TENTH_LB)
    declared_total = sum(declared_lb, Decimal(0))
    if not declared_lb:
        return []
    if declared_total <= 0:
        raise ValueError("the lines need a quantity to share the net weight")
    exact = [net * q / declared_total for q in declared_lb]
    floors = [e.quantize(TENTH_LB, rounding=ROUND_DOWN) for e in exact]
    left = int((net - sum(floors, Decimal(0))) / TENTH_LB)
    by_remainder = sorted(range(len(exact)), key=lambda i: (-(exact[i] - floors[i]), i))
    for i in by_remainder[:left]:
        floors[i] += TENTH_LB
    return floors
