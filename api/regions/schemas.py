"""Regions and subregions (enterprise): spec 3 sections 2.23 and 3."""
from __future__ import annotations

import uuid
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field, field_validator

from api.kit.contract import TEXT, Needed


def _required_name(value: str | None) -> str:
    if value is None or not value.strip():
        raise ValueError("Region name is required")
    return value.strip()


class RegionCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str | None = Needed(text=True, max_length=120, validate_default=True)
    description: str | None = Field(default=None, max_length=2000)
    parent_id: uuid.UUID | None = None

    @field_validator("name")
    @classmethod
    def _name(cls, value: str | None) -> str:
        return _required_name(value)


class RegionUpdate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(default=None, max_length=120, json_schema_extra=TEXT)
    description: str | None = Field(default=None, max_length=2000)
    parent_id: uuid.UUID | None = None

    @field_validator("name")
    @classmethod
    def _name(cls, value: str | None) -> str | None:
        return None if value is None else _required_name(value)


class RegionRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    name: str
    description: str | None
    parent_id: uuid.UUID | None
    created_at: datetime
    store_count: int = Field(0, description="Locations in this region (as region or subregion)")
    user_count: int = Field(0, description="Active users assigned to those locations")


class RegionList(BaseModel):
    regions: list[RegionRead]


class RegionDeleted(BaseModel):
    message: str
