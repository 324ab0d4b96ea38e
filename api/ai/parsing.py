"""From OCR text to a weight in pounds: seven-segment confusions, units, plausibility.

Scale displays show at most one decimal point and a number of at most six digits; anything
else is treated as no reading rather than guessed, because a wrong weight is worse than none.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from api.kit.plates import normalize_plate
from api.kit.units import LB_PER_KG

MAX_WEIGHT_LB = Decimal(200000)
ONE_DECIMAL = Decimal("0.1")

# Letters a seven-segment or LCD font is read as, and the digit they really are.
CONFUSIONS = str.maketrans({
    "O": "0", "o": "0", "D": "0", "Q": "0", "U": "0",
    "l": "1", "I": "1", "i": "1", "|": "1", "!": "1",
    "S": "5", "s": "5", "B": "8", "Z": "2", "z": "2", "G": "6", "b": "6", "g": "9", "q": "9", "T": "7",
    ",": ".",
})
# A unit glued to the end of a reading ("1250.5kg", "980bs", "23.4Ib"), or standing alone.
# A label's g is often read as q or 9 ("kq", "k9": a dot-matrix g).
_UNIT_TAIL = re.compile(r"\s*(?P<unit>k\s*[gq9]?\s*s?|[lI1i|]?\s*b\s*s?)\.?\s*$", re.IGNORECASE)
_UNIT_ALONE = re.compile(r"^\s*(?:(?P<kg>k\s*[gq9]\s*s?)|(?P<lb>[lI1i|]\s*b\s*s?|lbs?|b\s*s))\s*\.?\s*$",
                         re.IGNORECASE)
_NUMBER = re.compile(r"^\d{1,6}(?:\.\d{1,3})?$")


@dataclass(frozen=True)
class ParsedWeight:
    value_lb: Decimal
    unit: str | None  # lb | kg | None when the display shows none
    as_read: str  # the number as the display showed it, before any conversion
    certainty: float  # 0..1: how sure the parse is (1 = clean digits, no guessing)
    # A point after the last digit or a comma: the place of the point is a guess (letters read
    # for digits are a guess about digits only, which a second reading of the digits can settle).
    guessed_point: bool = False


def unit_of(text: str) -> str | None:
    """'lb' or 'kg' when a text box is a unit label on its own."""
    m = _UNIT_ALONE.match(text)
    if not m:
        return None
    return "kg" if m.group("kg") else "lb"


def _split_unit(text: str) -> tuple[str, str | None]:
    m = _UNIT_TAIL.search(text)
    # Only letters count as a unit tail: a trailing '1' is a digit, not an 'l' of 'lb'.
    if m and re.search(r"[A-Za-z]", m.group("unit")) and m.start() > 0:
        unit = "kg" if m.group("unit").strip().lower().startswith("k") else "lb"
        return text[: m.start()], unit
    return text, None


def parse_weight(text: str, unit_hint: str | None = None) -> ParsedWeight | None:
    """One text box to a plausible weight, or None when it is not one."""
    body, unit = _split_unit(text.strip())
    unit = unit or unit_hint
    compact = re.sub(r"\s+", "", body)
    if not compact:
        return None
    if not any(ch.isdigit() for ch in compact):
        return None  # letters alone are a word, never a weight
    # A seven-segment 1 whose two segments were read as two dots (":3220" for 13220, "3:7.7" for
    # 317.7 on dev seed 9001). Inside the number it may also be a 1 read twice ("31:5.5" for
    # 315.5), so there it is a guess that only the segments can settle (certainty halved); only
    # beside a decimal point, as a clock ("12:30") never shows one.
    inner_colon = ":" in compact[1:] and "." in compact
    if compact.startswith(":") or inner_colon:
        compact = compact.replace(":", "|")
    mapped = compact.translate(CONFUSIONS)
    substitutions = sum(1 for a, b in zip(compact, mapped) if a != b and a != ",")
    # A point after the last digit is a ghost segment or a digit the OCR lost: keep the number
    # but never trust it enough to accept without a look.
    trailing_point = mapped.endswith(".")
    mapped = mapped.rstrip(".")
    if not _NUMBER.match(mapped):
        return None
    value = Decimal(mapped)
    if unit == "kg":
        value = value * LB_PER_KG
    value = value.quantize(ONE_DECIMAL, rounding=ROUND_HALF_UP)
    if not (Decimal(0) < value <= MAX_WEIGHT_LB):
        return None
    certainty = max(0.5, 1.0 - 0.15 * substitutions)
    if trailing_point or inner_colon:
        certainty *= 0.5
    if "," in compact:
        certainty *= 0.95  # a comma may be a decimal point or a thousands separator
    return ParsedWeight(value_lb=value, unit=unit, as_read=mapped, certainty=certainty,
                        guessed_point=trailing_point or "," in compact)


_PLATE_WORDS = {
    "CALIFORNIA", "TEXAS", "NEWYORK", "FLORIDA", "OREGON", "WASHINGTON", "NEVADA", "ARIZONA", "USA",
    "DMV", "DMVCAGOV", "COM", "THE", "STATE", "GOLDEN", "SUNSHINE", "EMPIRE", "LONESTAR", "GRANDCANYON",
}


def plate_in_text(text: str) -> str | None:
    """A plate read from an image's text: the stored form (kit.plates), if it can be a US plate
    (2-8 characters, not a word printed on plates), else None."""
    compact = normalize_plate(text)
    if compact is None or not 2 <= len(compact) <= 8 or compact in _PLATE_WORDS:
        return None
    return compact
