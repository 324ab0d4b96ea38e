"""The checks that keep a confident recogniser from giving a wrong weight (api/ai/layout.py).

Each test draws a real display, finds the digits' box with the real detector, then hands the
reader what the recogniser gets wrong in the bench's false reads: the decimal point dropped,
the kg label left out, a leading digit left out, the l of "lb" read as a 1.
"""
from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from api.ai import images, layout
from api.ai.local_reader import (
    TextBox,
    _beside_label,
    agree,
    combine,
    read_weight_sync,
    recognise,
    weight_from_boxes,
)
from api.ai.parsing import unit_of
from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE, LOCAL_OCR, WeightReading
from bench.ai.displays import (
    LCD,
    LCD_BLUE,
    LED_GREEN,
    LED_RED,
    plain_display,
    scale_photo,
    seven_segment,
    system_fonts,
)


def digits_box(photo):
    cleaned = images.for_ocr(photo)[0]
    return cleaned, max(recognise(cleaned), key=lambda b: b.height)


def test_decimal_point_between_seven_segment_digits_is_seen_with_its_digits_after():
    cleaned, box = digits_box(scale_photo(seven_segment("207.5", LCD)))
    assert layout.survey(cleaned, box.bounds, 4).digits_after_point == 1


def test_display_without_a_point_shows_none():
    cleaned, box = digits_box(scale_photo(seven_segment("1660", LED_GREEN, unit=None)))
    around = layout.survey(cleaned, box.bounds, 4)
    assert around.digits_after_point is None
    assert around.ink_right is None
    assert not around.ink_left


def test_decimal_point_the_recogniser_dropped_is_placed_and_not_accepted():
    cleaned, box = digits_box(scale_photo(seven_segment("207.5", LCD)))
    lost_point = replace(box, text="2075 lb", score=0.99)
    reading = weight_from_boxes([lost_point], cleaned)
    assert reading.weight_lb == Decimal("207.5")
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_kg_label_the_recogniser_left_out_is_read_from_the_ink_beside_the_digits():
    cleaned, box = digits_box(scale_photo(seven_segment("1673", LED_GREEN, unit="kg")))
    reading = weight_from_boxes([replace(box, text="1673")], cleaned)
    assert reading.unit_detected == "kg"
    assert reading.weight_lb == Decimal("3688.3")


def test_leading_digit_left_outside_the_box_makes_the_reading_unsure():
    cleaned, box = digits_box(scale_photo(seven_segment("67460", LED_RED, unit=None)))
    x0, y0, x1, y1 = box.bounds
    short = TextBox("7460", 0.99, box.height, (x0 + (x1 - x0) // 5 + 8, y0, x1, y1))
    reading = weight_from_boxes([short], cleaned)
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_clean_display_without_label_stays_confident():
    cleaned, box = digits_box(scale_photo(seven_segment("1660", LED_GREEN, unit=None)))
    reading = weight_from_boxes([box], cleaned)
    assert reading.weight_lb == Decimal(1660)
    assert reading.confidence >= DEFAULT_ACCEPT_CONFIDENCE


def test_printed_digits_with_their_label_stay_confident():
    cleaned = images.for_ocr(scale_photo(plain_display("4375", font_path=system_fonts()[0])))[0]
    reading = weight_from_boxes(recognise(cleaned), cleaned)
    assert reading.weight_lb == Decimal(4375)
    assert reading.confidence >= DEFAULT_ACCEPT_CONFIDENCE


def test_number_ending_in_1_touching_a_label_is_not_accepted():
    number = TextBox("43751", 0.99, 100, (100, 100, 600, 200))
    label = TextBox("1b", 0.9, 60, (560, 130, 640, 190))
    reading = weight_from_boxes([number, label])
    assert reading.weight_lb == Decimal(43751)
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_two_polarities_reading_different_numbers_are_not_accepted():
    first = WeightReading(LOCAL_OCR, Decimal("209.6"), 60.0, None, "209.6")
    second = WeightReading(LOCAL_OCR, Decimal(8888), 99.0, None, "8888")
    assert combine(first, second).confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_two_polarities_agreeing_raise_the_surer_reading():
    first = WeightReading(LOCAL_OCR, Decimal("209.6"), 60.0, None, "209.6")
    second = WeightReading(LOCAL_OCR, Decimal("209.6"), 75.0, None, "209.6")
    assert combine(first, second).confidence >= DEFAULT_ACCEPT_CONFIDENCE


def test_two_polarities_agreeing_do_not_clear_a_doubted_decimal_point():
    first = WeightReading(LOCAL_OCR, Decimal("209.6"), 45.0, None, "2096", doubts=("point",))
    second = WeightReading(LOCAL_OCR, Decimal("209.6"), 70.0, None, "209.6")
    assert combine(first, second).confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_polarities_reading_different_numbers_stay_unaccepted_however_sure_the_second():
    # Held-out set: a sure second polarity that overruled a weak first look lost points and kg labels.
    first = WeightReading(LOCAL_OCR, Decimal("15.2"), 30.0, None, "15.2", doubts=("skipped", "reread"))
    second = WeightReading(LOCAL_OCR, Decimal("215.2"), 99.0, None, "215.2")
    assert combine(first, second).confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_a_number_only_the_other_polarity_reads_is_not_accepted():
    nothing = WeightReading(LOCAL_OCR, None, 0.0, None, "", "no text found")
    second = WeightReading(LOCAL_OCR, Decimal(3600), 99.7, None, "3600")
    reading = combine(nothing, second)
    assert reading.weight_lb == Decimal(3600)
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_digits_the_detector_missed_are_read_from_the_line_left_of_the_label():
    # Widely spaced thin 1s on a red LED: the detector finds only "lb" in the whole picture.
    cleaned = images.for_ocr(scale_photo(seven_segment("111.9", LED_RED, unit="lb", cells=5)))[0]
    labels = [b for b in recognise(cleaned) if unit_of(b.text)]
    reading = _beside_label(cleaned, labels)
    assert reading is not None
    assert reading.weight_lb == Decimal("111.9")
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE  # its decimal point may be lost: a look


def test_leading_1_the_detector_dropped_is_never_accepted_as_the_shorter_number():
    reading = read_weight_sync(scale_photo(seven_segment("114.9", LCD_BLUE, unit="lb", cells=5)))
    assert reading.weight_lb == Decimal("114.9") or reading.confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_digits_skipped_between_the_number_and_its_label_make_the_reading_unsure():
    cleaned, box = digits_box(scale_photo(seven_segment("391.4", LED_RED, unit=None)))
    x0, y0, x1, y1 = box.bounds
    # The recogniser read only "39"; the unit label box sits right of the digits it skipped.
    short = TextBox("39", 0.99, box.height, (x0, y0, x0 + (x1 - x0) // 2, y1))
    label = TextBox("lb", 0.9, box.height / 2, (x1 + 10, y0 + box.height // 3, x1 + 80, y1))
    assert layout.survey(cleaned, short.bounds, 2, label_left=label.bounds[0]).ink_after
    assert not layout.survey(cleaned, box.bounds, 4, label_left=label.bounds[0]).ink_after
    reading = weight_from_boxes([short, label], cleaned)
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_digits_read_left_of_a_kg_label_keep_the_label_unit():
    # The detector finds only "kg"; the digits are read from the line left of it, in kilograms.
    cleaned = images.for_ocr(scale_photo(seven_segment("111.9", LED_RED, unit="kg", cells=5)))[0]
    labels = [b for b in recognise(cleaned) if unit_of(b.text)]
    reading = _beside_label(cleaned, labels)
    assert reading is not None
    assert reading.unit_detected == "kg"
    assert reading.weight_lb == Decimal("246.7")


def test_a_label_read_as_digits_is_more_digits_than_the_box_shows():
    # "164 lb" read as "16410": the l and b are not digit-tall, so the box holds three digits.
    cleaned = images.for_ocr(scale_photo(seven_segment("164", LED_GREEN, unit="lb")))[0]
    found = recognise(cleaned)
    x0, y0, _, y1 = max(found, key=lambda b: b.height).bounds
    right = max(b.bounds[2] for b in found)
    merged = TextBox("16410", 0.99, float(y1 - y0), (x0, y0, right, y1))
    around = layout.survey(cleaned, merged.bounds, 5)
    assert around.digit_marks == 3
    reading = weight_from_boxes([merged], cleaned)
    assert "extra_digits" in reading.doubts
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_a_look_agreeing_on_the_number_does_not_clear_the_unit_label_another_look_could_not_read():
    # 2132 for 213.2 kg at 92 (wide seed 602): one polarity saw ink beside the digits it could
    # not read (kg), the other took the label into its box and read the digits alone.
    unread_label = WeightReading(LOCAL_OCR, Decimal(2132), 29.8, None, "2132", doubts=("label", "reread"))
    digits_only = WeightReading(LOCAL_OCR, Decimal(2132), 91.9, None, "2132")
    reading = combine(unread_label, digits_only)
    assert reading.confidence < DEFAULT_ACCEPT_CONFIDENCE and "label" in reading.doubts
    # The other look reading the unit settles it.
    with_unit = WeightReading(LOCAL_OCR, Decimal(2132), 91.9, "lb", "2132 | lb")
    assert combine(unread_label, with_unit).confidence >= DEFAULT_ACCEPT_CONFIDENCE


def test_a_third_look_agreeing_with_one_of_two_that_disagreed_is_not_accepted():
    # 74 for 74.8 at 100 (wide seed 602): the levelled crops of both polarities cut the ".8" off;
    # the look as taken read 74.8, so the levelled 74 was held, until the other polarity's 74 lifted it.
    disputed = WeightReading(LOCAL_OCR, Decimal(74), 40.0, None, "74",
                             doubts=("segments_agree", "looks_disagree", "larger_other"))
    same_cut = WeightReading(LOCAL_OCR, Decimal(74), 100.0, None, "74", doubts=("segments_agree",))
    assert combine(disputed, same_cut).confidence < DEFAULT_ACCEPT_CONFIDENCE
    assert agree(same_cut, disputed).confidence < DEFAULT_ACCEPT_CONFIDENCE


def test_a_point_after_the_last_digit_is_settled_by_another_look_reading_clean_digits():
    # "140.7." (a guessed point) in one polarity, "140.7" in the other: the text doubt is the model's own.
    guessed = WeightReading(LOCAL_OCR, Decimal("140.7"), 45.9, "lb", "140.7. | lbs", doubts=("parse", "segments_agree"))
    clean = WeightReading(LOCAL_OCR, Decimal("140.7"), 99.7, "lb", "140.7 | lbs", doubts=("segments_agree",))
    assert combine(guessed, clean).confidence >= DEFAULT_ACCEPT_CONFIDENCE
