"""A unit label lighter than the digits, and a detector box far taller than the digits (issue 36,
30 Nov; the first source's wide seeds 605 and 606, bench/HISTORY.md)."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from api.ai import layout
from api.ai.local_reader import TextBox, _tightened
from bench.ai.displays import LCD, _font, seven_segment

WHITE = replace(LCD, background=(255, 255, 255), lit=(0, 0, 0), unlit=None)


def _digits(shown: str, label_grey: int | None) -> tuple[Image.Image, tuple[int, int, int, int]]:
    img = seven_segment(shown, WHITE, unit=None, slant=0.0, cells=len(shown.replace(".", "")) + 1).convert("RGB")
    ink = np.argwhere(np.asarray(img.convert("L")) < 250)
    (y0, x0), (y1, x1) = ink.min(axis=0), ink.max(axis=0)
    canvas = Image.new("RGB", (img.width + 160, img.height), "white")
    canvas.paste(img, (0, 0))
    if label_grey is not None:
        # A raised legend, as on displays printing the unit above the last digit's right.
        font = ImageFont.truetype(_font("DejaVuSans-Bold"), int(0.3 * (y1 - y0)))
        ImageDraw.Draw(canvas).text((int(x1) + 14, int(y0)), "kg", fill=(label_grey,) * 3, font=font)
    return canvas, (int(x0) - 10, int(y0) - 10, int(x1) + 10, int(y1) + 10)


def test_a_label_lighter_than_the_digits_is_still_seen_beside_them():
    img, box = _digits("2500", label_grey=160)
    seen = layout.survey(img, box, 4)
    assert seen.ink_right is not None and seen.ink_right[0] > box[2] - 10
    # Nothing there, nothing seen; washed-out ghosts (near 240) are not a label either.
    for grey in (None, 240):
        clean, box = _digits("2500", label_grey=grey)
        assert layout.survey(clean, box, 4).ink_right is None


def test_a_box_much_taller_than_the_digits_is_cut_down_to_them():
    img, (x0, y0, x1, y1) = _digits("1857", label_grey=None)
    framed = Image.new("RGB", (img.width + 200, img.height * 4), "white")
    framed.paste(img, (100, img.height * 3 // 2))
    top = y0 + img.height * 3 // 2
    loose = TextBox("1857", 0.92, float(framed.height - 20), (20, 10, framed.width - 20, framed.height - 10))
    tight = _tightened(framed, loose)
    bx0, by0, bx1, by1 = tight.bounds
    assert by0 <= top <= by0 + 0.5 * (y1 - y0) and by1 - by0 < 2 * (y1 - y0)
    assert bx0 <= x0 + 100 and bx1 >= x1 + 100
    # A box that fits its digits is left as it is.
    fitting = TextBox("1857", 0.92, float(y1 - y0 + 20), (x0, y0, x1, y1))
    assert _tightened(img, fitting) == fitting


def test_a_tilted_box_is_left_for_the_levelled_look():
    img, _ = _digits("1304", label_grey=None)
    framed = Image.new("RGB", (img.width + 200, img.height * 4), "white")
    framed.paste(img, (100, img.height * 3 // 2))
    tilted = TextBox("1304", 0.94, float(framed.height - 20), (20, 10, framed.width - 20, framed.height - 10), 7.2)
    assert _tightened(framed, tilted) == tilted
