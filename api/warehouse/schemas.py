"""The freshness every warehouse answer carries (api/warehouse/freshness.py)."""
from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field


class Pending(BaseModel):
    """Whether a newer figure is on its way (api/warehouse/freshness.py), on every analytics answer."""

    refreshing: bool = Field(False, description="A ticket or location of the company changed after the figures "
                                                "were published: a refresh will show it (within a minute under flow up)")
    pending_since: datetime | None = Field(None, description="The oldest change the figures do not show yet (UTC)")
