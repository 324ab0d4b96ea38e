"""AI reading calls: the scale-display weight and the licence plate (HTTP only)."""
from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Depends, File, Form, UploadFile

from api.access.deps import StaffUser
from api.ai import images, service
from api.ai.reader import PlateReading, WeightReading
from api.ai.schemas import (
    NO_PLATE_MESSAGE,
    NO_WEIGHT_MESSAGE,
    OcrTestCreate,
    PlateRecognitionRead,
    WeightExtractionRead,
)
from api.core.deps import Db
from api.kit.contract import FORM_FIELD, PHOTO, upload
from api.subscription import plans
from api.subscription.deps import require_feature

router = APIRouter(tags=["ai"])
AiVision = Depends(require_feature(plans.AI_VISION))


async def _upload_bytes(image: UploadFile, max_bytes: int) -> bytes:
    raw = await image.read(max_bytes + 1)  # never hold more than the cap plus one byte
    if len(raw) > max_bytes:
        raise images.ImageTooLarge(images.too_large_message(max_bytes))
    return raw


def _weight_answer(reading: WeightReading) -> WeightExtractionRead:
    """The reading as the screens get it. A weight found but not sure enough to accept carries its
    reason in the message ("... (62% confidence). Display at an angle — check the weight."); the
    screens show it. No weight found keeps the spec's message word for word."""
    if reading.found:
        message = f"Weight detected: {reading.weight_lb} lb ({reading.confidence:.0f}% confidence)"
        if reading.reason:
            message += f". {reading.reason[:1].upper()}{reading.reason[1:]}."
    else:
        message = NO_WEIGHT_MESSAGE
    return WeightExtractionRead(
        success=reading.found, extracted_weight=reading.weight_lb, confidence=reading.confidence,
        provider_used=reading.provider, unit_detected=reading.unit_detected, raw_text=reading.raw_text,
        message=message, unit_source=reading.unit_source, unit_applied=reading.unit_applied,
        display_value=reading.display_value,
    )


def _plate_answer(reading: PlateReading) -> PlateRecognitionRead:
    return PlateRecognitionRead(
        success=reading.plate is not None, license_plate=reading.plate, detected_text=reading.detected_text,
        confidence=reading.confidence, provider_used=reading.provider,
        message=f'AI detected: "{reading.plate}". Please verify license plate.' if reading.plate
        else NO_PLATE_MESSAGE,
    )


@router.post("/ocr/test", response_model=WeightExtractionRead, dependencies=[AiVision])
async def read_weight_from_base64(body: OcrTestCreate, user: StaffUser, db: Db) -> WeightExtractionRead:
    """The weight on a scale display photo sent as base64 (the tare capture uses this call)."""
    unit = await service.display_unit_for(db, user, body.store_id)
    img, reader = await service.prepare_reading(db, user.company_id, lambda cap: images.decode_base64(body.image_data, cap))
    return _weight_answer(service.with_display_unit(await reader.read_weight(img, unit), unit))


@router.post("/ai/weight-extraction", response_model=WeightExtractionRead, dependencies=[AiVision],
             openapi_extra=upload("image", *PHOTO))
async def extract_weight(image: Annotated[UploadFile, File()], user: StaffUser, db: Db,
                         store_id: Annotated[uuid.UUID | None, Form(json_schema_extra=FORM_FIELD)] = None) -> WeightExtractionRead:
    """The weight on a scale display photo (multipart field `image`; `store_id`, the location it
    was taken at, whose scale display unit applies when the display hides the unit)."""
    unit = await service.display_unit_for(db, user, store_id)
    img, reader = await service.prepare_reading(db, user.company_id, lambda cap: _upload_bytes(image, cap))
    return _weight_answer(service.with_display_unit(await reader.read_weight(img, unit), unit))


@router.post("/ai/license-plate-recognition", response_model=PlateRecognitionRead, dependencies=[AiVision],
             openapi_extra=upload("image", *PHOTO))
async def recognize_license_plate(image: Annotated[UploadFile, File()], user: StaffUser, db: Db) -> PlateRecognitionRead:
    """The registration on a licence plate photo (multipart field `image`)."""
    img, reader = await service.prepare_reading(db, user.company_id, lambda cap: _upload_bytes(image, cap))
    return _plate_answer(await reader.read_plate(img))
