"""Which reader answers for a company (and the auto mode that tries the local one first), and the
allowance and size cap every reading passes first."""
from __future__ import annotations

import inspect
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import replace
from decimal import ROUND_HALF_UP

from PIL import Image
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.ai import images, limits
from api.ai.local_reader import LocalReader
from api.ai.openai_reader import OpenAIReader
from api.ai.parsing import MAX_WEIGHT_LB, ONE_DECIMAL
from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE, PlateReading, Reader, WeightReading
from api.core.config import Settings, get_settings
from api.kit.errors import Invalid
from api.kit.units import LB_PER_KG
from api.tables.settings import CompanySettings
from api.tables.stores import Store
from api.tables.users import User

PROVIDERS = ("auto", "local", "openai")
_local = LocalReader()


class AutoReader:
    """Local first; the remote reader only when the local one is unsure and a key is set."""

    def __init__(self, local: Reader, remote: Reader | None, min_confidence: float) -> None:
        self.local, self.remote, self.min_confidence = local, remote, min_confidence
        self.name = local.name

    async def read_weight(self, image: Image.Image, display_unit: str | None = None) -> WeightReading:
        first = await self.local.read_weight(image, display_unit)
        if self.remote is None or (first.found and first.confidence >= self.min_confidence):
            return first
        second = await self.remote.read_weight(image, display_unit)
        # Keep the remote answer only when it is one; a remote failure must not hide a local reading.
        if second.found and (not first.found or second.confidence >= first.confidence):
            return second
        return first

    async def read_plate(self, image: Image.Image) -> PlateReading:
        first = await self.local.read_plate(image)
        if self.remote is None or (first.plate and first.confidence >= self.min_confidence):
            return first
        second = await self.remote.read_plate(image)
        return second if second.plate and (not first.plate or second.confidence >= first.confidence) else first


def effective_provider(company_choice: str | None, settings: Settings) -> str:
    """The company's choice, unless it says auto (then the deployment's); openai needs a key."""
    choice = company_choice if company_choice in ("local", "openai") else settings.ai_provider
    if choice not in PROVIDERS:
        choice = "auto"
    if choice == "openai" and not settings.openai_api_key:
        return "local"
    if settings.ai_provider == "local":
        return "local"  # an offline deployment never sends photos out, whatever a company chose
    return choice


def reader_for(provider: str, settings: Settings) -> Reader:
    remote = OpenAIReader(settings) if settings.openai_api_key else None
    if provider == "openai" and remote is not None:
        return remote
    if provider == "auto":
        return AutoReader(_local, remote, settings.ai_auto_min_confidence)
    return _local


async def company_reader(db: AsyncSession, settings: Settings) -> Reader:
    choice = await db.scalar(select(CompanySettings.ai_provider))  # scoped to the caller's company
    return reader_for(effective_provider(choice, settings), settings)


async def prepare_reading(db: AsyncSession, company_id: uuid.UUID,
                          read: Callable[[int], Awaitable[bytes] | bytes]) -> tuple[Image.Image, Reader]:
    """Count the reading against the company's allowance, read the image within the size cap,
    open it, and pick the company's reader."""
    limits.count_reading(company_id)
    settings = get_settings()
    data = read(settings.max_image_bytes)
    img = images.open_image(await data if inspect.isawaitable(data) else data, settings.max_image_bytes)
    return img, await company_reader(db, settings)


# A unit read on the display that is not the one the location's scale is set to: the display
# wins, but the operator looks first (one of them is wrong, and a kg/lb mix-up is a 2.2x error).
UNIT_CONFLICT = "the display shows {shown}, this location's scale is set to {setting} — check the weight"


async def display_unit_for(db: AsyncSession, user: User, store_id: uuid.UUID | None) -> str | None:
    """The scale display unit of the location the photo was taken at: the one the screen names,
    else the user's own location; None when neither is known (a company-wide admin, say)."""
    wanted = store_id or user.assigned_location_id
    if wanted is None:
        return None
    unit = await db.scalar(select(Store.scale_display_unit).where(Store.id == wanted))  # the caller's company only
    if unit is None and store_id is not None:
        raise Invalid("Location not found", field="store_id")
    return unit


def with_display_unit(reading: WeightReading, display_unit: str | None) -> WeightReading:
    """The location's scale display unit applied to a reading (issue 36): a unit the display shows
    always wins; a hidden one is the location's (kg converted to lb); a shown unit that is not the
    location's is not accepted without a look."""
    if not reading.found or reading.weight_lb is None:
        return reading
    shown = reading.unit_detected
    if shown in ("lb", "kg"):
        reading = replace(reading, unit_source="display", unit_applied=shown)
        if display_unit is not None and shown != display_unit:
            return replace(reading, confidence=min(reading.confidence, DEFAULT_ACCEPT_CONFIDENCE / 2),
                           reason=UNIT_CONFLICT.format(shown=shown, setting=display_unit),
                           doubts=reading.doubts + ("unit_conflict",))
        return reading
    if display_unit is None:
        return reading
    # Both readers give the number as shown when no unit is seen (as pounds).
    as_shown = reading.weight_lb
    pounds = (as_shown * LB_PER_KG).quantize(ONE_DECIMAL, rounding=ROUND_HALF_UP) if display_unit == "kg" else as_shown
    if pounds > MAX_WEIGHT_LB:
        return replace(reading, weight_lb=None, confidence=0.0, reason="the reading is not a plausible weight")
    return replace(reading, weight_lb=pounds, unit_source="location", unit_applied=display_unit, display_value=as_shown)
