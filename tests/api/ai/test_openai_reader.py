"""The OpenAI reader against a local chat-completions server: real client, real HTTP."""
from __future__ import annotations

import logging
from decimal import Decimal

from api.ai.openai_reader import OpenAIReader
from api.ai.reader import GPT4_VISION
from api.core.config import Settings
from bench.ai.displays import LCD, plate_image, scale_photo, seven_segment

PHOTO = scale_photo(seven_segment("23.4", LCD, cells=5))
KEY = "sk-test-never-logged-0123456789"


def reader(server, model: str, timeout_s: float = 10.0) -> OpenAIReader:
    settings = Settings(openai_api_key=KEY, openai_base_url=server.base_url, openai_model=model,
                        openai_timeout_s=timeout_s)
    return OpenAIReader(settings, max_retries=0)


async def test_good_answer_gives_weight_in_pounds_with_confidence(fake_openai):
    reading = await reader(fake_openai, "good").read_weight(PHOTO)
    assert reading.weight_lb == Decimal("23.4")
    assert reading.confidence == 93
    assert reading.provider == GPT4_VISION
    assert reading.unit_detected == "lb"


async def test_request_sends_image_as_data_url_with_strict_schema_and_bearer_key(fake_openai):
    await reader(fake_openai, "good").read_weight(PHOTO)
    sent = fake_openai.requests[0]
    assert sent["path"] == "/v1/chat/completions"
    assert sent["auth"] == f"Bearer {KEY}"
    content = sent["body"]["messages"][0]["content"]
    assert any(part["type"] == "image_url" and part["image_url"]["url"].startswith("data:image/jpeg;base64,")
               for part in content)
    assert sent["body"]["response_format"]["type"] == "json_schema"
    assert sent["body"]["response_format"]["json_schema"]["strict"] is True


async def test_kilograms_are_converted_to_pounds(fake_openai):
    reading = await reader(fake_openai, "kg").read_weight(PHOTO)
    assert reading.weight_lb == Decimal("22.0")
    assert reading.unit_detected == "kg"


async def test_no_value_is_an_answer_without_weight(fake_openai):
    reading = await reader(fake_openai, "nothing").read_weight(PHOTO)
    assert reading.weight_lb is None
    assert reading.reason == "no weight visible"


async def test_time_out_is_no_reading_with_a_reason(fake_openai):
    fake_openai.slow_seconds = 3.0
    reading = await reader(fake_openai, "slow", timeout_s=0.5).read_weight(PHOTO)
    assert reading.weight_lb is None
    assert reading.reason == "the AI service timed out"


async def test_malformed_answer_is_no_reading(fake_openai):
    reading = await reader(fake_openai, "malformed").read_weight(PHOTO)
    assert reading.weight_lb is None
    assert reading.reason == "the AI service sent a malformed answer"


async def test_refusal_is_no_reading(fake_openai):
    reading = await reader(fake_openai, "refusal").read_weight(PHOTO)
    assert reading.weight_lb is None
    assert reading.reason == "the AI model declined to read this image"


async def test_server_error_is_no_reading(fake_openai):
    reading = await reader(fake_openai, "error").read_weight(PHOTO)
    assert reading.weight_lb is None
    assert reading.reason == "the AI service answered HTTP 500"


async def test_plate_is_normalised_to_upper_case_letters_and_digits(fake_openai):
    reading = await reader(fake_openai, "plate").read_plate(plate_image("7ABC123"))
    assert reading.plate == "7ABC123"
    assert reading.detected_text == "7abc-123"


async def test_neither_key_nor_image_reaches_the_log(fake_openai, caplog):
    caplog.set_level(logging.DEBUG)
    for model in ("good", "malformed", "refusal", "error"):
        await reader(fake_openai, model).read_weight(PHOTO)
    assert KEY not in caplog.text
    assert "base64" not in caplog.text
