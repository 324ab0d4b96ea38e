"""Inbound pricing precedence (spec 3 s9) and unit conversions: one table each."""
from __future__ import annotations

from decimal import Decimal as D

import pytest

from api.inbound.pricing import FALLBACK_PRICE_PER_LB, PriceBook, price_line
from api.kit.units import FOOD_SCRAPS_LB_PER_CUBIC_YARD, GALLONS_PER_CUBIC_YARD, LB_PER_TON, convert

FULL = PriceBook(
    customer_product={"food scraps": (D("0.03"), "lb")},
    customer_default=(D("0.05"), "lb"),
    system_product={"food scraps": (D(40), "ton"), "green waste": (D(12), "yard")},
    system_default=(D("0.07"), "lb"),
)
NO_CUSTOMER = PriceBook({}, (None, None), FULL.system_product, FULL.system_default)
NOTHING = PriceBook({}, (None, None), {}, (None, None))


@pytest.mark.parametrize(("book", "waste", "qty", "unit", "source", "amount"), [
    # 1. the payee's price for this product wins over everything
    (FULL, "Food Scraps", D(1000), "lbs", "customer_product", D("30.00")),
    # 2. no product price for the payee: the payee's default
    (FULL, "Green Waste", D(1000), "lbs", "customer_default", D("50.00")),
    # 3. no payee price at all: the product's system price ($40/ton on 1 ton)
    (NO_CUSTOMER, "Food Scraps", D(1), "tons", "system_product", D("40.00")),
    # 4. an unpriced product: the company's default
    (NO_CUSTOMER, "Cardboard", D(100), "lbs", "system_default", D("7.00")),
    # 5. nothing set: 0.1 per lb
    (NOTHING, "Cardboard", D("123.45"), "lbs", "fallback", D("12.35")),
    # price per ton, line in lbs: 2,500 lb at $40/ton = $50
    (NO_CUSTOMER, "Food Scraps", D(2500), "lbs", "system_product", D("50.00")),
    # price per yard, line in cubic yards
    (NO_CUSTOMER, "Green Waste", D("3.5"), "cubic_yards", "system_product", D("42.00")),
    # price per lb, line in cubic yards: 2 yd3 of food scraps = 792 lb at $0.03
    (FULL, "Food Scraps", D(2), "cubic_yards", "customer_product", D("23.76")),
    # half-cent rounds up: 0.005 -> 0.01
    (PriceBook({}, (D("0.001"), "lb"), {}, (None, None)), "x", D(5), "lbs", "customer_default", D("0.01")),
])
def test_precedence_and_amount(book, waste, qty, unit, source, amount):
    price, got = price_line(book, waste, qty, unit)
    assert price.source == source
    assert got == amount and got.as_tuple().exponent == -2


def test_fallback_is_a_tenth_of_a_dollar_per_lb():
    assert FALLBACK_PRICE_PER_LB == D("0.1")


@pytest.mark.parametrize(("qty", "src", "dst", "expected"), [
    (D(1), "tons", "lb", D(2000)),
    (D(3000), "lbs", "ton", D("1.5")),
    (D(1), "cubic_yards", "gallon", D(46656) / D(231)),
    (D(231), "gallon", "yard", D(231) / (D(46656) / D(231))),
    (D(1), "cubic_yards", "lb", D(396)),
    (D(396), "lbs", "yard", D(1)),
    (D(2), "tons", "yard", D(4000) / D(396)),
    (D(5), "lbs", "lbs", D(5)),
])
def test_unit_conversions(qty, src, dst, expected):
    assert convert(qty, src, dst) == expected


def test_named_factors():
    assert LB_PER_TON == 2000
    assert round(GALLONS_PER_CUBIC_YARD, 3) == D("201.974")
    assert FOOD_SCRAPS_LB_PER_CUBIC_YARD == 396
