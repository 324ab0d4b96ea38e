"""The remote reader: a vision model behind the OpenAI chat-completions API (any compatible URL).

Every failure (time-out, refusal, malformed answer, HTTP error) becomes a "no reading" answer
with a reason, never an exception: the operator can always fall back to typing the weight.
The image and the key are never logged.
"""
from __future__ import annotations

import json
import logging
from decimal import Decimal, InvalidOperation
from functools import lru_cache

import openai
from PIL import Image

from api.ai import images
from api.ai.parsing import MAX_WEIGHT_LB, ONE_DECIMAL, plate_in_text
from api.ai.reader import GPT4_VISION, PlateReading, WeightReading
from api.core.config import Settings
from api.kit.units import LB_PER_KG

log = logging.getLogger("flow.ai")

WEIGHT_PROMPT = (
    "This photo shows the display of a weighing scale. Read the weight shown on the display. "
    "value: the number exactly as displayed (null if no display or no number can be read with certainty). "
    "unit: 'lb' or 'kg' if the display shows one, else null. "
    "confidence: 0-100, how sure you are that value is exactly what the display shows."
)
PLATE_PROMPT = (
    "This photo shows a vehicle licence plate. plate: the registration characters (letters and digits only, "
    "no spaces or state name), or null if unreadable. confidence: 0-100."
)
WEIGHT_SCHEMA = {
    "name": "scale_reading",
    "strict": True,
    "schema": {
        "type": "object",
        "properties": {
            "value": {"type": ["number", "null"]},
            "unit": {"type": ["string", "null"], "enum": ["lb", "kg", None]},
            "confidence": {"type": "number"},
        },
        "required": ["value", "unit", "confidence"],
        "additionalProperties": False,
    },
}
PLATE_SCHEMA = {
    "name": "plate_reading",
    "strict": True,
    "schema": {
        "type": "object",
        "properties": {"plate": {"type": ["string", "null"]}, "confidence": {"type": "number"}},
        "required": ["plate", "confidence"],
        "additionalProperties": False,
    },
}


class NoAnswer(Exception):
    """The model gave nothing usable; the message says why."""


@lru_cache(maxsize=4)
def openai_client(api_key: str, base_url: str, timeout_s: float, max_retries: int) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(api_key=api_key, base_url=base_url or None, timeout=timeout_s,
                              max_retries=max_retries)


class OpenAIReader:
    name = GPT4_VISION

    def __init__(self, settings: Settings, *, max_retries: int = 2) -> None:
        self._settings = settings
        self._max_retries = max_retries  # reading is idempotent, so a retry cannot do harm

    async def _ask(self, image: Image.Image, prompt: str, schema: dict) -> dict:
        s = self._settings
        client = openai_client(s.openai_api_key, s.openai_base_url, s.openai_timeout_s, self._max_retries)
        try:
            completion = await client.chat.completions.create(
                model=s.openai_model,
                messages=[{"role": "user", "content": [
                    {"type": "text", "text": prompt},
                    {"type": "image_url", "image_url": {"url": images.for_remote(image), "detail": "high"}},
                ]}],
                response_format={"type": "json_schema", "json_schema": schema},
                temperature=0,
            )
        except openai.APITimeoutError:
            raise NoAnswer("the AI service timed out") from None
        except openai.APIStatusError as exc:
            raise NoAnswer(f"the AI service answered HTTP {exc.status_code}") from None
        except openai.APIError as exc:  # connection errors and unreadable responses
            raise NoAnswer(f"the AI service could not be reached ({type(exc).__name__})") from None
        if not completion.choices:
            raise NoAnswer("the AI service sent no answer")
        message = completion.choices[0].message
        if getattr(message, "refusal", None):
            raise NoAnswer("the AI model declined to read this image")
        try:
            answer = json.loads(message.content or "")
        except ValueError:
            raise NoAnswer("the AI service sent a malformed answer") from None
        if not isinstance(answer, dict):
            raise NoAnswer("the AI service sent a malformed answer")
        return answer

    async def read_weight(self, image: Image.Image, display_unit: str | None = None) -> WeightReading:
        # The model says null for a unit it cannot see; the service applies the location's unit.
        try:
            answer = await self._ask(image, WEIGHT_PROMPT, WEIGHT_SCHEMA)
            value, unit, confidence = _weight_fields(answer)
        except NoAnswer as exc:
            log.info("remote weight reading gave no weight: %s", exc)
            return WeightReading(GPT4_VISION, None, 0.0, reason=str(exc))
        raw = json.dumps(answer)
        if value is None:
            return WeightReading(GPT4_VISION, None, confidence, unit, raw, "no weight visible")
        weight = (value * (LB_PER_KG if unit == "kg" else 1)).quantize(ONE_DECIMAL)
        if not (0 < weight <= MAX_WEIGHT_LB):
            return WeightReading(GPT4_VISION, None, 0.0, unit, raw, "the reading is not a plausible weight")
        return WeightReading(GPT4_VISION, weight, confidence, unit, raw)

    async def read_plate(self, image: Image.Image) -> PlateReading:
        try:
            answer = await self._ask(image, PLATE_PROMPT, PLATE_SCHEMA)
        except NoAnswer as exc:
            return PlateReading(GPT4_VISION, None, "", 0.0, str(exc))
        text = answer.get("plate") if isinstance(answer.get("plate"), str) else ""
        confidence = _percent(answer.get("confidence"))
        plate = plate_in_text(text) if text else None
        return PlateReading(GPT4_VISION, plate, text, confidence if plate else 0.0,
                            None if plate else "no plate visible")


def _percent(value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0.0
    return float(min(100.0, max(0.0, value)))


def _weight_fields(answer: dict) -> tuple[Decimal | None, str | None, float]:
    value, unit = answer.get("value"), answer.get("unit")
    if unit not in ("lb", "kg", None) or "confidence" not in answer:
        raise NoAnswer("the AI service sent a malformed answer")
    if value is None:
        return None, unit, _percent(answer.get("confidence"))
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise NoAnswer("the AI service sent a malformed answer")
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        raise NoAnswer("the AI service sent a malformed answer") from None
    if not number.is_finite():
        raise NoAnswer("the AI service sent a malformed answer")
    return number, unit, _percent(answer.get("confidence"))
