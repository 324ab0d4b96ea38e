"""Seven-segment digits whose segments do not touch (square ends with clear gaps, as many LCD
glasses are drawn; issue 36): the segment decoder takes each digit's bars and sides as one digit,
and the model reads them joined (api/ai/layout.cells and layout.bridged). Pictures are drawn by
bench/ai/displays.py (the first source)."""
from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import numpy as np
import pytest
from PIL import Image

from api.ai import layout
from api.ai.local_reader import _joined_counts
from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE, LOCAL_OCR, WeightReading
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


def test_joining_grows_segments_together_and_leaves_a_thin_label_alone():
    img = cleaned_display("62.9", cells=3, width=0.55, stroke=0.12)[0]
    label = cleaned_display("62.9", unit="kg", cells=3, width=0.55, stroke=0.12)[0]
    joined = layout.bridged(label)
    digits = slice(0, img.width)
    before = len(layout.blobs(np.asarray(label.convert("L"))[:, digits]))
    after = len(layout.blobs(np.asarray(joined.convert("L"))[:, digits]))
    assert after <= before / 2  # 14 segments and a point: three digits and the point after
    # The label right of the digits is as it was (grown, "kg" is a blot the model cannot read).
    right = slice(img.width, label.width)
    assert np.array_equal(np.asarray(joined.convert("L"))[:, right] < layout.INK,
                          np.asarray(label.convert("L"))[:, right] < layout.INK)


def _reading(text: str, unit: str | None, *doubts: str) -> WeightReading:
    return WeightReading(LOCAL_OCR, Decimal(text.strip(".").replace("8.8.", "")), 90.0, unit, raw_text=text,
                         doubts=doubts)


def test_a_joined_look_counts_only_when_sure_and_no_unit_was_lost():
    ghosts = _reading("88888", None)  # the look with the ghosts: blank cells read as 8s
    assert _joined_counts(_reading("62.9", None, "segments_agree"), _reading("1", "lb"), ghosts)  # no unit: pounds
    # The model unsure of the shapes it was given: a point grown into its digit (1499 for 149.9).
    assert not _joined_counts(_reading("1499", None, "segments_agree", "score"), _reading("4", None), ghosts)
    # The look as it was read "kg"; the joined one lost it (197.9 kg as 197.9 lb).
    assert not _joined_counts(_reading("197.9", None, "segments_agree"), _reading("11", "kg"), ghosts)


def test_a_joined_look_may_not_lose_a_point_the_look_with_ghosts_read():
    joined, washed = _reading("2484", None, "segments_agree"), _reading("1", None)
    assert not _joined_counts(joined, washed, _reading("248.4", None))  # a reflection paled the point
    assert _joined_counts(joined, washed, _reading("8.8.2484.", None))  # ghost points of blank cells
    assert _joined_counts(_reading("248.4", None, "segments_agree"), washed, _reading("2484", None))


def test_a_joined_panel_reading_that_lost_the_whole_photos_point_is_held():
    from api.ai.local_reader import _with_panel

    whole = replace(_reading("248.4", None), confidence=40.0)  # held by its own checks
    panel = replace(_reading("2484", None, "segments_agree", "joined"), confidence=100.0)
    assert _with_panel(whole, panel).confidence < DEFAULT_ACCEPT_CONFIDENCE
    # Ghost 8s read as taken are no point lost: the panel's joined reading stands.
    assert _with_panel(replace(_reading("88888", None), confidence=30.0), panel).confidence == 100.0
