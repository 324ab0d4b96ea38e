"""The AI reading contract: weight and licence-plate answers (spec 2 sections 4 and 8, spec 3)."""
from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, Field, PlainSerializer

from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE

# A JSON number (23.4), as the screens compute with it; one decimal, so the float is exact enough
# to come back as the same Decimal through str().
PoundsNumber = Annotated[Decimal, PlainSerializer(float, return_type=float, when_used="json")]

NO_WEIGHT_MESSAGE = "AI Vision could not detect weight. Please enter weight manually."
NO_PLATE_MESSAGE = "Could not detect license plate. Please enter manually."


class OcrTestCreate(BaseModel):
    image_data: str = Field(min_length=1, description="A base64 JPEG (or PNG/WebP), plain or as a data URL")
    store_id: uuid.UUID | None = Field(
        default=None, description="The location the photo was taken at: its scale display unit applies when the "
        "display hides the unit (default: the user's own location)")


class WeightExtractionRead(BaseModel):
    success: bool
    extracted_weight: PoundsNumber | None = Field(description="Pounds, one decimal; null when no weight was found")
    confidence: float = Field(description="Percent, 0-100")
    provider_used: str = Field(description="local_ocr (offline reader) or gpt4_vision (remote vision model)")
    unit_detected: str | None = Field(description="lb or kg as shown on the display; kg is converted to lb")
    unit_source: Literal["display", "location"] | None = Field(
        default=None, description="display: the unit was read on the display; location: the display hid it and the "
        "location's scale display unit was applied; null: no unit known (pounds assumed) or no weight")
    unit_applied: Literal["lb", "kg"] | None = Field(default=None, description="The unit the display's number is in")
    display_value: PoundsNumber | None = Field(
        default=None, description="The number as the display shows it, in unit_applied, when the unit came from the "
        "location (the screens show the conversion: 234.7 kg = 517.4 lb)")
    raw_text: str
    message: str
    accept_confidence: float = Field(
        default=DEFAULT_ACCEPT_CONFIDENCE,
        description="At or above this confidence the screens accept the weight without asking for a check",
    )


class PlateRecognitionRead(BaseModel):
    success: bool
    license_plate: str | None = Field(description="Upper case, 2-8 letters and digits")
    detected_text: str
    confidence: float
    provider_used: str
    message: str
