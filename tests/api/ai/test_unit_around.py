"""The look around an accepted number for its unit (api/ai/local_reader.unit_scanned).

A kg legend a fifth of the digits' height beside them, or a triangle over "kg" printed under the
window, is too small for the detector in the whole photo or the panel: the fourth source
(bench/ai_fourth, seed 2) had 7 kg displays accepted as pounds (82.4 kg at 98.9, 12.94 kg at 100).
Pounds are the default only where nothing around the number says kilograms.
"""
from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from api.ai import images, local_reader
from api.ai.local_reader import LABEL, Around, _units_around, read_weight_sync, recognise, unit_scanned
from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE, WeightReading
from bench.ai.displays import LCD, scale_photo, seven_segment


def _reading(around: Around | None, **changes) -> WeightReading:
    reading = WeightReading("local_ocr", Decimal("82.4"), 98.9, None, "82.4", doubts=("segments_agree",),
                            look_around=(lambda: around) if around is not None else None)
    return replace(reading, **changes)


def _around(units=(), beside=()) -> Around:
    return Around("82.4", frozenset(units), frozenset(beside), ())


def test_kg_beside_the_number_makes_it_kilograms():
    reading = unit_scanned(_reading(_around({"kg"}, {"kg"})))
    assert reading.weight_lb == Decimal("181.7") and reading.unit_detected == "kg"
    assert reading.confidence >= DEFAULT_ACCEPT_CONFIDENCE and "unit_around" in reading.doubts


def test_kg_elsewhere_gives_kilograms_to_check():
    # A legend under the window with no lb beside it may be a key's: kilograms, looked at.
    reading = unit_scanned(_reading(_around({"kg"})))
    assert reading.weight_lb == Decimal("181.7") and reading.unit_detected == "kg"
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE and reading.reason == LABEL


def test_both_units_and_no_arrow_found_leave_the_unit_to_check():
    reading = unit_scanned(_reading(_around({"kg", "lb"})))
    assert reading.weight_lb == Decimal("82.4") and reading.confidence < DEFAULT_ACCEPT_CONFIDENCE
    assert reading.reason == LABEL


def test_lb_printed_away_from_the_number_alone_leaves_the_unit_to_check():
    # "lb" under the window and no "kg" found: a row of legends whose other one, or whose arrow,
    # the detector missed (0.130 kg accepted as 0.1 lb on the third source).
    reading = unit_scanned(_reading(_around({"lb"})))
    assert reading.weight_lb == Decimal("82.4") and reading.confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_pounds_beside_the_number_or_nothing_around_leave_the_reading_as_it_was():
    for around in (_around({"lb"}, {"lb"}), _around()):
        reading = _reading(around)
        assert unit_scanned(reading) == reading


def test_digits_too_small_to_show_a_unit_leave_it_to_check():
    # Digits 36 pixels tall: a legend beside them would be a few pixels, unread even enlarged.
    def never():
        raise AssertionError("looked around")

    reading = unit_scanned(_reading(None, digit_height=36.0, look_around=never))
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE and reading.reason == LABEL
    assert unit_scanned(_reading(_around(), digit_height=61.0)).confidence == 98.9


def test_another_looks_number_is_held_not_relabelled():
    # The reading kept is another look's number than the one looked around: no conversion of it.
    reading = unit_scanned(_reading(_around({"kg"}, {"kg"}), weight_lb=Decimal("8.2")))
    assert reading.weight_lb == Decimal("8.2") and reading.confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_no_look_when_the_unit_was_read_or_the_reading_is_not_accepted():
    def never():
        raise AssertionError("looked around")

    for reading in (_reading(None, unit_detected="lb"), _reading(None, confidence=40.0)):
        assert unit_scanned(replace(reading, look_around=never)) == replace(reading, look_around=never)


@pytest.fixture
def small_kg_legend():
    """A display with a kg legend at its top right, a fifth of the digits' height (the scales that
    print the unit above the last digit), in a photo."""
    return scale_photo(seven_segment("82.4", LCD, unit="kg", unit_place="top"), canvas=(1280, 960), scale=0.45)


def test_the_look_around_finds_a_small_kg_legend(small_kg_legend):
    picture = images.shrunk(small_kg_legend)
    box = max(recognise(images.for_ocr(picture)[0]), key=lambda b: b.height)
    around = _units_around(picture, box, "82.4")
    assert "kg" in around.units
    bare = images.shrunk(scale_photo(seven_segment("82.4", LCD, unit=None), canvas=(1280, 960), scale=0.45))
    box = max(recognise(images.for_ocr(bare)[0]), key=lambda b: b.height)
    assert _units_around(bare, box, "82.4").units == frozenset()


def test_the_locations_unit_set_takes_no_look_around(monkeypatch):
    def never(*args):
        raise AssertionError("looked around")

    monkeypatch.setattr(local_reader, "_units_around", never)
    bare = scale_photo(seven_segment("82.4", LCD, unit=None), canvas=(1280, 960), scale=0.45)
    with pytest.raises(AssertionError, match="looked around"):
        read_weight_sync(bare)  # no unit read and none set: the look around is taken
    reading = read_weight_sync(bare, unit_known=True)
    assert reading.weight_lb == Decimal("82.4") and reading.confidence >= DEFAULT_ACCEPT_CONFIDENCE
