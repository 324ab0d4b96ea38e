"""Address suggestions (spec 1 section 3), shaped from a Nominatim-compatible search."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class SuggestionTags(BaseModel):
    phone: str | None = None


class SuggestionContact(BaseModel):
    phone: str | None = None


class AddressSuggestion(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    display_name: str
    name: str | None = None
    house_number: str | None = None
    street: str | None = None
    city: str | None = None
    state: str | None = None
    postcode: str | None = None
    lat: str | None = None
    lon: str | None = None
    type: str | None = None
    osm_class: str | None = Field(default=None, alias="class", serialization_alias="class")
    place_id: int | str | None = None
    extratags: SuggestionTags = Field(default_factory=SuggestionTags)
    phone: str | None = None
    contact: SuggestionContact = Field(default_factory=SuggestionContact)
