"""One plate rule for every caller: typed plates (tickets, customers' vehicles, outbound) and plates
read from a photo (ai.parsing.plate_in_text adds only its plausibility filter on top)."""
from __future__ import annotations

import pytest

from api.ai.parsing import plate_in_text
from api.kit.plates import normalize_plate


@pytest.mark.parametrize(("raw", "plate"), [
    ("7abc-123", "7ABC123"), (" 7 xyz 98 ", "7XYZ98"), ("7ABC·123", "7ABC123"), ("ÉCO 12", "CO12"),
    ("٣٤AB", "AB"), ("--", None), ("", None), (None, None), ("ABCDEFGHJ", "ABCDEFGHJ"), ("TEXAS", "TEXAS"),
])
def test_a_plate_is_kept_as_its_ascii_letters_and_digits_in_upper_case(raw, plate):
    assert normalize_plate(raw) == plate


@pytest.mark.parametrize("raw", ["7abc-123", " 7 xyz 98 ", "ab 12"])
def test_a_plate_read_from_a_photo_is_stored_in_the_same_form_as_a_typed_one(raw):
    assert plate_in_text(raw) == normalize_plate(raw)


@pytest.mark.parametrize("raw", ["TEXAS", "X", "ABCDEFGHJ"])
def test_a_photo_text_that_cannot_be_a_us_plate_is_no_reading(raw):
    assert plate_in_text(raw) is None
