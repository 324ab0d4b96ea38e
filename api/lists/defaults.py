"""System-standard reference items every new company starts with (filled by the lists domain)."""
from __future__ import annotations

import uuid

from sqlalchemy.ext.asyncio import AsyncSession


async def seed_company_lists(db: AsyncSession, company_id: uuid.UUID) -> None:
    """Copy the system-standard items into the company's own lists."""
    return None
