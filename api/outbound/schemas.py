"""Outbound customers (haulers, disposal partners) and the licence-plate look-up (spec 2 s3, s7)."""
from __future__ import annotations

import uuid

from pydantic import BaseModel, ConfigDict


class VehicleRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    license_plate: str
    vehicle_type: str | None
    make: str | None
    model: str | None
    year: int | None
    color: str | None
    customer_id: uuid.UUID | None
    hauler_id: uuid.UUID | None


class OutboundCustomerRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    customer_name: str
    account_number: str | None
    phone: str | None
    email: str | None
    address: str | None
    is_hauler: bool
    is_disposal_partner: bool
    active: bool
    vehicles: list[VehicleRead] = []


class OutboundCustomerList(BaseModel):
    customers: list[OutboundCustomerRead]


class SearchResult(BaseModel):
    customer: OutboundCustomerRead
    vehicle: VehicleRead | None


class SearchResults(BaseModel):
    search_results: list[SearchResult]


class PlateLookup(BaseModel):
    found: bool
    license_plate: str
    vehicle: VehicleRead | None = None
    customer: OutboundCustomerRead | None = None
    disposal_partner: OutboundCustomerRead | None = None
