"""The six lists' payloads (spec 2 section 3). Messages are the spec's (section 5)."""
from __future__ import annotations

import uuid
from decimal import Decimal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from api.kit.contract import ABOVE_ZERO, AT_LEAST_ZERO, NON_BLANK, Needed, decimal_floor
from api.kit.fields import MAX_WEIGHT_LB
from api.kit.validation import Flag, text
from api.tables.lists import CALCULATION_METHODS

NAME_MAX = 120
PRICING_UNITS = ("lb", "gallon", "each", "ton", "yard")
# Codes a waste type is measured in; shown as 'display_name (code)'.
UNITS_OF_MEASURE = (
    ("lbs", "Pounds"),
    ("kg", "Kilograms"),
    ("tons", "Tons (short)"),
    ("metric_tons", "Metric tons"),
    ("gallons", "Gallons"),
    ("liters", "Liters"),
    ("cubic_yards", "Cubic yards"),
    ("each", "Each"),
)
UNIT_CODES = tuple(code for code, _ in UNITS_OF_MEASURE)


def _name(value: str | None) -> str:
    name = (text(value, "Name") or "").strip()
    if not name:
        raise ValueError("Name is required")
    if len(name) > NAME_MAX:
        raise ValueError(f"Name must be {NAME_MAX} characters or fewer")
    return name


def _at_least_zero(value: Decimal | None, message: str) -> Decimal | None:
    if value is not None and value < 0:
        raise ValueError(message)
    return value


def _description(value: str | None) -> str | None:
    value = (value or "").strip()
    return value or None


# ---------------------------------------------------------------------------------------------
# Shared
# ---------------------------------------------------------------------------------------------
class ItemRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    name: str
    description: str | None
    is_active: bool
    is_system_standard: bool
    sort_order: int


class ItemCreate(BaseModel):
    name: str = Needed(text=True, declared={"maxLength": NAME_MAX}, validate_default=True)
    description: str | None = None
    is_active: Flag = True

    _check_name = field_validator("name", mode="before")(_name)
    _check_description = field_validator("description")(_description)


class ItemUpdate(BaseModel):
    """Only the fields sent are changed (the active toggle sends a few fields only)."""

    name: str | None = Field(None, json_schema_extra={"pattern": NON_BLANK, "maxLength": NAME_MAX})
    description: str | None = None
    is_active: Flag | None = None

    @field_validator("name", mode="before")
    @classmethod
    def _check_name(cls, value: str | None) -> str | None:
        return None if value is None else _name(value)

    _check_description = field_validator("description")(_description)


class ReorderItem(BaseModel):
    id: uuid.UUID
    sort_order: int = Field(ge=1)


class ReorderRequest(BaseModel):
    items: list[ReorderItem] = Field(min_length=1)


class ItemRemoval(BaseModel):
    id: uuid.UUID
    outcome: str = Field(description="'deleted', or 'deactivated' when tickets use it or it is system standard")
    detail: str


class UnitOfMeasure(BaseModel):
    code: str
    display_name: str


class UnitsOfMeasureList(BaseModel):
    units_of_measure: list[UnitOfMeasure]


# ---------------------------------------------------------------------------------------------
# Waste types
# ---------------------------------------------------------------------------------------------
def _unit(value: str | None) -> str:
    code = (text(value, "Unit of measure") or "").strip()
    if not code:
        raise ValueError("Unit of measure is required")
    if code not in UNIT_CODES:
        raise ValueError(f"Unit of measure must be one of {', '.join(UNIT_CODES)}")
    return code


def _pricing_unit(value: str | None) -> str | None:
    if value not in PRICING_UNITS:
        raise ValueError(f"Pricing unit must be one of {', '.join(PRICING_UNITS)}")
    return value


def _price(value: Decimal | None) -> Decimal | None:
    return _at_least_zero(value, "Price must be 0 or greater")


ORGANIC_REQUIRED = "Say whether this waste type is organic waste (SB 1383): is_organic true or false"


def _organic(value: bool | None) -> bool:
    if value is None:
        raise ValueError(ORGANIC_REQUIRED)
    return value


class WasteTypeRead(ItemRead):
    unit_of_measure: str
    default_price_per_unit: Decimal | None
    default_pricing_unit: str
    material_category: str | None
    is_organic: bool = Field(description="Organic waste in SB 1383's sense (14 CCR 18982(a)(46): food, green material, "
                                          "landscape and pruning waste, organic textiles and carpets, lumber, wood, paper "
                                          "products, printing and writing paper, manure, biosolids, digestate, sludges): "
                                          "the SB 1383 figures and the EAR count these only")


class WasteTypeCreate(ItemCreate):
    unit_of_measure: str = Field(default="lbs", validate_default=True, json_schema_extra={"enum": list(UNIT_CODES)})
    default_price_per_unit: Decimal | None = Field(default=None, max_digits=12, decimal_places=4,
                                                   json_schema_extra=AT_LEAST_ZERO)
    default_pricing_unit: str = Field("lb", json_schema_extra={"enum": list(PRICING_UNITS)})
    material_category: str | None = Field(default=None, max_length=40)
    # Asked of every custom waste type (no default): the SB 1383 figures depend on it.
    is_organic: Flag | None = Needed(validate_default=True,
                                     description="Organic waste in SB 1383's sense (required; see WasteTypeRead)")

    _check_unit = field_validator("unit_of_measure", mode="before")(_unit)
    _check_organic = field_validator("is_organic")(_organic)
    _check_pricing_unit = field_validator("default_pricing_unit")(_pricing_unit)
    _check_price = field_validator("default_price_per_unit")(_price)


class WasteTypeUpdate(ItemUpdate):
    unit_of_measure: str | None = Field(None, json_schema_extra={"enum": [*UNIT_CODES, None]})
    is_organic: Flag | None = None
    default_price_per_unit: Decimal | None = Field(default=None, max_digits=12, decimal_places=4,
                                                   json_schema_extra=AT_LEAST_ZERO)
    default_pricing_unit: str | None = Field(None, json_schema_extra={"enum": [*PRICING_UNITS, None]})
    material_category: str | None = Field(default=None, max_length=40)

    _check_price = field_validator("default_price_per_unit")(_price)

    @field_validator("unit_of_measure", mode="before")
    @classmethod
    def _check_unit(cls, value: str | None) -> str | None:
        # Sent as "" or blank it is missing, which the spec rejects; absent it stays unchanged.
        return None if value is None else _unit(value)

    @field_validator("default_pricing_unit")
    @classmethod
    def _check_pricing_unit(cls, value: str | None) -> str | None:
        return None if value is None else _pricing_unit(value)


class WasteTypeList(BaseModel):
    waste_types: list[WasteTypeRead]


# ---------------------------------------------------------------------------------------------
# Destination types
# ---------------------------------------------------------------------------------------------
MANAGEMENT_PATHS = (
    "landfill", "combustion", "compost", "anaerobic_digestion", "donation", "animal_feed", "rendering", "recycling",
)


def _path(value: str | None) -> str | None:
    if value is not None and value not in MANAGEMENT_PATHS:
        raise ValueError(f"Management path must be one of {', '.join(MANAGEMENT_PATHS)}")
    return value


class DestinationTypeRead(ItemRead):
    is_diversion: bool
    management_path: str | None


class DestinationTypeCreate(ItemCreate):
    is_diversion: Flag = True
    management_path: str | None = Field(None, json_schema_extra={"enum": [*MANAGEMENT_PATHS, None]})

    _check_path = field_validator("management_path")(_path)


class DestinationTypeUpdate(ItemUpdate):
    is_diversion: Flag | None = None
    management_path: str | None = Field(None, json_schema_extra={"enum": [*MANAGEMENT_PATHS, None]})

    _check_path = field_validator("management_path")(_path)


class DestinationTypeList(BaseModel):
    destination_types: list[DestinationTypeRead]


# ---------------------------------------------------------------------------------------------
# Container types
# ---------------------------------------------------------------------------------------------
def _capacity(value: Decimal | None) -> Decimal | None:
    if value is not None and value <= 0:
        raise ValueError("Capacity must be greater than 0")
    return value


# A tare the ticket form can use: at most a ticket's heaviest weighing. A heavier one made every
# ticket on that container a 422 ("Weight cannot exceed 200,000 lbs", issue 31).
TARE = decimal_floor(most=MAX_WEIGHT_LB)


def _tare(value: Decimal | None) -> Decimal | None:
    if value is not None and value > MAX_WEIGHT_LB:
        raise ValueError(f"Tare weight cannot exceed {MAX_WEIGHT_LB:,} lbs")
    return _at_least_zero(value, "Tare weight must be 0 or greater")


class ContainerTypeRead(ItemRead):
    capacity_gallons: Decimal
    tare_weight_lbs: Decimal


class ContainerTypeCreate(ItemCreate):
    capacity_gallons: Decimal = Needed(default=Decimal(0), also=ABOVE_ZERO, validate_default=True, max_digits=10, decimal_places=1)
    tare_weight_lbs: Decimal = Field(default=Decimal(0), max_digits=10, decimal_places=1, json_schema_extra=TARE)

    _check_capacity = field_validator("capacity_gallons")(_capacity)
    _check_tare = field_validator("tare_weight_lbs")(_tare)


class ContainerTypeUpdate(ItemUpdate):
    # Capacity > 0 is checked by the service: the 'Custom Container' item keeps its 0 ("varies").
    capacity_gallons: Decimal | None = Field(default=None, max_digits=10, decimal_places=1,
                                             json_schema_extra=ABOVE_ZERO)
    tare_weight_lbs: Decimal | None = Field(default=None, max_digits=10, decimal_places=1,
                                            json_schema_extra=TARE)

    _check_tare = field_validator("tare_weight_lbs")(_tare)


class ContainerTypeList(BaseModel):
    container_types: list[ContainerTypeRead]


# ---------------------------------------------------------------------------------------------
# Diversion methods, waste subtypes, carbon methodologies (one shared form on the web)
# ---------------------------------------------------------------------------------------------
def _co2(value: Decimal | None) -> Decimal | None:
    return _at_least_zero(value, "CO2 factor must be 0 or greater")


def _conversion(value: Decimal | None) -> Decimal | None:
    return _at_least_zero(value, "Conversion factor must be 0 or greater")


def _method(value: str | None) -> str | None:
    if value is not None and value not in CALCULATION_METHODS:
        raise ValueError(f"Calculation method must be one of {', '.join(CALCULATION_METHODS)}")
    return value


FACTOR = {"max_digits": 12, "decimal_places": 4}


class DiversionMethodRead(ItemRead):
    co2_factor: Decimal


class DiversionMethodCreate(ItemCreate):
    co2_factor: Decimal = Field(default=Decimal(0), **FACTOR, json_schema_extra=AT_LEAST_ZERO)

    _check_co2 = field_validator("co2_factor")(_co2)


class DiversionMethodUpdate(ItemUpdate):
    co2_factor: Decimal | None = Field(default=None, **FACTOR, json_schema_extra=AT_LEAST_ZERO)

    _check_co2 = field_validator("co2_factor")(_co2)


class DiversionMethodList(BaseModel):
    diversion_methods: list[DiversionMethodRead]


class WasteSubtypeRead(ItemRead):
    conversion_factor: Decimal


class WasteSubtypeCreate(ItemCreate):
    conversion_factor: Decimal = Field(default=Decimal(1), **FACTOR, json_schema_extra=AT_LEAST_ZERO)

    _check_conversion = field_validator("conversion_factor")(_conversion)


class WasteSubtypeUpdate(ItemUpdate):
    conversion_factor: Decimal | None = Field(default=None, **FACTOR, json_schema_extra=AT_LEAST_ZERO)

    _check_conversion = field_validator("conversion_factor")(_conversion)


class WasteSubtypeList(BaseModel):
    waste_subtypes: list[WasteSubtypeRead]


class CarbonMethodologyRead(ItemRead):
    co2_factor: Decimal
    conversion_factor: Decimal
    version: str
    calculation_method: str


class CarbonMethodologyCreate(ItemCreate):
    co2_factor: Decimal = Field(default=Decimal(1), **FACTOR, json_schema_extra=AT_LEAST_ZERO)
    conversion_factor: Decimal = Field(default=Decimal(1), **FACTOR, json_schema_extra=AT_LEAST_ZERO)
    version: str = Field(default="1.0", max_length=20)
    calculation_method: str = Field("EPA_2023", json_schema_extra={"enum": list(CALCULATION_METHODS)})

    _check_co2 = field_validator("co2_factor")(_co2)
    _check_conversion = field_validator("conversion_factor")(_conversion)
    _check_method = field_validator("calculation_method")(_method)


class CarbonMethodologyUpdate(ItemUpdate):
    co2_factor: Decimal | None = Field(default=None, **FACTOR, json_schema_extra=AT_LEAST_ZERO)
    conversion_factor: Decimal | None = Field(default=None, **FACTOR, json_schema_extra=AT_LEAST_ZERO)
    version: str | None = Field(default=None, max_length=20)
    calculation_method: str | None = Field(None, json_schema_extra={"enum": [*CALCULATION_METHODS, None]})

    _check_co2 = field_validator("co2_factor")(_co2)
    _check_conversion = field_validator("conversion_factor")(_conversion)
    _check_method = field_validator("calculation_method")(_method)


class CarbonMethodologyList(BaseModel):
    carbon_methodologies: list[CarbonMethodologyRead]
