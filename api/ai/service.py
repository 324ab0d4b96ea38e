"""Which reader answers for a company (and the auto mode that tries the local one first), and the
allowance and size cap every reading passes first."""
from __future__ import annotations

import inspect
import uuid
from collections.abc import Awaitable, Callable

from PIL import Image
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.ai import images, limits
from api.ai.local_reader import LocalReader
from api.ai.openai_reader import OpenAIReader
from api.ai.reader import PlateReading, Reader, WeightReading
from api.core.config import Settings, get_settings
from api.tables.settings import CompanySettings

PROVIDERS = ("auto", "local", "openai")
_local = LocalReader()


class AutoReader:
    """Local first; the remote reader only when the local one is unsure and a key is set."""

    def __init__(self, local: Reader, remote: Reader | None, min_confidence: float) -> None:
        self.local, self.remote, self.min_confidence = local, remote, min_confidence
        self.name = local.name

    async def read_weight(self, image: Image.Image) -> WeightReading:
        first = await self.local.read_weight(image)
        if self.remote is None or (first.found and first.confidence >= self.min_confidence):
            return first
        second = await self.remote.read_weight(image)
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
