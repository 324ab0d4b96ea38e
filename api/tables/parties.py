"""Parties: customers (payees and haulers of inbound loads, disposal partners of outbound ones)
and their vehicles, identified at the scale by licence plate. Rules: api.parties.service.
"""
from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from sqlalchemy import Boolean, CheckConstraint, DateTime, ForeignKey, Numeric, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import Uuid

from api.core.db import Base, IdMixin, TenantMixin, TimestampMixin


class Customer(IdMixin, TenantMixin, TimestampMixin, Base):
    __tablename__ = "customers"
    __table_args__ = (
        UniqueConstraint("company_id", "account_number"),
        CheckConstraint("billing_cycle in ('per_load', 'monthly')", name="billing_cycle"),
        CheckConstraint("price_basis in ('per_ton', 'per_load')", name="price_basis"),
    )

    account_number: Mapped[str | None] = mapped_column(String(40))
    customer_name: Mapped[str] = mapped_column(String(200))
    phone: Mapped[str | None] = mapped_column(String(40))
    email: Mapped[str | None] = mapped_column(String(320))
    address: Mapped[str | None] = mapped_column(String(300))
    is_hauler: Mapped[bool] = mapped_column(Boolean, default=False)
    is_disposal_partner: Mapped[bool] = mapped_column(Boolean, default=False)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    custom_pricing_per_unit: Mapped[Decimal | None] = mapped_column(Numeric(12, 4))
    default_unit_of_measure: Mapped[str | None] = mapped_column(String(10))
    payment_terms_days: Mapped[int | None] = mapped_column()
    # Disposal partner profile (is_disposal_partner): what Flow's customer pays them to take away.
    contact_name: Mapped[str | None] = mapped_column(String(200))
    facility_type: Mapped[str | None] = mapped_column(String(40))  # hauler | compost | anaerobic_digestion | ...
    accepted_materials: Mapped[str | None] = mapped_column(Text)  # comma-separated waste type names
    price_basis: Mapped[str | None] = mapped_column(String(10))  # per_ton | per_load
    partner_price: Mapped[Decimal | None] = mapped_column(Numeric(12, 2))
    permit_number: Mapped[str | None] = mapped_column(String(80))
    # per_load: an invoice per charged load; monthly: one consolidated invoice per month.
    billing_cycle: Mapped[str] = mapped_column(String(10), default="per_load", server_default="per_load")
    notes: Mapped[str | None] = mapped_column(Text)


class Vehicle(IdMixin, TenantMixin, TimestampMixin, Base):
    __tablename__ = "vehicles"
    __table_args__ = (UniqueConstraint("company_id", "license_plate"),)

    customer_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("customers.id", ondelete="SET NULL"), index=True)
    hauler_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("customers.id", ondelete="SET NULL"))
    # Stored upper case without spaces or dashes, so look-ups are exact.
    license_plate: Mapped[str] = mapped_column(String(16))
    vehicle_type: Mapped[str | None] = mapped_column(String(40))
    make: Mapped[str | None] = mapped_column(String(60))
    model: Mapped[str | None] = mapped_column(String(60))
    year: Mapped[int | None] = mapped_column()
    color: Mapped[str | None] = mapped_column(String(30))
    description: Mapped[str | None] = mapped_column(Text)
    # The stored tare: a known truck may leave on it instead of a second weighing.
    tare_weight: Mapped[Decimal | None] = mapped_column(Numeric(12, 1))
    tare_weighed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
