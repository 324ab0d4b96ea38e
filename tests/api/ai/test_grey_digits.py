"""Lit segments left grey by the cleaning are stretched back to ink for the checks (local_reader._lifted).

The third source's seed 2 (shadow-178): a backlit LCD half in shadow, its window's black frame
taking the cleaning's black; the lit segments of 1.16 came out grey 122-133 on a panel of 236,
lighter than the ink level, so no check saw the digits, the point or the segments, and the
model's 116 (no point) was accepted at 94.4.
"""
from __future__ import annotations

from PIL import Image

from api.ai import layout
from api.ai.local_reader import TextBox, _lifted
from bench.ai.displays import DisplayStyle, seven_segment

# A cleaned picture as the cleaning leaves it: grey lit segments, lighter ghosts, a white panel.
GREY = DisplayStyle("lcd", (236, 236, 236), (125, 125, 125), (222, 222, 222))
INKED = DisplayStyle("lcd", (236, 236, 236), (30, 30, 30), (222, 222, 222))


def _framed(style: DisplayStyle) -> tuple[Image.Image, TextBox]:
    glass = seven_segment("1.16", style, unit=None, cells=4, digit_height=120)
    picture = Image.new("RGB", (glass.width + 60, glass.height + 60), (0, 0, 0))  # the window's frame
    picture.paste(glass, (30, 30))
    return picture, TextBox("116", 0.94, glass.height, (30, 30, 30 + glass.width, 30 + glass.height))


def test_grey_segments_are_decoded_and_their_point_seen_once_lifted():
    picture, box = _framed(GREY)
    assert layout.segment_reading(picture, box.bounds) is None  # grey: nothing passes the ink level
    assert not layout.undecoded(picture, box.bounds).segmented
    lifted = _lifted(picture, box)
    decoded = layout.segment_reading(lifted, box.bounds)
    assert decoded is not None and decoded.text == "1.16" and not decoded.faint  # ghosts stay unlit
    # The model's 116 has no point: the point's mark is seen, two digits before the end.
    assert layout.undecoded(lifted, box.bounds).point_marks == (2,)


def test_digits_already_ink_are_left_as_they_are():
    picture, box = _framed(INKED)
    assert _lifted(picture, box) is picture
