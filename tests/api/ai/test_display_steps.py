"""Issue 36's image steps: the display found and straightened (api/ai/display.py), dot-matrix
digits decoded from their dots (api/ai/dots.py), and ghost segments told from lit ones by their
contrast (api/ai/layout.without_ghosts). Pictures are drawn by bench/ai/displays.py (the first
source); the second source never appears in a test."""
from __future__ import annotations

from decimal import Decimal

import numpy as np
import pytest
from PIL import Image

from api.ai import display, dots, images, layout, local_reader
from api.ai.local_reader import read_weight_sync
from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE
from bench.ai.displays import (
    LCD,
    LCD_AMBER,
    LED_BLUE,
    LED_RED,
    dot_matrix,
    ghosted,
    scale_photo,
    seven_segment,
)


def _tilted(photo: Image.Image, degrees: float) -> Image.Image:
    return photo.rotate(degrees, resample=Image.BICUBIC, fillcolor=(150, 148, 140))


def test_a_small_tilted_display_is_found_and_straightened():
    photo = _tilted(scale_photo(seven_segment("245.6", LCD), canvas=(1600, 1200), scale=0.14), 12)
    panels = display.find_panels(photo)
    assert panels, "no display found"
    panel = panels[0]
    assert 0.005 < panel.share < 0.1
    assert abs(abs(panel.angle) - 12) < 3  # PIL turns counter-clockwise: the top edge rises 12 degrees
    view = display.straightened(photo, panel)
    assert view.width == display.OUT_LONG_SIDE and view.height < view.width
    # The straightened display's digit line is level: the ink's own tilt is near zero.
    assert abs(layout.ink_tilt(images.for_ocr(view)[0], (0, 0, view.width, view.height))) < 3


def test_a_photo_without_a_display_has_no_panel():
    assert display.find_panels(Image.new("RGB", (1280, 960), (150, 148, 140))) == []


@pytest.mark.parametrize(("shown", "style"), [("217.8", LCD), ("2618", LED_BLUE), ("48960", LCD_AMBER)])
def test_dot_matrix_digits_are_decoded_from_their_dots(shown, style):
    cleaned = images.for_ocr(scale_photo(dot_matrix(shown, style, unit="lb")))[0]
    found = dots.find_dots(np.asarray(cleaned.convert("L")))
    assert found is not None
    assert dots.decode(found) == shown


def test_ghost_dots_are_not_lit_dots():
    cleaned = images.for_ocr(scale_photo(dot_matrix("90.5", ghosted(LCD, 0.25), unit=None)))[0]
    found = dots.find_dots(np.asarray(cleaned.convert("L")))
    assert found is not None and dots.decode(found) == "90.5"


def test_seven_segment_digits_are_not_dots():
    cleaned = images.for_ocr(scale_photo(seven_segment("1234", LCD)))[0]
    assert dots.find_dots(np.asarray(cleaned.convert("L"))) is None


def test_joined_dots_become_strokes():
    cleaned = images.for_ocr(scale_photo(dot_matrix("38", LCD, unit=None)))[0]
    found = dots.find_dots(np.asarray(cleaned.convert("L")))
    (x0, y0), (x1, y1) = found.centres.min(axis=0) - found.pitch, found.centres.max(axis=0) + found.pitch
    window = (slice(int(y0), int(y1)), slice(int(x0), int(x1)))
    before = layout.blobs(np.asarray(cleaned.convert("L"))[window])
    after = layout.blobs(np.asarray(dots.joined(cleaned, found).convert("L"))[window])
    # 31 dots; rows and columns grow together (diagonal neighbours stay apart): under half as many marks
    assert len(before) >= 30 and len(after) < len(before) / 2


def test_ghost_segments_are_washed_out_and_lit_ones_kept():
    cleaned = images.for_ocr(scale_photo(seven_segment("7.3", ghosted(LCD, 0.3), cells=4)))[0]
    bare = np.asarray(layout.without_ghosts(cleaned).convert("L"))
    # Every pixel is either ink or white; the lit 7 and 3 remain.
    assert set(np.unique(bare[bare >= layout.INK])) <= {255}
    assert (bare < layout.INK).sum() > 0.5 * (np.asarray(cleaned.convert("L")) < layout.INK).sum()


def test_a_dot_matrix_display_is_read_only_when_the_dots_agree():
    reading = read_weight_sync(scale_photo(dot_matrix("3628", LCD, unit="lb")))
    assert reading.weight_lb == Decimal(3628)
    assert reading.confidence >= 80 and "dots_agree" in reading.doubts


def test_a_small_dot_matrix_display_is_never_a_confident_misread():
    photo = scale_photo(dot_matrix("292.7", LED_BLUE, unit="kg"), canvas=(1920, 1080), scale=0.13)
    reading = read_weight_sync(photo)
    assert reading.confidence < 80 or reading.weight_lb == Decimal("645.3")


@pytest.mark.parametrize(("shown", "style", "degrees"), [("1840", LED_RED, 18), ("37.25", LCD_AMBER, -14)])
def test_a_panel_that_stands_spares_the_whole_photos_other_looks(shown, style, degrees, monkeypatch):
    """Latency on one core (issue 36): the straightened panel is looked at right after the whole
    photo's first look, and when its reading stands, the whole photo's other polarity and its look
    without ghosts (a detector pass each over the whole photo) are not taken."""
    photo = _tilted(scale_photo(seven_segment(shown, style), canvas=(1600, 1200), scale=0.1), degrees)
    sizes: list[tuple[int, int]] = []
    recognise = local_reader.recognise
    monkeypatch.setattr(local_reader, "recognise", lambda img: sizes.append(img.size) or recognise(img))
    reading = read_weight_sync(photo)
    assert reading.found and reading.confidence >= DEFAULT_ACCEPT_CONFIDENCE and "panel" in reading.doubts
    assert abs(reading.weight_lb - Decimal(shown)) <= Decimal("0.05")
    assert sizes.count(images.shrunk(photo).size) == 1, sizes
