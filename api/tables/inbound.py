"""Inbound pricing: a customer's own price per waste type (the customers are api.tables.parties)."""
from __future__ import annotations

import uuid
from decimal import Decimal

from sqlalchemy import ForeignKey, Numeric, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import Uuid

from api.core.db import Base, IdMixin, TenantMixin, TimestampMixin


class CustomerPrice(IdMixin, TenantMixin, TimestampMixin, Base):
    """Per-waste-type price for one customer (highest precedence in inbound pricing)."""

    __tablename__ = "customer_prices"
    __table_args__ = (UniqueConstraint("customer_id", "waste_type_id"),)

    customer_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("customers.id", ondelete="CASCADE"), index=True)
    waste_type_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("waste_types.id", ondelete="CASCADE"))
    price_per_unit: Mapped[Decimal] = mapped_column(Numeric(12, 4))
    unit_of_measure: Mapped[str] = mapped_column(String(10), default="lb")
