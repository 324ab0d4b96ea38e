"""Edible food recovery records (14 CCR 18991.4): partners, agreements on file, pounds per month."""
from __future__ import annotations

import uuid
from datetime import date, datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

from api.kit.fields import JsonNumber as Number
from api.kit.validation import Kept
from api.warehouse.schemas import Pending

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
Text300 = Annotated[str, StringConstraints(strip_whitespace=True, max_length=300)]
PartnerKind = Literal["organization", "service"]
PickupMode = Literal["collected", "self_haul"]
AgreementStatus = Literal["on_file", "expiring", "expired", "missing"]


class PartnerCreate(BaseModel):
    name: Name
    kind: PartnerKind = Field("organization", description="Food recovery organization or service")
    address: Text300 | None = None
    contact: Text300 | None = Field(None, description="Contact person, phone or email")
    food_types: Annotated[str, StringConstraints(strip_whitespace=True, max_length=1000)] | None = Field(
        None, description="Types of food offered")
    collection_frequency: Annotated[str, StringConstraints(strip_whitespace=True, max_length=60)] | None = Field(
        None, description="Agreed collection or self-haul frequency, e.g. 'Weekly (Tue, Fri)'")
    pickup_mode: PickupMode = Field("collected", description="The partner collects, or the generator self-hauls")
    destination_id: uuid.UUID | None = Field(
        None, description="The donation destination whose tickets are this partner's pounds")


class PartnerUpdate(BaseModel):
    name: Name = Kept()
    kind: PartnerKind = Kept()
    address: Text300 | None = None
    contact: Text300 | None = None
    food_types: Annotated[str, StringConstraints(strip_whitespace=True, max_length=1000)] | None = None
    collection_frequency: Annotated[str, StringConstraints(strip_whitespace=True, max_length=60)] | None = None
    pickup_mode: PickupMode = Kept()
    destination_id: uuid.UUID | None = None
    is_active: bool = Kept()


class AgreementRead(BaseModel):
    id: uuid.UUID
    start_date: date
    end_date: date | None
    file_name: str
    content_type: str
    size_bytes: int
    created_at: datetime
    status: AgreementStatus = Field(description="on_file, expiring (ends within 30 days) or expired")


class PartnerRead(BaseModel):
    id: uuid.UUID
    name: str
    kind: PartnerKind
    address: str | None
    contact: str | None
    food_types: str | None
    collection_frequency: str | None
    pickup_mode: PickupMode
    destination_id: uuid.UUID | None
    destination_name: str | None
    is_active: bool
    agreement_status: AgreementStatus = Field(description="Of the agreement in force (or the latest)")
    agreements: list[AgreementRead]


class PartnerList(BaseModel):
    partners: list[PartnerRead]
    warnings: list[str] = Field(description="Missing, expiring or expired agreements; donations without a partner")


class RecoveryRecord(BaseModel):
    partner_id: str | None
    partner_name: str | None = Field(description="Null when no partner names the destination")
    destination_name: str
    month: date
    ticket_count: int
    recovered_weight_lb: Number


class FoodRecoveryRecordsRead(Pending):
    year: int
    partners: list[PartnerRead]
    records: list[RecoveryRecord]
    total_recovered_lb: Number
    unassigned_lb: Number = Field(description="Donated lb to destinations no partner names")
    warnings: list[str]
    last_refreshed_at: datetime | None
