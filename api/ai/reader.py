"""The reader interface and its answers: one shape for every provider (DESIGN.md, AI reading)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Protocol

from PIL import Image

# What provider_used / tickets.ocr_provider say. The history screen shows 'AI Vision' for both:
# each is a machine reading, the local one simply runs on our own CPU.
LOCAL_OCR = "local_ocr"
GPT4_VISION = "gpt4_vision"

# The confidence (percent) at or above which the screens accept a weight without asking the
# operator to check it. One number for the API, the web (sent in every answer) and bench/ai.
DEFAULT_ACCEPT_CONFIDENCE = 80.0


@dataclass(frozen=True)
class WeightReading:
    provider: str
    weight_lb: Decimal | None  # None: no weight found (an answer, not an error)
    confidence: float  # percent, 0-100
    unit_detected: str | None = None
    raw_text: str = ""
    # Why there is no weight, or why the weight found is not one to accept without a look, in a
    # few words for the log and the screen ("display at an angle — check the weight").
    reason: str | None = None
    doubts: tuple[str, ...] = ()  # the checks that lowered the confidence, for the bench and the log
    # Where the unit came from: "display" (a label read on it) or "location" (the display hid it
    # and the location's scale display unit was applied; api/ai/service.with_display_unit).
    unit_source: str | None = None
    display_value: Decimal | None = None  # the number as the display shows it, in unit_applied
    unit_applied: str | None = None  # lb or kg: the unit display_value is in
    # The height in pixels of the text the number was read in (the local reader's, in the picture
    # it read; 0 when not known): which of two numbers on one display is the weight.
    digit_height: float = 0.0
    # The local reader's way back to the picture and the number it read: a look around the number
    # for its unit once every other look is done (local_reader.unit_scanned). Not an answer field.
    look_around: Callable[[], object] | None = field(default=None, compare=False, repr=False)

    @property
    def found(self) -> bool:
        return self.weight_lb is not None


@dataclass(frozen=True)
class PlateReading:
    provider: str
    plate: str | None
    detected_text: str
    confidence: float
    reason: str | None = None


class Reader(Protocol):
    name: str

    async def read_weight(self, image: Image.Image, display_unit: str | None = None) -> WeightReading:
        """display_unit: what the location's scale shows when its display hides the unit (lb or
        kg), or None when no location is known."""
        ...

    async def read_plate(self, image: Image.Image) -> PlateReading: ...
