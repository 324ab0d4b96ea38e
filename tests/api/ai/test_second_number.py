"""What else a display shows beside the weight (api/ai/local_reader.py): a small second number
(pieces, unit price) is never taken for the weight without a look when taller digits or its own
legend stand beside it (taller_text, taller_other, other_quantity); both units printed leave the
unit unread (units_both); a skin-coloured panel is no finger over the unit label."""
from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from types import SimpleNamespace

from PIL import Image, ImageDraw

from api.ai.local_reader import (
    DEFAULT_ACCEPT_CONFIDENCE,
    TextBox,
    _held_at_the_end,
    _label_place_covered,
    _model_alone,
    _with_panel,
    combine,
    confirmed,
    weight_from_boxes,
)
from api.ai.reader import WeightReading


def test_a_small_number_beside_taller_digits_read_as_no_weight_is_held():
    # The third source's glare-001: the weight 3.24 read "3.2.4" (no weight), the unit price 17.71
    # above it read cleanly at 1.0.
    boxes = [TextBox("17.71", 1.0, 40.0, (700, 200, 820, 240)), TextBox("U/P", 1.0, 21.0, (640, 205, 690, 226)),
             TextBox("3.2.4", 0.97, 164.0, (300, 260, 760, 424)), TextBox("lb", 0.9, 43.0, (780, 380, 830, 423))]
    reading = weight_from_boxes(boxes)
    assert reading.weight_lb == Decimal("17.7")
    assert "taller_text" in reading.doubts and reading.confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_taller_words_do_not_hold_a_number():
    # A brand name taller than the digits has no digit: no second number.
    boxes = [TextBox("MERIDIAN", 1.0, 90.0, (100, 50, 600, 140)), TextBox("24.6", 0.99, 60.0, (300, 260, 420, 320))]
    reading = weight_from_boxes(boxes)
    assert "taller_text" not in reading.doubts and reading.confidence >= DEFAULT_ACCEPT_CONFIDENCE


def test_the_other_polarity_reading_taller_digits_vetoes_the_segments():
    # The third source's low_light-008: one polarity read 544 (pieces, 37 px) as 544 kg with the
    # segments agreeing; the other read the weight 0.41 kg in digits 113 px tall.
    pieces = WeightReading("local", Decimal("1199.3"), 92.0, "kg", "544 | kg", doubts=("segments_agree",),
                           digit_height=37.0)
    weight = WeightReading("local", Decimal("0.9"), 70.0, "kg", "0.41 | kg", doubts=(), digit_height=113.0)
    reading = confirmed(combine(pieces, weight))
    assert "taller_other" in reading.doubts and reading.confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_a_number_labelled_as_pieces_is_not_taken_for_the_weight():
    # The third source's shadow-052: the weight's 14-segment digits were not seen as text; the
    # piece count 827 beside "PCS" was read at 100 with the segments agreeing.
    boxes = [TextBox("ZERO", 1.0, 25.0, (250, 120, 330, 145)), TextBox("827", 1.0, 46.0, (760, 110, 860, 156)),
             TextBox("PCS", 1.0, 24.0, (690, 125, 740, 149)), TextBox("PRINT", 1.0, 25.0, (400, 500, 480, 525))]
    reading = weight_from_boxes(boxes)
    assert "other_quantity" in reading.doubts
    assert confirmed(reading).confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_a_pieces_word_far_from_the_number_holds_nothing():
    boxes = [TextBox("124.6", 1.0, 80.0, (300, 300, 560, 380)), TextBox("PCS", 1.0, 24.0, (60, 40, 110, 64))]
    assert "other_quantity" not in weight_from_boxes(boxes).doubts


def test_both_units_printed_leave_the_unit_unread():
    # Legends for kg and lb under the window, an arrow at one of them: which one is not read here
    # (1670 lb taken for kg at 90 on the third source).
    boxes = [TextBox("001670", 1.0, 120.0, (300, 200, 700, 320)), TextBox("kg", 1.0, 30.0, (560, 340, 600, 370)),
             TextBox("lb", 0.9, 30.0, (620, 340, 660, 370))]
    reading = weight_from_boxes(boxes)
    assert "units_both" in reading.doubts
    assert confirmed(replace(reading, doubts=reading.doubts + ("segments_agree",))).confidence \
        < DEFAULT_ACCEPT_CONFIDENCE


def test_a_skin_coloured_panel_is_no_finger_over_the_label():
    # Under warm light a grey LCD, maroon unlit LED dots or a wooden wall fall in the skin hues:
    # the place left of the digits coloured alike says the colour is the display's own.
    digits = TextBox("123", 1.0, 100.0, (200, 100, 500, 200))
    around = SimpleNamespace(digits_line=(500, 100, 200))
    warm = Image.new("RGB", (900, 300), (214, 176, 146))
    assert not _label_place_covered(warm, digits, around)
    grey = Image.new("RGB", (900, 300), (150, 150, 150))
    ImageDraw.Draw(grey).ellipse((480, 120, 760, 300), fill=(224, 172, 140))  # a thumb over the label
    assert _label_place_covered(grey, digits, around)


def test_the_whole_photos_second_number_holds_the_panels_reading_of_it():
    whole = WeightReading("local", Decimal("296.0"), 40.0, None, "296 | PCS", doubts=("other_quantity",))
    panel = WeightReading("local", Decimal("296.0"), 97.0, None, "296", doubts=("segments_agree",))
    reading = _with_panel(whole, panel)
    assert "other_quantity" in reading.doubts and reading.confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_a_leading_zero_is_never_confirmed_by_the_same_ink():
    # "04" for 2304 under glare on the first source's seed 20261207: the segments decoded the same
    # two digits left in view. A leading zero may be a display's own, or digits lost before it.
    reading = weight_from_boxes([TextBox("04", 0.99, 80.0, (300, 200, 420, 280))])
    assert "short_leading_zero" in reading.doubts
    assert confirmed(replace(reading, doubts=reading.doubts + ("segments_agree",))).confidence \
        < DEFAULT_ACCEPT_CONFIDENCE
    # A display that shows its leading zeros shows them in every cell: the segments settle those.
    zeros = weight_from_boxes([TextBox("01092", 0.99, 80.0, (300, 200, 620, 280))])
    assert "leading_zero" in zeros.doubts and zeros.confidence < DEFAULT_ACCEPT_CONFIDENCE
    assert confirmed(replace(zeros, doubts=zeros.doubts + ("segments_agree",))).confidence \
        >= DEFAULT_ACCEPT_CONFIDENCE


def test_segments_the_model_alone_read_are_held_at_the_end():
    alone = WeightReading("local", Decimal("2.4"), 99.9, None, "NET | 2.4", doubts=("segments_unread",))
    assert _held_at_the_end(alone).confidence < DEFAULT_ACCEPT_CONFIDENCE
    backed = replace(alone, doubts=("segments_unread", "segments_agree", "confirmed"))
    assert _held_at_the_end(backed).confidence == 99.9
    printed = replace(alone, doubts=())  # printed digits: no decoder reads them, the model does
    assert _held_at_the_end(printed).confidence == 99.9


def test_kg_written_elsewhere_leaves_no_unit_read_unsettled():
    # The fourth source's far-129: 2.090 kg read with no unit beside it, "Max 5 kg" printed on the
    # housing; pounds were taken by default and accepted at 99.9.
    boxes = [TextBox("DURATON", 1.0, 50.0, (90, 102, 305, 152)), TextBox("Max 5 kg d=0.005kg", 0.63, 29.0, (682, 109, 854, 138)),
             TextBox("2.090", 1.0, 197.0, (323, 166, 803, 363)), TextBox("PRINT", 0.94, 31.0, (138, 456, 219, 487))]
    reading = weight_from_boxes(boxes)
    assert reading.unit_detected is None and "kg_elsewhere" in reading.doubts
    assert confirmed(replace(reading, doubts=reading.doubts + ("segments_agree",))).confidence < DEFAULT_ACCEPT_CONFIDENCE
    # The location's scale display unit set: the setting says what a display without a unit shows.
    assert "kg_elsewhere" not in weight_from_boxes(boxes, unit_known=True).doubts
    # Pounds on the housing only: pounds stay the default.
    pounds = [replace(b, text="Max 10 lb d=0.01lb") if "Max" in b.text else b for b in boxes]
    assert weight_from_boxes(pounds).confidence >= DEFAULT_ACCEPT_CONFIDENCE


def test_the_model_alone_is_accepted_only_when_sure():
    # The fourth source's defocus-100: 14-segment digits no decoder reads, 184 for 1.84 at 82.5.
    unsure = WeightReading("local", Decimal(184), 82.5, None, "184", doubts=("score", "panel"))
    held = _model_alone(unsure)
    assert held.confidence < DEFAULT_ACCEPT_CONFIDENCE and "model_alone" in held.doubts
    assert _model_alone(replace(unsure, confidence=87.6, doubts=())).confidence < DEFAULT_ACCEPT_CONFIDENCE
    # The segments or the dots reading the same number, or a sure model: accepted as before.
    assert _model_alone(replace(unsure, doubts=("score", "segments_agree"))).confidence == 82.5
    assert _model_alone(replace(unsure, doubts=("dots_agree",))).confidence == 82.5
    assert _model_alone(replace(unsure, confidence=99.0, doubts=())).confidence == 99.0
    assert _model_alone(replace(unsure, confidence=93.8)).confidence == 93.8  # looks agreeing raised it
