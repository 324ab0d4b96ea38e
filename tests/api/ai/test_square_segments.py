"""Seven-segment digits whose segments do not touch (square ends with clear gaps, as many LCD
glasses are drawn; issue 36): the segment decoder takes each digit's bars and sides as one digit
(api/ai/layout.cells). Pictures are drawn by bench/ai/displays.py (the first source)."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from PIL import Image

from api.ai import layout
from bench.ai.displays import LCD, seven_segment

MARGIN = 12


def cleaned_display(shown: str, unit: str | None = None, **kwargs) -> tuple[Image.Image, tuple[int, int, int, int]]:
    """Square-ended segments already cleaned (dark digits on white, upright), and the ink's box."""
    style = replace(LCD, background=(255, 255, 255), lit=(0, 0, 0), unlit=None)
    img = seven_segment(shown, style, unit=unit, slant=0.0, digit_height=100, shape="rect", **kwargs)
    img = img.convert("L").convert("RGB")
    ink = np.argwhere(np.asarray(img.convert("L")) < 250)
    (y0, x0), (y1, x1) = ink.min(axis=0), ink.max(axis=0)
    return img, (int(x0) - MARGIN, int(y0) - MARGIN, int(x1) + MARGIN, int(y1) + MARGIN)


@pytest.mark.parametrize("shown", ["207.5", "1106", "34.9", "2680", "7147"])
def test_square_ended_segments_are_decoded_as_one_digit_each(shown):
    # The bars a, g and d stand in a column of their own between a digit's sides: each was taken
    # for a digit (7147 decoded as 8888 before).
    img, box = cleaned_display(shown, cells=len(shown.replace(".", "")), width=0.55, stroke=0.1)
    found = layout.segment_reading(img, box)
    assert found is not None and found.text == shown


def test_digits_a_digit_gap_apart_are_not_joined():
    # A 1 beside a bar-topped 7: the bars join only their own digit's sides.
    img, box = cleaned_display("171", cells=3, width=0.65, stroke=0.1)
    assert layout.segment_reading(img, box).text == "171"
