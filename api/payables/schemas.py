"""Payables shapes: disposal partners, bills, A/P aging (same buckets as receivables)."""
from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, Field, field_validator

from api.invoices.schemas import (
    LEDGER_REFRESHED,
    AgingBucket,
    AgingCategory,
    Money,
    PaymentCreate,
    PaymentMethod,
)
from api.kit.contract import TEXT
from api.kit.validation import Flag, Kept

FacilityType = Literal["hauler", "compost_facility", "anaerobic_digestion", "transfer_station", "landfill",
                       "rendering", "food_recovery", "other"]
PriceBasis = Literal["per_ton", "per_load"]
Terms = Literal[0, 15, 30, 60]
Text200 = Annotated[str, Field(max_length=200)]


class PartnerFields(BaseModel):
    contact_name: Text200 | None = None
    phone: Annotated[str, Field(max_length=40)] | None = None
    email: Annotated[str, Field(max_length=320)] | None = None
    address: Annotated[str, Field(max_length=300)] | None = None
    facility_type: FacilityType | None = None
    accepted_materials: list[Annotated[str, Field(min_length=1, max_length=120)]] | None = None
    price_basis: PriceBasis | None = None
    price: Annotated[Decimal, Field(ge=0, max_digits=12, decimal_places=2)] | None = None
    permit_number: Annotated[str, Field(max_length=80)] | None = None
    payment_terms_days: Terms | None = None
    notes: Annotated[str, Field(max_length=2000)] | None = None


class DisposalPartnerCreate(PartnerFields):
    name: Annotated[str, Field(max_length=200, json_schema_extra=TEXT)]
    active: Flag = True
    payment_terms_days: Terms = 30

    @field_validator("name")
    @classmethod
    def _named(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("Partner name is required")
        return value.strip()


class DisposalPartnerUpdate(PartnerFields):
    name: Text200 = Kept(json_schema_extra=TEXT)
    active: Flag = Kept()

    @field_validator("name")
    @classmethod
    def _named(cls, value: str | None) -> str | None:
        if value is not None and not value.strip():
            raise ValueError("Partner name is required")
        return value.strip() if value else value


class DisposalPartnerRead(BaseModel):
    id: uuid.UUID
    name: str
    contact_name: str | None
    phone: str | None
    email: str | None
    address: str | None
    facility_type: str | None
    accepted_materials: list[str]
    price_basis: str | None
    price: Money | None
    permit_number: str | None
    payment_terms_days: int | None
    notes: str | None
    active: bool


class DisposalPartnerList(BaseModel):
    disposal_partners: list[DisposalPartnerRead] = Field(description="By name: `limit` from `offset`, or all")
    total: int = Field(description="Partners matching the search (all pages)")


class BillRow(BaseModel):
    bill_id: uuid.UUID
    bill_number: str
    partner_id: uuid.UUID | None
    partner_name: str | None
    ticket_id: uuid.UUID | None
    ticket_number: str | None
    issue_date: date
    due_date: date
    payment_terms: str | None
    description: str
    amount: Money
    balance: Money
    payment_status: Literal["pending", "paid", "overdue", "void"]
    status: str
    aging_category: AgingCategory | None = None
    days_overdue: int = 0


class BillList(BaseModel):
    bills: list[BillRow]
    total: int
    as_of: date
    last_refreshed_at: datetime | None = LEDGER_REFRESHED


class BillPaymentRead(BaseModel):
    payment_id: uuid.UUID
    bill_id: uuid.UUID
    amount: Money
    method: PaymentMethod
    reference: str | None
    notes: str | None
    paid_at: datetime


class BillDetail(BaseModel):
    bill_id: uuid.UUID
    bill_number: str
    partner_id: uuid.UUID | None
    partner_name: str | None
    ticket_id: uuid.UUID | None
    ticket_number: str | None
    issue_date: date
    due_date: date
    payment_terms: str
    description: str
    quantity: Decimal
    unit: str
    unit_price: Decimal
    amount: Money
    balance: Money
    status: Literal["open", "paid", "void"]
    payments: list[BillPaymentRead]


class BillPaymentRecorded(BaseModel):
    payment: BillPaymentRead
    bill: BillDetail


class PayablesAging(BaseModel):
    as_of: date
    total_accounts_payable: Money
    aging_buckets: dict[AgingCategory, AgingBucket]
    last_refreshed_at: datetime | None = LEDGER_REFRESHED


__all__ = ["PaymentCreate"]
