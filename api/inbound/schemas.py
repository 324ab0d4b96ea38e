"""The inbound contract (spec 3 s3, s7): customers, vehicles, plate look-up, inbound tickets.

Money and quantities are Decimal on the server; JSON carries numbers.
"""
from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from api.kit.validation import Flag, IsoDateTime
from api.tickets.public import MAX_WEIGHT_LB, JsonNumber, LineUnit, TicketRead, clean_notes

PriceUnit = Literal["lb", "ton", "yard", "gallon", "each"]
PaymentMethod = Literal["cash", "check", "venmo", "zelle", "paypal", "credit_card", "invoice"]
InboundStatus = Literal["draft", "saved", "completed"]
MAX_PRICE = Decimal(1_000_000)


class WasteTypePrice(BaseModel):
    price: Decimal = Field(..., ge=0, le=MAX_PRICE)
    uom: PriceUnit = "lb"


class WasteTypePriceRead(BaseModel):
    price: JsonNumber
    uom: str


class CustomerWrite(BaseModel):
    """POST and PUT (the screen sends the full customer on every change)."""

    model_config = ConfigDict(str_strip_whitespace=True)

    customer_name: str = Field(..., max_length=200)
    phone: str | None = Field(None, max_length=40)
    email: str | None = Field(None, max_length=320)
    address: str | None = Field(None, max_length=300)
    is_hauler: Flag = False
    active: Flag = True
    account_number: str | None = Field(None, max_length=40, description="Generated (C-NNNN) when absent")
    custom_pricing_per_unit: Decimal | None = Field(None, ge=0, le=MAX_PRICE)
    pricing_per_unit: Decimal | None = Field(None, ge=0, le=MAX_PRICE, description="Same as custom_pricing_per_unit")
    default_unit_of_measure: PriceUnit | None = None
    unit_of_measure: PriceUnit | None = Field(None, description="Same as default_unit_of_measure")
    pricing_by_waste_type: dict[str, WasteTypePrice] | None = Field(
        None, description="Waste type name -> price and uom; absent keeps the current prices"
    )
    notes: str | None = Field(None, max_length=2000)

    @field_validator("customer_name")
    @classmethod
    def _name(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("Customer name is required")
        return value

    @field_validator("email")
    @classmethod
    def _email(cls, value: str | None) -> str | None:
        if value and "@" not in value:
            raise ValueError("email: enter a valid email address")
        return value or None


class CustomerRead(BaseModel):
    id: uuid.UUID
    customer_name: str
    phone: str | None
    email: str | None
    address: str | None
    is_hauler: bool
    active: bool
    account_number: str | None
    custom_pricing_per_unit: JsonNumber | None
    pricing_per_unit: JsonNumber | None
    default_unit_of_measure: str | None
    unit_of_measure: str | None
    pricing_by_waste_type: dict[str, WasteTypePriceRead]
    notes: str | None
    created_at: datetime
    updated_at: datetime


class CustomerList(BaseModel):
    customers: list[CustomerRead] = Field(description="By name: `limit` from `offset`, or every match without a limit")
    matching: int = Field(description="Customers matching the search and type (all pages)")
    total: int = Field(description="Every payee and hauler of the company, whatever the search")
    payees: int
    haulers: int


class BulkUploadResult(BaseModel):
    successful: int = Field(description="Rows kept: customers added plus customers updated")
    created: int
    updated: int
    errors: list[str] = Field(description="'Line N: reason', in file order")


class VehicleWrite(BaseModel):
    model_config = ConfigDict(str_strip_whitespace=True)

    license_plate: str = Field(..., min_length=1, max_length=20)
    vehicle_type: str | None = Field(None, max_length=40)
    make: str | None = Field(None, max_length=60)
    model: str | None = Field(None, max_length=60)
    year: int | None = Field(None, ge=1900, le=2100)
    color: str | None = Field(None, max_length=30)
    description: str | None = Field(None, max_length=2000)
    tare_weight: Decimal | None = Field(None, gt=0, le=MAX_WEIGHT_LB, description="Stored tare, lb")
    tare_weighed_at: IsoDateTime | None = Field(None, description="When the stored tare was weighed; default now")


class InboundVehicleRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    license_plate: str
    vehicle_type: str | None
    make: str | None
    model: str | None
    year: int | None
    color: str | None
    description: str | None
    tare_weight: JsonNumber | None
    tare_weighed_at: datetime | None
    customer_id: uuid.UUID | None
    hauler_id: uuid.UUID | None


class VehicleList(BaseModel):
    vehicles: list[InboundVehicleRead]


class InboundPlateLookup(BaseModel):
    found: bool
    license_plate: str = Field(description="The plate as stored: upper case, letters and digits")
    vehicle: InboundVehicleRead | None = None
    customer: CustomerRead | None = None
    suggested_customer1: CustomerRead | None = Field(None, description="The vehicle's payee")
    suggested_customer2: CustomerRead | None = Field(None, description="The vehicle's hauler")


class InboundLineCreate(BaseModel):
    waste_type: str = Field(..., max_length=120, description="Waste type name or id")
    quantity: Decimal = Field(..., gt=0, le=MAX_WEIGHT_LB)
    unit: LineUnit = "lbs"
    notes: str | None = None

    _check_notes = field_validator("notes")(clean_notes)


class InboundTicketCreate(BaseModel):
    """The wizard's payload (spec 3 s7). net_weight is computed by the server and ignored."""

    customer1_id: uuid.UUID | None = Field(None, description="Payee (required)")
    customer2_id: uuid.UUID | None = Field(None, description="Hauler (optional)")
    vehicle_id: uuid.UUID | None = None
    license_plate: str | None = Field(
        None, max_length=20, description="A plate with no vehicle yet: saved as a vehicle of the payee"
    )
    line_items: list[InboundLineCreate] = Field(default_factory=list, max_length=50)
    waste_type: str | None = Field(None, max_length=120, description="The first line's waste type")
    gross_weight: Decimal | None = Field(None, ge=0, le=MAX_WEIGHT_LB, description="lb, vehicle in")
    tare_weight: Decimal | None = Field(None, ge=0, le=MAX_WEIGHT_LB, description="lb, vehicle out")
    use_stored_tare: Flag = Field(False, description="Take the tare stored with the vehicle")
    net_weight: Decimal | None = Field(None, description="Ignored: the server computes gross - tare")
    payment_method: PaymentMethod | None = None
    notes: str | None = None
    is_multi_product: Flag | None = None
    status: InboundStatus = "completed"
    store_id: uuid.UUID | None = None
    client_id: uuid.UUID | None = Field(None, description="Idempotency key made by the client")

    _check_notes = field_validator("notes")(clean_notes)


class InboundTicketUpdate(BaseModel):
    """Edit a draft or saved inbound ticket; status 'completed' weighs it out and completes it."""

    customer1_id: uuid.UUID | None = None
    customer2_id: uuid.UUID | None = None
    vehicle_id: uuid.UUID | None = None
    line_items: list[InboundLineCreate] | None = Field(None, max_length=50)
    gross_weight: Decimal | None = Field(None, ge=0, le=MAX_WEIGHT_LB)
    tare_weight: Decimal | None = Field(None, ge=0, le=MAX_WEIGHT_LB)
    use_stored_tare: Flag = False
    payment_method: PaymentMethod | None = None
    notes: str | None = None
    status: InboundStatus | None = None
    store_id: uuid.UUID | None = Field(None, description="Where it was weighed; needed only by a ticket without one")

    _check_notes = field_validator("notes")(clean_notes)


class InboundPreviewRequest(BaseModel):
    """What the operator has on screen before Complete (wizard or weigh-out)."""

    customer1_id: uuid.UUID | None = Field(None, description="Payee: their prices apply")
    vehicle_id: uuid.UUID | None = None
    line_items: list[InboundLineCreate] = Field(..., min_length=1, max_length=50)
    gross_weight: Decimal = Field(..., gt=0, le=MAX_WEIGHT_LB)
    tare_weight: Decimal | None = Field(None, ge=0, le=MAX_WEIGHT_LB)
    use_stored_tare: Flag = False


class InboundPreviewLine(BaseModel):
    waste_type: str
    declared_quantity: JsonNumber
    declared_unit: str
    declared_lbs: JsonNumber = Field(description="The typed quantity in lb")
    quantity_lbs: JsonNumber = Field(description="The line's share of the net weight: billed and stocked")
    unit_price: JsonNumber
    price_unit: str
    amount: JsonNumber


class InboundPreview(BaseModel):
    """The load as it will be billed: the net weight split over the lines, and the price."""

    gross_weight: JsonNumber
    tare_weight: JsonNumber
    net_weight: JsonNumber
    declared_lbs: JsonNumber = Field(description="Sum of the typed quantities, in lb")
    difference_lbs: JsonNumber = Field(description="net_weight - declared_lbs")
    line_items: list[InboundPreviewLine]
    total_amount: JsonNumber


class PartyRead(BaseModel):
    id: uuid.UUID
    customer_name: str
    account_number: str | None


class InboundTicketRead(TicketRead):
    customer1_id: uuid.UUID | None
    customer2_id: uuid.UUID | None
    customer1: PartyRead | None
    customer2: PartyRead | None
    vehicle_id: uuid.UUID | None
    license_plate: str | None
    payment_method: str | None
    is_multi_product: bool


class InboundTicketList(BaseModel):
    tickets: list[InboundTicketRead]
    total: int = Field(description="Tickets listed by these filters and status (for paging)")
    # The four statistics of spec 3 s2.5, from the ledger (view ledger_inbound_ticket_days: completed
    # tickets, same location, date and customer filters), current with the last completed ticket.
    total_tickets: int = Field(description="Completed tickets matching the filters")
    total_revenue: JsonNumber = Field(description="Completed tickets matching the filters")
    total_weight_lbs: JsonNumber
    today_count: int = Field(description="Completed tickets weighed today (company day), same filters")
    last_refreshed_at: datetime | None = Field(description="Always null: read from the ledger, current with the last write")


class InboundInProgress(BaseModel):
    draft_tickets: list[InboundTicketRead]
    saved_tickets: list[InboundTicketRead]
