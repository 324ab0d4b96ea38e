"""Inventory of inbound material: items on hand and the movements in and out of them."""
from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, DateTime, ForeignKey, Numeric, String, Text
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import Uuid

from api.core.db import Base, IdMixin, TenantMixin, TimestampMixin


class InventoryItem(IdMixin, TenantMixin, TimestampMixin, Base):
    __tablename__ = "inventory_items"

    store_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("stores.id", ondelete="SET NULL"))
    waste_type_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("waste_types.id", ondelete="SET NULL"))
    waste_type_name: Mapped[str] = mapped_column(String(120))
    waste_subtype_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("waste_subtypes.id", ondelete="SET NULL"))
    container_type_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("container_types.id", ondelete="SET NULL"))
    source_customer_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("customers.id", ondelete="SET NULL"))
    source_ticket_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("tickets.id", ondelete="SET NULL"))
    quantity_available: Mapped[Decimal] = mapped_column(Numeric(14, 2), default=Decimal(0))
    quantity_reserved: Mapped[Decimal] = mapped_column(Numeric(14, 2), default=Decimal(0))
    unit_of_measure: Mapped[str] = mapped_column(String(20), default="lbs")
    unit_value: Mapped[Decimal] = mapped_column(Numeric(12, 4), default=Decimal(0))
    status: Mapped[str] = mapped_column(String(10), default="available")  # available | reserved | empty | expired


class InventoryMovement(IdMixin, TenantMixin, Base):
    """One change of an item; on hand is the sum of movements (in minus out), never edited in place."""

    __tablename__ = "inventory_movements"
    __table_args__ = (CheckConstraint("quantity > 0", name="quantity_positive"),)

    item_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("inventory_items.id", ondelete="CASCADE"), index=True)
    direction: Mapped[str] = mapped_column(String(3))  # in | out
    kind: Mapped[str] = mapped_column(String(12), default="inbound", server_default="inbound")  # inbound | disposal | adjustment
    reason: Mapped[str | None] = mapped_column(Text)
    value: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal(0), server_default="0")
    created_by_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("users.id", ondelete="SET NULL"))
    quantity: Mapped[Decimal] = mapped_column(Numeric(14, 2))
    ticket_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("tickets.id", ondelete="SET NULL"))
    occurred_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
