"""Locations (stores) and their per-store employee interface setting (spec 3 section 3)."""
from __future__ import annotations

import uuid
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from api.kit.contract import TEXT, Needed, one_of_codes
from api.kit.fields import JsonNumber
from api.kit.validation import Flag, text

US_STATES = frozenset(
    ["AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY"]
)


def _blank_to_none(value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip()
    return value or None


class _StoreFields(BaseModel):
    model_config = ConfigDict(extra="forbid")

    address: str | None = Field(default=None, max_length=300)
    city: str | None = Field(default=None, max_length=120)
    state: str | None = Field(None, json_schema_extra=one_of_codes(US_STATES, blank=True))
    zip_code: str | None = Field(default=None, max_length=10)
    phone: str | None = Field(default=None, max_length=40)
    region_id: uuid.UUID | None = None
    subregion_id: uuid.UUID | None = None
    advanced_options_enabled: Flag | None = None
    scale_display_unit: Literal["lb", "kg"] | None = Field(
        default=None, description="What the scale shows when its display hides the unit (lb by default)")

    @field_validator("address", "city", "zip_code", "phone", mode="before")
    @classmethod
    def _trim(cls, value):
        return _blank_to_none(value) if isinstance(value, str) else value

    @field_validator("state", mode="before")
    @classmethod
    def _state_code(cls, value):
        value = _blank_to_none(text(value, "State"))
        if value is None:
            return None
        if value.upper() not in US_STATES:
            raise ValueError("State must be a two-letter US state code")
        return value.upper()

    @field_validator("zip_code")
    @classmethod
    def _zip(cls, value: str | None) -> str | None:
        if value is not None and len(value) > 10:
            raise ValueError("ZIP code must be at most 10 characters")
        return value


class StoreCreate(_StoreFields):
    name: str | None = Needed(text=True, max_length=200, validate_default=True)
    store_number: str | None = Needed(text=True, max_length=40, validate_default=True)

    @field_validator("name", mode="after")
    @classmethod
    def _name(cls, value: str | None) -> str:
        if not value or not value.strip():
            raise ValueError("Location name is required")
        return value.strip()

    @field_validator("store_number", mode="after")
    @classmethod
    def _number(cls, value: str | None) -> str:
        if not value or not value.strip():
            raise ValueError("Store number is required")
        return value.strip()


class StoreUpdate(_StoreFields):
    """Partial: only the fields sent change (the status toggle sends only is_active)."""

    name: str | None = Field(default=None, max_length=200, json_schema_extra=TEXT)
    store_number: str | None = Field(default=None, max_length=40, json_schema_extra=TEXT)
    is_active: Flag | None = None

    @field_validator("name", mode="after")
    @classmethod
    def _name(cls, value: str | None) -> str | None:
        if value is not None and not value.strip():
            raise ValueError("Location name is required")
        return value.strip() if value else value

    @field_validator("store_number", mode="after")
    @classmethod
    def _number(cls, value: str | None) -> str | None:
        if value is not None and not value.strip():
            raise ValueError("Store number is required")
        return value.strip() if value else value


class StoreStats(BaseModel):
    total_tickets: int
    total_lb: JsonNumber
    diversion_rate: JsonNumber


class StoreRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    name: str
    store_number: str
    address: str | None
    city: str | None
    state: str | None
    zip_code: str | None
    phone: str | None
    region_id: uuid.UUID | None
    region_name: str | None = None
    subregion_id: uuid.UUID | None
    is_active: bool
    advanced_options_enabled: bool
    scale_display_unit: Literal["lb", "kg"] = "lb"
    monthly_cost: JsonNumber | None = None
    stats: StoreStats | None = None
    created_at: datetime


class StoreList(BaseModel):
    stores: list[StoreRead]
    total: int = Field(description="Locations the caller may see in all (the list is cut at limit)")


class StoreCreated(StoreRead):
    # The spec allows credentials of an employee made with the location; Flow invites people
    # through /api/users instead, so this stays empty.
    employee_credentials: dict | None = None


class EmployeeInterfaceRead(BaseModel):
    advanced_options_enabled: bool
    store_id: uuid.UUID | None


class EmployeeInterfaceUpdate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    advanced_options_enabled: Flag
    store_id: uuid.UUID | None = None
