"""A finger over the unit label: no label read is not "lb" then (api/ai/local_reader.py).

Held-out seed 20261205: a thumb covered the "kg" of 1232 kg, the ink check right of the number
saw the finger rather than letters, and 1232 lb was given at confidence 100. Each photo here is a
generated display with a skin-coloured thumb drawn where the bench's occlusion photos put one.
"""
from __future__ import annotations

from decimal import Decimal

import pytest
from PIL import Image, ImageDraw

from api.ai import images, layout
from api.ai.local_reader import UNIT_HIDDEN, read_weight_sync, recognise
from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE
from bench.ai.displays import LCD_BLUE, LED_GREEN, LED_RED, scale_photo, seven_segment

SKIN = (205, 160, 135)  # bench/ai/generate.py, condition "occlusion"


def with_thumb(display: Image.Image, *, right_of_digits: float, tip: float) -> Image.Image:
    """The display photographed upright, a thumb coming up from below: its centre right_of_digits
    digit heights right of the digits' box, its tip at tip of the box's height from the top."""
    photo = scale_photo(display, canvas=(960, 1280), scale=0.7)
    cleaned = images.for_ocr(photo)[0]
    box = max(recognise(cleaned), key=lambda b: b.height)
    k = photo.width / cleaned.width
    _, y0, x1, y1 = (v * k for v in box.bounds)
    w, h = photo.size
    x = x1 + right_of_digits * (y1 - y0)
    ImageDraw.Draw(photo).ellipse([x - 0.05 * w, y0 + tip * (y1 - y0), x + 0.05 * w, y0 + 0.3 * h], fill=SKIN)
    return photo


@pytest.mark.parametrize("display", [
    seven_segment("486", LED_GREEN, unit="kg"),
    seven_segment("1232", LCD_BLUE, unit="kg"),
], ids=["green-led-486-kg", "blue-lcd-1232-kg"])
def test_a_thumb_over_the_kg_label_is_never_accepted_as_pounds(display):
    reading = read_weight_sync(with_thumb(display, right_of_digits=0.1, tip=0.3))
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE
    assert reading.reason == UNIT_HIDDEN
    assert "unit_hidden" in reading.doubts


def test_the_segments_agreeing_do_not_settle_a_hidden_unit():
    # The digits are clear and both recognisers read 1232: only the unit is unknown.
    reading = read_weight_sync(with_thumb(seven_segment("1232", LED_RED, unit="kg", cells=6),
                                          right_of_digits=0.1, tip=0.5))
    assert reading.weight_lb in (Decimal(1232), None)
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_a_thumb_away_from_the_label_leaves_the_reading_accepted():
    # The thumb on the housing far left of the digits: the place of the label is in view.
    photo = scale_photo(seven_segment("1660", LED_GREEN, unit=None), canvas=(960, 1280), scale=0.7)
    w, h = photo.size
    ImageDraw.Draw(photo).ellipse([0.05 * w, 0.55 * h, 0.19 * w, 0.9 * h], fill=SKIN)
    reading = read_weight_sync(photo)
    assert reading.weight_lb == Decimal(1660)
    assert reading.confidence >= DEFAULT_ACCEPT_CONFIDENCE
    assert "unit_hidden" not in reading.doubts


def test_skin_is_told_from_lit_red_segments_under_glare():
    region = (0, 0, 40, 40)
    assert layout.skin_share(Image.new("RGB", (40, 40), SKIN), region) == 1.0
    # A dim thumb in low light keeps its hue.
    assert layout.skin_share(Image.new("RGB", (40, 40), (62, 48, 40)), region) == 1.0
    for not_skin in [(255, 40, 30), (255, 147, 140), (150, 148, 140), (176, 190, 160), (40, 90, 200), (255, 255, 250)]:
        assert layout.skin_share(Image.new("RGB", (40, 40), not_skin), region) == 0.0, not_skin
