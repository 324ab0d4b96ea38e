"""GET /api/compliance/state-laws: each location's state organics laws (issue 37)."""
from __future__ import annotations

import uuid
from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, Field

from api.warehouse.schemas import Pending

Unit = Literal["short_tons", "cubic_yards", "gallons"]
Period = Literal["week", "year"]


class Threshold(BaseModel):
    value: float
    unit: Unit
    period: Period


class Measured(BaseModel):
    value: float | None = Field(description="Trailing average over the latest weeks with data (up to 52), "
                                            "in the law's unit per period; null before the first weighing")
    unit: Unit
    weeks: int = Field(description="Weeks with data averaged (0 to 52)")


class NextStep(BaseModel):
    threshold: Threshold | None
    effective_date: date


class StateLawEntry(BaseModel):
    law_key: str | None
    law: str | None
    citation: str | None
    covered: bool | None = Field(description="null when a condition Flow cannot check decides it")
    basis: Literal["all", "threshold", "none"]
    threshold: Threshold | None
    measured: Measured | None
    above_threshold: bool | None = Field(description="The measured rate is at or above the threshold in force")
    effective_date: date | None = Field(description="When the step in force (or the first step) took effect")
    conditions: list[str]
    covered_business_types: str | None
    exemptions: str | None
    source: str
    unconfirmed: str | None = Field(description="Facts of this step not confirmed against its source")
    step: int | None
    next_step: NextStep | None


class StateLawLocation(BaseModel):
    store_id: uuid.UUID
    location: str
    state: str
    laws: list[StateLawEntry]


class StateLawGap(BaseModel):
    value: float
    unit: Unit
    period: Period


class StateLawActionItem(BaseModel):
    store_id: uuid.UUID
    location: str
    law: str
    gap: StateLawGap
    effective_date: date | None
    title: str


class StateLawsRead(Pending):
    as_of: date
    last_refreshed_at: datetime | None = Field(None, description="When the warehouse the measured rates come from "
                                               "was published (the figures' 'as of' time)")
    locations: list[StateLawLocation]
    action_items: list[StateLawActionItem]
