"""A point only the enlarged second look read, and both units beside digits only a re-read found.

The fourth source (bench/ai_fourth, seed 2): 1.0 kg under defocus, read 10 by the model and by
the segments (blur had joined the point to the 1), the enlarged second look reading 1.0: the
segments' agreement confirmed 10 at 90. And a VFD showing 2800 with "lb" lit over an unlit "kg":
the digits were found only by the re-read beside the labels, which took the taller label's unit,
and 2800 kg was confirmed at 90.
"""
from __future__ import annotations

import pytest
from PIL import Image, ImageDraw, ImageFont

from api.ai import images, local_reader
from api.ai.local_reader import _beside_label, confirmed, recognise, unit_of, weight_from_boxes
from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE
from bench.ai.displays import LCD, _font, scale_photo, seven_segment


@pytest.fixture
def display_240():
    cleaned = images.for_ocr(scale_photo(seven_segment("240", LCD, unit=None, cells=3)))[0]
    return cleaned, recognise(cleaned)


def test_a_point_only_the_second_look_read_is_not_confirmed_by_the_segments(display_240, monkeypatch):
    cleaned, boxes = display_240
    monkeypatch.setattr(local_reader, "reread", lambda img, box: ("24.0", 0.886))
    reading = weight_from_boxes(boxes, cleaned)
    assert "segments_agree" in reading.doubts and "reread_point" in reading.doubts
    assert confirmed(reading).confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_the_same_digits_read_again_are_confirmed(display_240, monkeypatch):
    cleaned, boxes = display_240
    monkeypatch.setattr(local_reader, "reread", lambda img, box: ("240", 0.99))
    reading = confirmed(weight_from_boxes(boxes, cleaned))
    assert "reread_point" not in reading.doubts and reading.confidence >= DEFAULT_ACCEPT_CONFIDENCE


def test_both_unit_labels_beside_the_digits_leave_the_unit_unsettled():
    glass = seven_segment("2800", LCD, unit=None, cells=4)
    w, h = glass.size
    display = Image.new("RGB", (w + 120, h), LCD.background)
    display.paste(glass, (0, 0))
    draw, font = ImageDraw.Draw(display), ImageFont.truetype(_font("DejaVuSans-Bold"), int(h * 0.2))
    draw.text((w + 10, int(h * 0.35)), "lb", fill=LCD.lit, font=font)
    draw.text((w + 10, int(h * 0.6)), "kg", fill=LCD.lit, font=font)  # lower, and the taller box
    cleaned = images.for_ocr(display)[0]
    labels = [b for b in recognise(cleaned) if unit_of(b.text)]
    assert {unit_of(b.text) for b in labels} == {"kg", "lb"}
    reading = _beside_label(cleaned, labels)
    assert reading is not None and reading.weight_lb is not None
    assert "units_both" in reading.doubts
    assert confirmed(reading).confidence < DEFAULT_ACCEPT_CONFIDENCE
