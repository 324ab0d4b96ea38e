"""Units of weight and volume with their named factors; weight and volume meet through the
density of food scraps. Used by inbound pricing and by inventory (which counts in lb)."""
from __future__ import annotations

from decimal import Decimal

from api.kit.errors import Invalid

LB_PER_TON = Decimal(2000)  # US short ton
LB_PER_KG = Decimal("2.20462")  # a scale showing kg is read in lb with this factor
CUBIC_INCHES_PER_GALLON = Decimal(231)  # US liquid gallon (exact)
CUBIC_INCHES_PER_CUBIC_YARD = Decimal(46656)  # 36 in x 36 in x 36 in (exact)
GALLONS_PER_CUBIC_YARD = CUBIC_INCHES_PER_CUBIC_YARD / CUBIC_INCHES_PER_GALLON  # 201.974...
# US EPA ORCR, "Volume-to-Weight Conversion Factors" (April 2016): food / food scraps, 396 lb per
# cubic yard. Used only when a load measured by weight is priced by volume or the reverse.
FOOD_SCRAPS_LB_PER_CUBIC_YARD = Decimal(396)

# Every unit in one of two bases: pounds (weight) or cubic yards (volume).
_IN_LB = {"lbs": Decimal(1), "lb": Decimal(1), "tons": LB_PER_TON, "ton": LB_PER_TON}
_IN_CUBIC_YARDS = {"cubic_yards": Decimal(1), "yard": Decimal(1), "gallon": 1 / GALLONS_PER_CUBIC_YARD}


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
