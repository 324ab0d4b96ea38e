"""The ticket contract (OpenAPI): the outbound and simple payloads of spec 2, the read shape of
spec 2 section 3 and spec 3 section 3, list envelopes, batch sync and void.

Reference items are named as the spec does ('Food Waste', 'Compost', 'Slim Jim 23 (23gal)');
the same fields accept an item's id. Weights are lb; JSON carries numbers, the server computes
with Decimal.
"""
from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from api.kit.contract import NON_BLANK, RECIPIENTS, SPACE, decimal_floor
from api.kit.fields import MAX_OFFSET, JsonNumber
from api.kit.fields import MAX_WEIGHT_LB as _MAX_WEIGHT
from api.kit.validation import Flag, IsoDate, IsoDateTime

NOTES_MAX = 500
MAX_WEIGHT_LB = Decimal(_MAX_WEIGHT)

TicketStatus = Literal["draft", "saved", "completed"]
OutboundType = Literal["type_1_container", "type_2_truck_scale"]
LineUnit = Literal["lbs", "tons", "cubic_yards"]
ImageKind = Literal["gross", "tare", "additional"]


def clean_notes(value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip()
    if len(value) > NOTES_MAX:
        raise ValueError(f"Notes are limited to {NOTES_MAX} characters")
    return value or None


class VehicleInfo(BaseModel):
    model_config = ConfigDict(str_strip_whitespace=True)

    license_plate: str | None = Field(None, max_length=20)
    make: str | None = Field(None, max_length=60)
    model: str | None = Field(None, max_length=60)
    year: int | None = Field(None, ge=1900, le=2100)
    color: str | None = Field(None, max_length=30)
    driver_name: str | None = Field(None, max_length=120)
    driver_phone: str | None = Field(None, max_length=40)
    notes: str | None = None

    _check_notes = field_validator("notes")(clean_notes)


class LineItemCreate(BaseModel):
    waste_type: str = Field(..., min_length=1, max_length=120, description="Waste type name or id")
    quantity: Decimal = Field(..., gt=0, le=MAX_WEIGHT_LB)
    unit: LineUnit = "lbs"
    notes: str | None = None

    _check_notes = field_validator("notes")(clean_notes)


_NAMED = {"type": "string", "minLength": 1, "maxLength": 120, "pattern": NON_BLANK}
# A completed ticket (the default status) names its waste type, container and destination and has
# a gross weight (spec 2 section 5); a draft or saved one may lack them.
COMPLETE_OR_DRAFT = {"anyOf": [
    {"title": "Draft or saved", "required": ["status"], "properties": {"status": {"enum": ["draft", "saved"]}}},
    {"title": "Completed", "required": ["waste_type", "container_type", "destination", "gross_weight"],
     "properties": {"status": {"enum": ["completed"]}, "waste_type": _NAMED, "container_type": _NAMED,
                    "destination": _NAMED, "gross_weight": {"not": {"type": "null"}}}},
]}
WEIGHT = decimal_floor(most=int(MAX_WEIGHT_LB))
GROSS = decimal_floor(above=True, most=int(MAX_WEIGHT_LB))


class TicketCreate(BaseModel):
    """Outbound payload (spec 2 s3) or the simple mobile payload; one model serves both."""

    is_inbound: Flag = Field(False, json_schema_extra={"enum": [False]},
                             description="Always false here: inbound tickets are made at /api/inbound/tickets")
    outbound_ticket_type: OutboundType = "type_1_container"
    waste_type: str | None = Field(None, max_length=120, description="Waste type name (e.g. 'Food Waste') or id")
    destination: str | None = Field(None, max_length=120, description="Destination name (e.g. 'Compost') or id")
    container_type: str | None = Field(
        None, max_length=120, description="Container name (e.g. 'Slim Jim 23 (23gal)', 'Custom Container') or id"
    )
    waste_subtype: str | None = Field(None, max_length=120)
    diversion_method: str | None = Field(None, max_length=120)
    carbon_methodology: Literal["EPA_2023", "IPCC_AR6", "GHG_PROTOCOL", "CARB_2023"] | None = None
    gross_weight: Decimal | None = Field(None, ge=0, description="lb; required unless status is draft or saved",
                                         json_schema_extra=GROSS)
    tare_weight: Decimal | None = Field(None, ge=0, description="lb; default: the container's tare weight",
                                        json_schema_extra=WEIGHT)
    customer_facing_notes: str | None = None
    internal_notes: str | None = None
    notes: str | None = None
    vehicle_info: VehicleInfo | None = None
    disposal_partner_id: uuid.UUID | None = None
    line_items: list[LineItemCreate] = Field(default_factory=list, max_length=50)
    status: TicketStatus = "completed"
    store_id: uuid.UUID | None = None
    ticket_at: IsoDateTime | None = Field(None, description="When it was weighed (offline tickets); default now")
    ocr_provider: str | None = Field(None, max_length=30)
    confidence: Decimal | None = Field(None, ge=0, le=100)
    manual_override: Flag = False
    image_data: str | None = Field(None, description="data URL of the scale photo (simple payload); kind gross")
    client_id: uuid.UUID | None = Field(
        None, description="Idempotency key made by the client (offline sync); the Idempotency-Key header, if "
                          "also given, must be the same UUID")

    _check_notes = field_validator("customer_facing_notes", "internal_notes", "notes")(clean_notes)


class TicketUpdate(BaseModel):
    """Edit a draft or saved ticket (all optional); status 'completed' completes it."""

    outbound_ticket_type: OutboundType | None = None
    waste_type: str | None = Field(None, max_length=120)
    destination: str | None = Field(None, max_length=120)
    container_type: str | None = Field(None, max_length=120)
    waste_subtype: str | None = Field(None, max_length=120)
    diversion_method: str | None = Field(None, max_length=120)
    carbon_methodology: Literal["EPA_2023", "IPCC_AR6", "GHG_PROTOCOL", "CARB_2023"] | None = None
    gross_weight: Decimal | None = Field(None, ge=0, json_schema_extra=WEIGHT)
    tare_weight: Decimal | None = Field(None, ge=0, json_schema_extra=WEIGHT)
    customer_facing_notes: str | None = None
    internal_notes: str | None = None
    notes: str | None = None
    vehicle_info: VehicleInfo | None = None
    disposal_partner_id: uuid.UUID | None = None
    line_items: list[LineItemCreate] | None = Field(None, max_length=50)
    status: TicketStatus | None = None
    store_id: uuid.UUID | None = None
    ticket_at: IsoDateTime | None = None
    ocr_provider: str | None = Field(None, max_length=30)
    confidence: Decimal | None = Field(None, ge=0, le=100)
    manual_override: Flag | None = None

    _check_notes = field_validator("customer_facing_notes", "internal_notes", "notes")(clean_notes)


class TicketVoid(BaseModel):
    reason: str = Field(..., min_length=1, max_length=500)


class ContainerUsed(BaseModel):
    name: str | None
    type: str | None
    capacity: JsonNumber | None
    tare_weight: JsonNumber | None


class LineItemRead(BaseModel):
    id: uuid.UUID
    position: int
    waste_type: str
    quantity: JsonNumber = Field(description="Billed and stocked: on a completed inbound load, its share of the "
                                             "scale's net weight in lb")
    unit: str
    declared_quantity: JsonNumber | None = Field(None, description="The quantity typed before the scale")
    declared_unit: str | None = None
    unit_price: JsonNumber | None
    amount: JsonNumber
    notes: str | None


class TicketImageRead(BaseModel):
    id: uuid.UUID
    kind: ImageKind
    url: str
    thumbnail_url: str
    content_type: str
    width: int | None
    height: int | None
    size_bytes: int
    created_at: datetime


class TicketRead(BaseModel):
    model_config = ConfigDict(json_schema_extra={"description": "A ticket as read (spec 2 s3, spec 3 s3)"})

    id: uuid.UUID
    ticket_number: str
    client_id: uuid.UUID | None
    is_inbound: bool
    ticket_type: Literal["inbound", "outbound"]
    outbound_ticket_type: str | None
    status: str
    timestamp: datetime = Field(description="The weighing time (same as ticket_at)")
    ticket_at: datetime
    created_at: datetime
    updated_at: datetime
    gross_weight: JsonNumber
    tare_weight: JsonNumber
    net_weight: JsonNumber
    unit_of_measure: str
    total_amount: JsonNumber
    waste_type: str | None
    waste_type_id: uuid.UUID | None
    waste_subtype: str | None
    destination: str | None
    destination_id: uuid.UUID | None
    destination_is_diversion: bool | None
    destination_management_path: str | None
    container_type: str | None
    container_type_id: uuid.UUID | None
    container_used: ContainerUsed
    diversion_method: str | None
    carbon_methodology: str | None
    ocr_provider: str | None
    confidence: JsonNumber | None
    manual_override: bool
    method: Literal["AI Vision", "Manual", "Entry"] = Field(description="My Ticket History method column")
    created_by: uuid.UUID | None
    employee_name: str | None
    store_id: uuid.UUID | None
    store_name: str | None
    location: str | None = Field(description="Location name (same as store_name)")
    vehicle_info: dict | None
    disposal_partner_id: uuid.UUID | None
    customer_facing_notes: str | None
    internal_notes: str | None
    notes: str | None
    line_items: list[LineItemRead]
    images: list[TicketImageRead]
    voided_at: datetime | None
    void_reason: str | None


class TicketList(BaseModel):
    tickets: list[TicketRead]
    total: int


class TicketCount(BaseModel):
    count: int
    year: int
    month: int


class InProgressTickets(BaseModel):
    draft_tickets: list[TicketRead]
    saved_tickets: list[TicketRead]


class UnlocatedTickets(BaseModel):
    """Tickets stored before every ticket had its location, for a manager to assign."""

    tickets: list[TicketRead] = Field(description="Oldest weighing first, at most 500")
    total: int = Field(description="All of the company's tickets without a location")
    location_required: bool = Field(
        description="The database already refuses a ticket without a location (NOT NULL); until then "
        "a check refuses new ones and `flow db upgrade` sets NOT NULL once no company has any left")


class TicketLocationAssign(BaseModel):
    ticket_ids: list[uuid.UUID] = Field(..., min_length=1, max_length=500)
    store_id: uuid.UUID = Field(description="The location where these tickets were weighed")


class TicketLocationAssigned(BaseModel):
    assigned: int
    remaining: int = Field(description="The company's tickets still without a location")


class TicketBatch(BaseModel):
    tickets: list[TicketCreate] = Field(..., min_length=1, max_length=500)


class BatchResult(BaseModel):
    client_id: uuid.UUID | None
    status: Literal["created", "duplicate", "error"]
    ticket: TicketRead | None = None
    detail: str | None = None
    status_code: int | None = Field(None, description="HTTP status the ticket alone would have got")


class BatchResults(BaseModel):
    results: list[BatchResult]
    created: int
    duplicates: int
    errors: int


class TicketQuery(BaseModel):
    """Filters of spec 3 section 7 (ticket search, Ticket Report, basic report, exports)."""

    start_date: IsoDate | None = Field(None, description="Company-local date, inclusive")
    end_date: IsoDate | None = Field(None, description="Company-local date, inclusive")
    store_id: uuid.UUID | None = None
    waste_type: str | None = Field(None, description="Name or id; 'all' or empty for any")
    destination: str | None = None
    container_type: str | None = None
    ticket_type: Literal["all", "inbound", "outbound"] = "all"
    status: str | None = Field(None, description="draft, saved, completed, void, comma-separated, or all",
                               json_schema_extra={"pattern": rf"^{SPACE}*$|^{SPACE}*(all|((draft|saved|completed|void){SPACE}*(,{SPACE}*(draft|saved|completed|void){SPACE}*)*)){SPACE}*$"})
    created_by: Literal["me"] | None = Field(None, description="'me' for My Ticket History")
    q: str | None = Field(None, max_length=60, description="Part of a ticket number")
    sort_by: Literal["timestamp", "created_at"] = "timestamp"
    sort_order: Literal["asc", "desc"] = "desc"
    limit: int = Field(100, ge=1, le=1000)
    offset: int = Field(0, ge=0, le=MAX_OFFSET)


class TicketEmailRequest(BaseModel):
    """EMAIL on Ticket Search and Ticket Report: the screen's filters and who receives the files."""

    recipients: str = Field(description="Comma-separated addresses (at most 20); each must be valid",
                            json_schema_extra=RECIPIENTS)
    filters: TicketQuery = Field(default_factory=TicketQuery)

    @field_validator("recipients")
    @classmethod
    def _recipients(cls, value: str) -> str:
        from api.email_alerts.schemas import clean_recipients  # one rule for every list of recipients

        return clean_recipients(value)


class TicketEmailSent(BaseModel):
    message: str
    recipients: str
    tickets: int
    attachments: list[str]
