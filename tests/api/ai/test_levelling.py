"""A display photographed at an angle: the text line is measured on the ink, turned level and
read again, and the two looks must agree (api/ai/local_reader.py, api/ai/layout.py)."""
from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest
from PIL import Image

from api.ai import images, layout, local_reader
from api.ai.local_reader import (
    ANGLE,
    POINT,
    READ_TWO_WAYS,
    _explained,
    agree,
    level,
    read_weight_sync,
    recognise,
    tilt_of,
    weight_from_boxes,
)
from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE, LOCAL_OCR, WeightReading
from bench.ai.displays import LCD, LED_GREEN, LED_RED, scale_photo, seven_segment

GREY = (150, 148, 140)

def turned(photo: Image.Image, degrees: float) -> Image.Image:
    return photo.rotate(degrees, resample=Image.BICUBIC, fillcolor=GREY)

@pytest.mark.parametrize("degrees", [-13, 9])
def test_the_angle_of_a_tilted_number_line_is_measured_on_its_ink(degrees):
    cleaned = images.for_ocr(turned(scale_photo(seven_segment("3838", LCD, unit="kg")), degrees))[0]
    tilt = tilt_of(cleaned, recognise(cleaned))
    assert tilt is not None
    # PIL turns counter-clockwise for a positive angle; levelling turns it back.
    assert abs(tilt.angle + degrees) <= 1.5

def test_a_level_display_is_not_turned():
    cleaned = images.for_ocr(scale_photo(seven_segment("3838", LCD, unit="kg")))[0]
    assert tilt_of(cleaned, recognise(cleaned)) is None

def test_ink_tilt_of_level_digits_is_about_zero():
    cleaned = images.for_ocr(scale_photo(seven_segment("207.5", LED_RED)))[0]
    assert abs(layout.ink_tilt(cleaned, (0, 0, cleaned.width, cleaned.height))) <= 1.0

def test_levelled_crop_keeps_the_decimal_point_on_the_baseline():
    # Tilted 12 degrees, the point sits off the digits' baseline; level again, the dot check finds it.
    cleaned = images.for_ocr(turned(scale_photo(seven_segment("383.8", LCD, unit="kg")), 12))[0]
    tilt = tilt_of(cleaned, recognise(cleaned))
    levelled = level(cleaned, tilt)
    assert levelled.width < cleaned.width  # a crop around the text, not the whole picture
    box = max(recognise(levelled), key=lambda b: b.height)
    assert layout.survey(levelled, box.bounds, 4).digits_after_point == 1

def test_display_at_15_degrees_reads_right():
    reading = read_weight_sync(turned(scale_photo(seven_segment("206.1", LCD)), -15))
    assert reading.weight_lb == Decimal("206.1") or reading.confidence < DEFAULT_ACCEPT_CONFIDENCE
    assert reading.weight_lb == Decimal("206.1")

def test_levelled_and_as_taken_looks_reading_different_numbers_are_not_accepted():
    levelled = WeightReading(LOCAL_OCR, Decimal("846.1"), 99.0, "kg", "383.8 | kg")
    as_taken = WeightReading(LOCAL_OCR, Decimal("8461.5"), 97.0, "kg", "3838 | kg")
    reading = _explained(agree(levelled, as_taken))
    assert reading.weight_lb == Decimal("846.1")
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE
    assert reading.reason == READ_TWO_WAYS

def test_looks_that_agree_keep_the_surer_confidence():
    levelled = WeightReading(LOCAL_OCR, Decimal("846.1"), 70.0, "kg", "383.8 | kg")
    as_taken = WeightReading(LOCAL_OCR, Decimal("846.1"), 92.0, "kg", "383.8kg")
    assert agree(levelled, as_taken).confidence == 92.0

def test_a_reading_not_accepted_says_why_in_operator_words():
    cleaned = images.for_ocr(scale_photo(seven_segment("207.5", LCD)))[0]
    box = max(recognise(cleaned), key=lambda b: b.height)

    reading = _explained(weight_from_boxes([replace(box, text="2075 lb", score=0.99)], cleaned))
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE
    assert reading.reason == POINT
    assert "point" in reading.doubts

def test_an_accepted_reading_carries_no_words():
    reading = read_weight_sync(scale_photo(seven_segment("1660", LED_GREEN, unit=None)))
    assert reading.confidence >= DEFAULT_ACCEPT_CONFIDENCE
    assert reading.reason is None

def test_an_angled_reading_left_unsure_says_the_display_is_at_an_angle(monkeypatch):
    # Nothing else in doubt but the tilt, and a recogniser not sure of itself: the words say why.
    cleaned = images.for_ocr(turned(scale_photo(seven_segment("1660", LED_GREEN, unit=None)), 8))[0]
    box = max(recognise(cleaned), key=lambda b: b.height)

    monkeypatch.setattr(local_reader, "reread", lambda img, b: (b.text, b.score))
    reading = _explained(weight_from_boxes([replace(box, text="1660", score=0.7, angle=8.0)], cleaned))
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE
    assert reading.reason == ANGLE

def test_the_enlarged_second_look_losing_a_point_the_ink_shows_is_no_doubt(monkeypatch):
    cleaned = images.for_ocr(scale_photo(seven_segment("58.3", LCD, cells=4)))[0]
    box = max(recognise(cleaned), key=lambda b: b.height)

    monkeypatch.setattr(local_reader, "reread", lambda img, b: ("583", 0.99))
    reading = weight_from_boxes([replace(box, text="58.3", score=0.99)], cleaned)
    assert reading.weight_lb == Decimal("58.3")
    assert "reread" not in reading.doubts
    # A second look with other digits still counts against the reading.
    monkeypatch.setattr(local_reader, "reread", lambda img, b: ("88.3", 0.99))
    assert "reread" in weight_from_boxes([replace(box, text="58.3", score=0.99)], cleaned).doubts


def test_a_sure_first_look_whose_second_look_differs_is_accepted_but_not_in_the_other_polarity(monkeypatch):
    cleaned = images.for_ocr(scale_photo(seven_segment("1660", LED_GREEN, unit=None)))[0]
    box = max(recognise(cleaned), key=lambda b: b.height)
    monkeypatch.setattr(local_reader, "reread", lambda img, b: ("1560", 0.9))
    sure = replace(box, text="1660", score=0.99)
    assert weight_from_boxes([sure], cleaned).confidence >= DEFAULT_ACCEPT_CONFIDENCE
    assert weight_from_boxes([sure], cleaned, first_look=False).confidence < DEFAULT_ACCEPT_CONFIDENCE
    # A recogniser not sure of itself keeps the full cost of the disagreement.
    unsure = replace(box, text="1660", score=0.85)
    assert weight_from_boxes([unsure], cleaned).confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_a_sure_first_look_is_not_accepted_when_both_the_re_read_and_the_segments_differ(monkeypatch):
    # 4361 read as 436 by a sure model: the enlarged re-read and the segments both read 4361.
    cleaned = images.for_ocr(scale_photo(seven_segment("1660", LED_GREEN, unit=None)))[0]
    box = max(recognise(cleaned), key=lambda b: b.height)
    monkeypatch.setattr(local_reader, "reread", lambda img, b: ("1660", 0.9))
    reading = weight_from_boxes([replace(box, text="1560", score=0.99)], cleaned)
    assert "reread" in reading.doubts
    assert "segments_differ" in reading.doubts
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE
