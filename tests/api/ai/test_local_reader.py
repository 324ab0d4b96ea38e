"""The offline reader on generated displays and plates (RapidOCR on the CPU, no network)."""
from __future__ import annotations

from decimal import Decimal

from api.ai.local_reader import LocalReader
from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE, LOCAL_OCR
from bench.ai.displays import (
    LCD,
    LED_RED,
    plain_display,
    plate_image,
    scale_photo,
    seven_segment,
    system_fonts,
)

reader = LocalReader()


async def test_lcd_display_with_ghost_segments_reads_exactly():
    reading = await reader.read_weight(scale_photo(seven_segment("87.2", LCD, cells=5)))
    assert reading.weight_lb == Decimal("87.2")
    assert reading.provider == LOCAL_OCR
    assert reading.confidence >= DEFAULT_ACCEPT_CONFIDENCE


async def test_red_led_display_in_kilograms_reads_as_pounds():
    reading = await reader.read_weight(scale_photo(seven_segment("125.5", LED_RED, unit="kg")))
    assert reading.unit_detected == "kg"
    assert reading.weight_lb == Decimal("276.7")


async def test_printed_font_display_reads_exactly():
    reading = await reader.read_weight(scale_photo(plain_display("145.6", font_path=system_fonts()[0])))
    assert reading.weight_lb == Decimal("145.6")


async def test_picture_without_digits_is_no_weight_not_an_error():
    from PIL import Image

    reading = await reader.read_weight(Image.new("RGB", (640, 480), (128, 128, 128)))
    assert reading.weight_lb is None
    assert reading.reason == "no text found"


async def test_licence_plate_reads_without_the_state_name():
    reading = await reader.read_plate(plate_image("7ABC123", state="CALIFORNIA"))
    assert reading.plate == "7ABC123"
