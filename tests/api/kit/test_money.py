"""Amounts to the cent, halves up: the one rule for every amount Flow shows or bills."""
from __future__ import annotations

from decimal import Decimal as D

import pytest

from api.kit.money import cents


@pytest.mark.parametrize(("value", "amount"), [(D("0.005"), D("0.01")), (D("2.675"), D("2.68")),
                                               (D("0.0049"), D("0.00")), (D(3), D("3.00"))])
def test_an_amount_is_rounded_to_the_cent_with_halves_up(value, amount):
    assert cents(value) == amount
