"""Lit against unlit by contrast within the display, and points the decoder did not take for one
(issue 36, api/ai/layout.segment_reading): the segment decoder thresholds ink at one level, so a
strong ghost segment passes as lit and a small or blurred decimal point is lost; these checks
keep such a decoding from confirming the model's reading."""
from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from api.ai import images, layout
from api.ai.local_reader import DISAGREEING_PASSES, UNSETTLED, agree, confirmed, recognise, weight_from_boxes
from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE, LOCAL_OCR, WeightReading
from bench.ai.displays import LCD, dot_matrix, plain_display, scale_photo, seven_segment

BOUNDS_MARGIN = 12


def cleaned_display(shown: str, **kwargs) -> tuple[Image.Image, tuple[int, int, int, int]]:
    """A seven-segment display already cleaned (dark digits on white), and the digits' box."""
    style = replace(LCD, background=(255, 255, 255), lit=(0, 0, 0), unlit=kwargs.pop("unlit", None))
    img = seven_segment(shown, style, unit=None, slant=0.0, **kwargs).convert("L").convert("RGB")
    ink = np.argwhere(np.asarray(img.convert("L")) < 250)
    (y0, x0), (y1, x1) = ink.min(axis=0), ink.max(axis=0)
    m = BOUNDS_MARGIN
    return img, (int(x0) - m, int(y0) - m, int(x1) + m, int(y1) + m)


def test_plain_digits_are_neither_faint_nor_marked():
    img, box = cleaned_display("2347", cells=4)
    found = layout.segment_reading(img, box)
    assert found is not None and found.text == "2347"
    assert not found.faint and found.point_marks == ()


def test_a_ghost_cell_dark_enough_to_pass_the_threshold_is_faint():
    # Unlit segments (and points) at grey 90 pass the ink threshold (110): every cell decodes as
    # an 8, but the ghosts' ink is far lighter than the lit digits', so the decoding confirms nothing.
    img, box = cleaned_display("234", cells=4, unlit=(90, 90, 90))
    found = layout.segment_reading(img, box)
    assert found is not None and found.text.replace(".", "") == "8888"
    assert found.faint


def test_a_point_too_small_for_the_decoder_is_still_marked():
    # A small point (a speck to the decoder, which drops it: 2347 for 234.7) still darkens the
    # bottom of the gap between its digits and not the middle: the mark says where it is.
    img, box = cleaned_display("234.7", cells=4, point="small", digit_height=80, stroke=0.1)
    found = layout.segment_reading(img, box)
    assert found is not None and found.text.replace(".", "") == "2347"
    if "." not in found.text:
        assert found.point_marks == (1,)


def test_a_blurred_point_grown_into_the_gap_is_marked():
    img, box = cleaned_display("49.3", cells=3, digit_height=100)
    blurred = img.filter(ImageFilter.GaussianBlur(2.5))
    found = layout.segment_reading(blurred, box)
    assert found is not None
    assert "." in found.text or found.point_marks == (1,)


def test_without_the_point_no_mark():
    img, box = cleaned_display("493", cells=3, digit_height=100)
    found = layout.segment_reading(img.filter(ImageFilter.GaussianBlur(2.5)), box)
    assert found is not None and found.text == "493" and found.point_marks == ()


def test_a_marked_or_faint_reading_is_never_confirmed():
    for doubt in ("point_mark", "faint_segments"):
        assert doubt in UNSETTLED
        reading = WeightReading(LOCAL_OCR, Decimal(3816), DISAGREEING_PASSES, raw_text="3816",
                                doubts=("segments_agree", doubt))
        assert confirmed(reading).confidence == DISAGREEING_PASSES


def test_segments_confirming_the_shorter_of_two_looks_do_not_settle_it():
    # The levelled look read 74.8, the look as taken 74 with its segments agreeing: the segments
    # confirmed the two digits left in view, and 74 was accepted at 90 (wide seed 602).
    short = WeightReading(LOCAL_OCR, Decimal(74), 60.0, raw_text="74", doubts=("segments_agree",))
    longer = WeightReading(LOCAL_OCR, Decimal("74.8"), 95.0, raw_text="74.8 | lb")
    both = agree(short, longer)
    assert "larger_other" in both.doubts
    assert confirmed(both).confidence < DEFAULT_ACCEPT_CONFIDENCE
    # The same digits with the point elsewhere is the other look losing the point: no veto.
    lost_point = WeightReading(LOCAL_OCR, Decimal(748), 95.0, raw_text="748")
    assert "larger_other" not in agree(WeightReading(LOCAL_OCR, Decimal("74.8"), 60.0, raw_text="74.8"),
                                       lost_point).doubts


def test_the_look_without_ghosts_may_drop_leading_digits_only():
    from api.ai.local_reader import _ghosts_only_lead

    def reading(text):
        return WeightReading(LOCAL_OCR, Decimal(text), 90.0, raw_text=text)

    assert _ghosts_only_lead(reading("88234"), reading("234"))  # blank cells read as 8s
    assert _ghosts_only_lead(reading("234.9"), reading("234.7"))  # a ghost segment inside a digit
    assert not _ghosts_only_lead(reading("17680"), reading("1680"))  # a lit 7 lost under glare
    # Digits dropped at the front that are not 8s are lit digits lost under glare, not ghost cells
    # (53 for 3653 at 100 on the first source's seed 20261227).
    assert not _ghosts_only_lead(reading("3653"), reading("53"))


def test_a_point_grown_into_its_neighbours_is_marked_though_no_digit_decodes():
    # LED glow joins the point to the segments either side (52 for 5.2 at 99, wide seed 602):
    # the decoder reads nothing, and the gap above the baseline still shows where the point is.
    img, box = cleaned_display("5.2", cells=2, digit_height=100, shape="rect")
    glowing = img.filter(ImageFilter.MinFilter(3))
    assert layout.segment_reading(glowing, box) is None
    found = layout.undecoded(glowing, box)
    assert found.segmented and found.point_marks == (1,)


def test_glowing_digits_without_a_point_show_no_gap_mark():
    for shown in ("52", "493", "3424"):
        for shape, glow in (("rect", 3), ("hex", 3), ("hex", 9)):
            img, box = cleaned_display(shown, cells=len(shown), digit_height=100, shape=shape)
            assert layout.undecoded(img.filter(ImageFilter.MinFilter(glow)), box).point_marks == ()


def _dark_on_white(img: Image.Image) -> tuple[Image.Image, tuple[int, int, int, int]]:
    gray = img.convert("L")
    ink = np.argwhere(np.asarray(gray) < 128)
    (y0, x0), (y1, x1) = ink.min(axis=0), ink.max(axis=0)
    m = BOUNDS_MARGIN
    return gray.convert("RGB"), (int(x0) - m, int(y0) - m, int(x1) + m, int(y1) + m)


def test_segments_and_dots_are_told_from_printed_digits():
    img, box = cleaned_display("3424", cells=4, digit_height=100)
    assert layout.undecoded(img, box).segmented
    dots = replace(LCD, background=(255, 255, 255), lit=(0, 0, 0), unlit=None)
    assert layout.undecoded(*_dark_on_white(dot_matrix("3424", dots, unit=None))).segmented
    printed, printed_box = _dark_on_white(plain_display("3424", background=(255, 255, 255), ink=(0, 0, 0), unit=None))
    assert not layout.undecoded(printed, printed_box).segmented


def test_blurred_dots_lighter_than_the_ink_level_are_still_dots():
    # A blurred dot-matrix is grey: only its darkest specks pass the ink level (3424 for 342.4 at
    # 100 on wide seed 602, no segment, dot or point check saw the digits).
    dots = replace(LCD, background=(255, 255, 255), lit=(0, 0, 0), unlit=None)
    img, box = _dark_on_white(dot_matrix("3424", dots, unit=None))
    blurred = img.filter(ImageFilter.GaussianBlur(4))
    assert layout.undecoded(blurred, box).segmented


def test_a_reading_without_a_point_nothing_confirmed_stays_below_the_accept_line():
    from api.ai.local_reader import combine

    # Two polarities of the model agreeing are not a second reading of the point.
    for doubt in ("point_unconfirmed", "unread_point_mark", "point_mark"):
        one = WeightReading(LOCAL_OCR, Decimal(3424), 75.0, raw_text="3424", doubts=(doubt,))
        other = WeightReading(LOCAL_OCR, Decimal(3424), 74.0, raw_text="3424", doubts=(doubt,))
        assert combine(one, other).confidence < DEFAULT_ACCEPT_CONFIDENCE
        assert confirmed(combine(other, one)).confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_blurred_dots_read_without_a_point_are_held_for_a_look():
    from api.ai.local_reader import TextBox, _held_at_the_end, weight_from_boxes

    dots = replace(LCD, background=(255, 255, 255), lit=(0, 0, 0), unlit=None)
    img, box = _dark_on_white(dot_matrix("342.4", dots, unit=None))
    blurred = img.filter(ImageFilter.GaussianBlur(4))
    reading = _held_at_the_end(weight_from_boxes([TextBox("3424", 0.99, float(box[3] - box[1]), box)], blurred))
    assert reading.weight_lb == Decimal(3424)
    assert {"point_unconfirmed", "unread_point_mark"} & set(reading.doubts)
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_an_unlit_point_dark_enough_to_pass_the_threshold_is_faint():
    # Every cell of many LCD glasses has a point; unlit, at grey 90 it passes the ink threshold
    # (110) as a round mark between two digits, far lighter than the lit segments (1480 read 14.80
    # at 90 on the third source, the ink check and the segments both seeing it).
    img, box = cleaned_display("1480", cells=4)
    x0, _, x1, y1 = box
    pitch = (x1 - x0) / 4
    cx, r = x0 + 2 * pitch - 0.2 * pitch, 0.06 * pitch
    ImageDraw.Draw(img).ellipse((cx - r, y1 - 6 - 2 * r, cx + r, y1 - 6), fill=(90, 90, 90))
    found = layout.segment_reading(img, box)
    assert found is not None and found.text == "14.80"
    assert found.faint


def test_a_decoding_at_another_level_counts_only_when_it_reads_the_models_number():
    # Blurred LCD digits the decoder cannot read at the ink level; at a level measured within the
    # display it reads "245" (the point lost to the blur): no second reading of "245.6", so the
    # model's reading stays unconfirmed (segments_unread), never "segments_agree".
    cleaned = images.for_ocr(scale_photo(seven_segment("245.6", LCD)))[0].filter(ImageFilter.GaussianBlur(6))
    boxes = recognise(cleaned)
    box = max(boxes, key=lambda b: b.height)
    assert layout.segment_reading(cleaned, box.bounds) is None
    assert [s.text for s in layout.segments_at_other_levels(cleaned, box.bounds)] == ["245"]
    doubts = weight_from_boxes(boxes, cleaned).doubts
    assert "segments_agree" not in doubts and "segments_unread" in doubts
