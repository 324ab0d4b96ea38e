"""GET /api/inventory (spec 3 s3): a page of items and the summary, from the ledger (api/inventory/ledger.py)."""
from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, Field

from api.kit.fields import JsonNumber, UtcDateTime

InventoryStatus = Literal["available", "reserved", "empty", "expired"]


class SourceCustomer(BaseModel):
    id: str | None
    customer_name: str | None


class InventoryItemRead(BaseModel):
    id: str
    waste_type: str
    waste_subtype: str | None
    container_type: str | None
    quantity_available: JsonNumber
    quantity_reserved: JsonNumber
    unit_of_measure: str
    unit_value: JsonNumber
    total_value: JsonNumber
    status: str
    source_customer: SourceCustomer
    created_at: UtcDateTime | None
    updated_at: UtcDateTime | None


class OnHand(BaseModel):
    total_quantity: JsonNumber
    total_value: JsonNumber
    item_count: int


class Flows(BaseModel):
    total_in: JsonNumber
    total_out: JsonNumber
    in_flow_rate_per_day: JsonNumber
    out_flow_rate_per_day: JsonNumber
    net_change: JsonNumber


class Metrics(BaseModel):
    turnover_rate_30_day: float
    days_of_inventory: float | None
    transaction_count: int


class InventoryFlows(BaseModel):
    on_hand: OnHand
    flows_last_30_days: Flows
    metrics: Metrics


class InventorySummary(BaseModel):
    total_items: int = Field(description="Items matching every filter (all pages)")
    available_items: int
    reserved_items: int
    total_value: JsonNumber
    total_quantity: JsonNumber
    inventory_flows: InventoryFlows = Field(
        description="Flows and metrics of the location, waste type and customer filtered on; status narrows the items only")


class InventoryRead(BaseModel):
    inventory_items: list[InventoryItemRead] = Field(description="One page: `limit` items from `offset`, newest change first")
    total: int = Field(description="Items matching every filter (all pages)")
    summary: InventorySummary
    last_refreshed_at: UtcDateTime | None = Field(
        description="Kept for the spec's shape; null: the figures are the ledger's, current at the read")


class AdjustmentCreate(BaseModel):
    item_id: uuid.UUID
    quantity: Decimal = Field(..., description="lb; positive adds, negative draws down", ge=-200000, le=200000)
    reason: str = Field(..., min_length=3, max_length=500)


class AdjustmentRead(BaseModel):
    movement_id: uuid.UUID
    item_id: uuid.UUID
    direction: Literal["in", "out"]
    quantity: JsonNumber
    on_hand: JsonNumber = Field(description="The item's on hand after the adjustment (sum of its movements)")
