"""Dot-matrix numbers decoded from their dots (api/ai/dots.py) where the line is not level, where
a point stands between characters set closer than an empty column, and in other makers' digit
shapes; and a point read twice (the ink check and the dots) settling a dot-matrix reading."""
from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import numpy as np
import pytest
from PIL import Image

from api.ai import dots, images, local_reader
from api.ai.parsing import parse_weight
from api.ai.reader import WeightReading
from bench.ai.displays import DOTS_5X7_ALT, LCD, LED_RED, dot_matrix, ghosted, scale_photo


def _decoded(photo: Image.Image) -> str | None:
    found = dots.find_dots(np.asarray(images.for_ocr(photo)[0].convert("L")))
    assert found is not None
    return dots.decode(found)


@pytest.mark.parametrize("degrees", [-4.0, 3.0])
def test_a_dot_matrix_line_off_level_is_decoded(degrees):
    # A straightened panel cut along a housing that is not square to the display keeps its line
    # a few degrees off level: rows of dots no longer fall on one height each.
    photo = scale_photo(dot_matrix("103.4", LCD, unit="kg")).rotate(degrees, resample=Image.BICUBIC,
                                                                    fillcolor=(150, 148, 140))
    assert _decoded(photo) == "103.4"


def test_dots_levelled_turns_rows_level():
    pitch = 10.0
    grid = np.array([(x * pitch, y * pitch) for x in range(30) for y in range(7)], float)
    turn = np.radians(5.0)
    tilted = grid @ np.array([[np.cos(turn), np.sin(turn)], [-np.sin(turn), np.cos(turn)]])
    level = dots.levelled(tilted, pitch)
    heights = np.sort(np.unique(np.round(level[:, 1] - level[:, 1].min(), 0)))
    assert len(heights) == 7


def test_a_point_after_a_2_is_read_between_characters_set_close():
    # The bottom row of a 2 is full: its last dot stands near the point, and the characters
    # either side of the point form one run of columns wider than a character.
    assert _decoded(scale_photo(dot_matrix("212.9", ghosted(LCD, 0.15), unit=None, cells=5))) == "212.9"


def test_other_makers_digit_shapes_are_decoded():
    assert _decoded(scale_photo(dot_matrix("46.9", LED_RED, unit="lb", font=DOTS_5X7_ALT))) == "46.9"
    assert _decoded(scale_photo(dot_matrix("7610", LCD, unit=None, font=DOTS_5X7_ALT))) == "7610"


def test_a_point_the_ink_check_placed_where_the_dots_read_it_is_settled(monkeypatch):
    # The model read the joined dots without the point ("2499"); the ink check placed it
    # (point_placed: 249.9); the dots decode 249.9 on their own. Two methods read the point, as
    # two read the digits: the reading stands.
    photo = scale_photo(dot_matrix("249.9", LCD, unit="lb"))
    cleaned, _ = images.for_ocr(photo)
    found = dots.find_dots(np.asarray(cleaned.convert("L")))
    placed = parse_weight("249.9", "lb")
    model = WeightReading(provider="local", weight_lb=placed.value_lb, unit_detected="lb", confidence=88.0,
                          raw_text="2499 lb", reason="decimal point unclear — check the weight",
                          doubts=("point_placed", "point"))
    monkeypatch.setattr(local_reader, "recognise", lambda img: [])
    monkeypatch.setattr(local_reader, "_read", lambda *a, **k: model)
    reading = local_reader._dot_matrix(cleaned, photo, False, found)
    assert reading.weight_lb == Decimal("249.9")
    assert reading.confidence >= 80 and "dots_agree" in reading.doubts

    # The ink check placing the point elsewhere than the dots read it settles nothing.
    elsewhere = replace(model, weight_lb=parse_weight("24.99", "lb").value_lb)
    monkeypatch.setattr(local_reader, "_read", lambda *a, **k: elsewhere)
    assert local_reader._dot_matrix(cleaned, photo, False, found).confidence < 80


def _dots_of(text: str, pitch: float = 10.0) -> dots.Dots:
    """Lit dots of text on a 5 x 7 line, a character a cell and an empty column between cells;
    "." as the HD44780 character ROM draws it, two by two dots in the bottom rows of its own cell."""
    centres, x = [], 0
    for ch in text:
        rows = ("..", "..", "..", "..", "..", "##", "##") if ch == "." else dots.SHAPES[ch]
        centres += [((x + c) * pitch, r * pitch) for r, row in enumerate(rows) for c, on in enumerate(row) if on == "#"]
        x += len(rows[0]) + 1
    return dots.Dots(np.array(centres, float), pitch, 0.8 * pitch)


@pytest.mark.parametrize("shown", ["1761.0", "0.39", "2.60"])
def test_a_point_drawn_as_a_block_of_dots_is_a_point(shown):
    # The fourth source's plain photos: the dots decoded "1761" for 1761.0 lb and "0" for 0.39, the
    # two-by-two point taken for a character that is no digit, and the number ended there.
    assert dots.decode(_dots_of(shown)) == shown
