"""The Tier 1 / Tier 2 questionnaire of a location (14 CCR 18982) and its outcome."""
from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, Field, model_validator

from api.kit.validation import FieldValueError, Flag

BusinessType = Literal[
    "supermarket", "grocery_store", "food_service_provider", "food_distributor", "wholesale_food_vendor",
    "restaurant", "hotel", "health_facility", "large_venue", "large_event", "state_agency_cafeteria",
    "local_education_agency", "other",
]
Tier = Literal["tier_1", "tier_2", "none", "unanswered"]
Count = Annotated[int, Field(ge=0, le=10_000_000)]

# Which answers decide the tier for each business type (the rule: dbt/macros/edible_food_generator.sql).
NEEDED: dict[str, tuple[tuple[str, str], ...]] = {
    "supermarket": (("gross_annual_sales_usd", "a supermarket's tier depends on its gross annual sales"),),
    "grocery_store": (("facility_square_feet", "a grocery store's tier depends on its total facility size"),),
    "restaurant": (("seats", "a restaurant's tier depends on its seats"),
                   ("facility_square_feet", "a restaurant's tier depends on its total facility size")),
    "state_agency_cafeteria": (("seats", "a cafeteria's tier depends on its seats"),
                               ("facility_square_feet", "a cafeteria's tier depends on its total facility size")),
    "hotel": (("has_onsite_food_facility", "say whether the hotel has an on-site food facility"),),
    "health_facility": (("has_onsite_food_facility", "say whether the health facility has an on-site food facility"),),
    "local_education_agency": (("has_onsite_food_facility", "say whether the school has an on-site food facility"),),
    "large_venue": (("average_daily_attendance", "a venue's tier depends on the people it serves a day"),),
    "large_event": (("average_daily_attendance", "an event's tier depends on the people it serves a day"),),
}


def answer_shapes() -> dict:
    """NEEDED as the document declares it: one branch per business type with the answers that
    decide its tier, not null (a hotel or health facility with an on-site food facility also
    gives rooms or beds)."""
    given = {"gross_annual_sales_usd": {"type": ["number", "string"]}, "has_onsite_food_facility": {"type": "boolean"}}
    branches: list[dict] = []
    for kind, needs in NEEDED.items():
        fields = [field for field, _ in needs]
        props = {field: given.get(field, {"type": "integer"}) for field in fields}
        extra = {"hotel": "rooms", "health_facility": "beds"}.get(kind)
        if extra:
            branches.append({"required": ["business_type", *fields], "properties": {
                "business_type": {"enum": [kind]}, "has_onsite_food_facility": {"enum": [False]}}})
            branches.append({"required": ["business_type", *fields, extra], "properties": {
                "business_type": {"enum": [kind]}, "has_onsite_food_facility": {"enum": [True]},
                extra: {"type": "integer"}}})
        else:
            branches.append({"required": ["business_type", *fields],
                             "properties": {"business_type": {"enum": [kind]}, **props}})
    rest = [kind for kind in BusinessType.__args__ if kind not in NEEDED]
    branches.append({"properties": {"business_type": {"enum": rest}}})
    return {"anyOf": branches}


class GeneratorAnswers(BaseModel):
    business_type: BusinessType = Field(description="What the location is, in the regulation's kinds of business")
    gross_annual_sales_usd: Annotated[Decimal, Field(ge=0, max_digits=14, decimal_places=2)] | None = Field(
        None, description="Supermarkets: gross annual sales in USD")
    facility_square_feet: Count | None = Field(None, description="Total facility size in square feet")
    seats: Count | None = Field(None, description="Restaurants and state agency cafeterias: seats")
    rooms: Count | None = Field(None, description="Hotels: rooms")
    beds: Count | None = Field(None, description="Health facilities: beds")
    has_onsite_food_facility: Flag | None = Field(None, description="Hotels, health facilities, schools")
    average_daily_attendance: Count | None = Field(
        None, description="Large venues and events: people a day of operation, on average")

    @model_validator(mode="after")
    def _answers_that_decide(self) -> GeneratorAnswers:
        for field, message in NEEDED.get(self.business_type, ()):
            if getattr(self, field) is None:
                raise FieldValueError(field, f"{field}: {message}")
        if self.has_onsite_food_facility:
            for kind, field, what in (("hotel", "rooms", "rooms"), ("health_facility", "beds", "beds")):
                if self.business_type == kind and getattr(self, field) is None:
                    raise FieldValueError(field, f"{field}: a {kind.replace('_', ' ')}'s tier depends on its {what}")
        return self


class GeneratorTierRead(BaseModel):
    location_id: uuid.UUID
    location_name: str
    is_active: bool
    answers: GeneratorAnswers | None = Field(description="The stored questionnaire answers; null until answered")
    tier: Tier = Field(description="tier_1, tier_2, none (not a commercial edible food generator) or unanswered")
    rule_key: str | None = Field(description="The rule that applied (seed edible_food_generator_rules)")
    explanation: str | None
    citation: str | None
    obligated_from: date | None = Field(description="When the tier's obligations began (Tier 1 2022, Tier 2 2024)")
    answered_at: datetime | None


class GeneratorTierList(BaseModel):
    locations: list[GeneratorTierRead]
    warnings: list[str] = Field(description="Tier 1 and Tier 2 locations without a food recovery agreement in force, "
                                            "or whose agreements end within 30 days")
