"""From OCR text to pounds: seven-segment confusions, units and plausibility."""
from __future__ import annotations

from decimal import Decimal

import pytest

from api.ai.parsing import parse_weight, plate_in_text, unit_of


@pytest.mark.parametrize(("text", "pounds"), [
    ("23.4", "23.4"), ("23,4", "23.4"), ("2O3.4", "203.4"), ("l45.6", "145.6"), ("S8.0", "58.0"),
    ("B8.2", "88.2"), ("980 lb", "980.0"), ("980bs", "980.0"), ("23.4Ib", "23.4"), ("13.6.", "13.6"),
    ("61300", "61300.0"),
])
def test_display_text_reads_as_pounds(text, pounds):
    assert parse_weight(text).value_lb == Decimal(pounds)


def test_kilograms_glued_to_the_number_are_converted_to_pounds():
    parsed = parse_weight("1250.5kg")
    assert parsed.unit == "kg"
    assert parsed.value_lb == Decimal("2756.9")


@pytest.mark.parametrize("text", ["0.85 k9", "0.85kq", "0.85 kg"])
def test_a_kg_label_read_with_its_g_as_q_or_9_is_kilograms(text):
    # The fourth source's plain-035: a dot-matrix "0,85 kg" read "0.85 k9", no weight at all.
    parsed = parse_weight(text)
    assert parsed.unit == "kg" and parsed.as_read == "0.85" and parsed.value_lb == Decimal("1.9")
    assert unit_of(text.replace("0.85", "").strip()) == "kg"


def test_a_separate_unit_label_applies_to_the_number():
    assert parse_weight("10", unit_hint="kg").value_lb == Decimal("22.0")


@pytest.mark.parametrize("text", ["8.8.8.7.2", "", "kg", "0", "-12", "250001", "12.3.4", "ABC"])
def test_implausible_text_is_no_weight(text):
    assert parse_weight(text) is None


@pytest.mark.parametrize(("text", "pounds"), [("0015.4", "15.4"), ("000.05", "0.1"), ("087", "87.0")])
def test_leading_zeros_some_scales_show_are_part_of_the_number(text, pounds):
    # Most scales blank them; those that show them show the same weight (the reader holds such a
    # reading until a second reader confirms the zeros: local_reader, "leading_zero").
    parsed = parse_weight(text)
    assert parsed.value_lb == Decimal(pounds) and parsed.as_read == text


def test_guessed_letters_lower_the_certainty():
    assert parse_weight("23.4").certainty == 1.0
    assert parse_weight("2O3.4").certainty < 1.0


@pytest.mark.parametrize(("text", "unit"), [("lb", "lb"), ("Ibs", "lb"), ("kg", "kg"), ("KG", "kg"), ("23", None)])
def test_unit_labels_are_recognised(text, unit):
    assert unit_of(text) == unit


@pytest.mark.parametrize(("text", "plate"), [("7abc-123", "7ABC123"), ("ABC 1234", "ABC1234"),
                                             ("CALIFORNIA", None), ("X", None), ("ABCDEFGHJ", None)])
def test_plates_are_upper_case_letters_and_digits(text, plate):
    assert plate_in_text(text) == plate


def test_a_point_after_the_last_digit_is_kept_but_not_trusted():
    parsed = parse_weight("2376.")
    assert parsed.value_lb == Decimal("2376.0")
    assert parsed.certainty <= 0.5


def test_a_leading_colon_is_a_seven_segment_1_and_a_guess():
    parsed = parse_weight(":3220")
    assert parsed.value_lb == Decimal(13220) and parsed.certainty < 1 and not parsed.guessed_point
    assert parse_weight("12:30") is None


def test_a_colon_inside_a_number_with_a_point_is_a_1_and_never_trusted_alone():
    # Dev seed 9001: 317.7 kg read "3:7.7kg", and 315.5 read "31:5.5" (a 1 read twice).
    parsed = parse_weight("3:7.7kg")
    assert parsed.as_read == "317.7" and parsed.unit == "kg" and not parsed.guessed_point
    assert parsed.certainty <= 0.5
    assert parse_weight("31:5.5").certainty <= 0.5


def test_a_point_after_the_last_digit_is_a_guessed_point():
    assert parse_weight("379.").guessed_point
    assert not parse_weight("379.1").guessed_point
