"""Tickets: outbound (type_1_container, type_2_truck_scale) and inbound ('-I-' in the number).

Weights are numeric lb with 0.1 precision; money is numeric USD. The reference items a ticket
used are snapshotted so later edits of a list never rewrite history.
"""
from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    String,
    Text,
    UniqueConstraint,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import Uuid

from api.core.db import Base, IdMixin, TenantMixin, TimestampMixin

# outbound_ticket_type of a truck weighed on the scale (spec 2 s7): it may carry a bill of lading and a payable.
TYPE_2 = "type_2_truck_scale"
# While old tickets still lack a location, this CHECK (NOT VALID) makes every new or changed ticket
# carry one (api/migrations/ticket_locations.py drops it once none is left).
LOCATION_REQUIRED_CHECK = "ck_tickets_store_id_required"

WEIGHT = Numeric(12, 1)
MONEY = Numeric(12, 2)


class Ticket(IdMixin, TenantMixin, TimestampMixin, Base):
    __tablename__ = "tickets"
    __table_args__ = (
        UniqueConstraint("company_id", "ticket_number"),
        # The offline client's id is the idempotency key: one ticket per id per company.
        UniqueConstraint("company_id", "client_id"),
        CheckConstraint("gross_weight >= 0 and tare_weight >= 0 and net_weight >= 0", name="weights_not_negative"),
        Index("ix_tickets_company_ticket_at", "company_id", "ticket_at"),
        # The in-progress screens (draft and saved) and the inbound list: a company's few such rows
        # (migration 0015_tenant_list_indexes).
        Index("ix_tickets_open", "company_id", "is_inbound", "updated_at",
              postgresql_where=text("status in ('draft', 'saved')")),
        Index("ix_tickets_inbound_ticket_at", "company_id", "ticket_at", postgresql_where=text("is_inbound"),
              postgresql_include=["status", "store_id", "customer1_id", "customer2_id", "total_amount", "net_weight"]),
    )

    ticket_number: Mapped[str] = mapped_column(String(40))
    client_id: Mapped[uuid.UUID | None] = mapped_column(Uuid)
    payload_digest: Mapped[str | None] = mapped_column(String(64))
    # Where it was weighed (issue 29): required; a location with tickets is never deleted.
    store_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("stores.id"), index=True)
    is_inbound: Mapped[bool] = mapped_column(Boolean, default=False)
    outbound_ticket_type: Mapped[str | None] = mapped_column(String(20))  # type_1_container | type_2_truck_scale
    status: Mapped[str] = mapped_column(String(10), default="completed")  # draft | saved | completed | void
    # When the weighing happened (an offline ticket is created later than it was weighed).
    ticket_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())

    waste_type_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("waste_types.id", ondelete="SET NULL"))
    waste_type_name: Mapped[str | None] = mapped_column(String(120))
    waste_subtype_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("waste_subtypes.id", ondelete="SET NULL"))
    waste_subtype_name: Mapped[str | None] = mapped_column(String(120))
    destination_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("destination_types.id", ondelete="SET NULL"))
    destination_name: Mapped[str | None] = mapped_column(String(120))
    destination_is_diversion: Mapped[bool | None] = mapped_column(Boolean)
    destination_management_path: Mapped[str | None] = mapped_column(String(30))
    container_type_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("container_types.id", ondelete="SET NULL"))
    container_name: Mapped[str | None] = mapped_column(String(120))
    container_capacity_gallons: Mapped[Decimal | None] = mapped_column(Numeric(10, 1))
    container_tare_lbs: Mapped[Decimal | None] = mapped_column(Numeric(10, 1))
    diversion_method_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("diversion_methods.id", ondelete="SET NULL"))
    diversion_method_name: Mapped[str | None] = mapped_column(String(120))
    carbon_methodology: Mapped[str | None] = mapped_column(String(20))

    gross_weight: Mapped[Decimal] = mapped_column(WEIGHT, default=Decimal(0))
    tare_weight: Mapped[Decimal] = mapped_column(WEIGHT, default=Decimal(0))
    net_weight: Mapped[Decimal] = mapped_column(WEIGHT, default=Decimal(0))
    unit_of_measure: Mapped[str] = mapped_column(String(20), default="lbs")
    total_amount: Mapped[Decimal] = mapped_column(MONEY, default=Decimal(0))

    vehicle_info: Mapped[dict | None] = mapped_column(JSONB)
    disposal_partner_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("customers.id", ondelete="SET NULL"))
    customer_facing_notes: Mapped[str | None] = mapped_column(String(500))
    internal_notes: Mapped[str | None] = mapped_column(String(500))

    ocr_provider: Mapped[str | None] = mapped_column(String(30))
    confidence: Mapped[Decimal | None] = mapped_column(Numeric(5, 2))
    manual_override: Mapped[bool] = mapped_column(Boolean, default=False)

    created_by_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("users.id", ondelete="SET NULL"), index=True)
    employee_name: Mapped[str | None] = mapped_column(String(200))

    # Inbound: payee, hauler, vehicle, payment.
    customer1_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("customers.id", ondelete="SET NULL"))
    customer2_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("customers.id", ondelete="SET NULL"))
    vehicle_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("vehicles.id", ondelete="SET NULL"))
    payment_method: Mapped[str | None] = mapped_column(String(20))
    notes: Mapped[str | None] = mapped_column(Text)
    is_multi_product: Mapped[bool] = mapped_column(Boolean, default=False)

    voided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    void_reason: Mapped[str | None] = mapped_column(Text)


class TicketLineItem(IdMixin, TenantMixin, TimestampMixin, Base):
    __tablename__ = "ticket_line_items"

    ticket_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("tickets.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer, default=1)
    waste_type_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("waste_types.id", ondelete="SET NULL"))
    waste_type_name: Mapped[str] = mapped_column(String(120))
    quantity: Mapped[Decimal] = mapped_column(Numeric(12, 2))
    unit: Mapped[str] = mapped_column(String(20), default="lbs")  # lbs | tons | cubic_yards
    # What the operator typed; on a completed inbound load quantity/unit are its share of the scale's net in lb.
    declared_quantity: Mapped[Decimal | None] = mapped_column(Numeric(12, 2))
    declared_unit: Mapped[str | None] = mapped_column(String(20))
    unit_price: Mapped[Decimal | None] = mapped_column(Numeric(12, 4))
    amount: Mapped[Decimal] = mapped_column(MONEY, default=Decimal(0))
    notes: Mapped[str | None] = mapped_column(String(500))


class TicketImage(IdMixin, TenantMixin, TimestampMixin, Base):
    __tablename__ = "ticket_images"

    ticket_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("tickets.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(12))  # gross | tare | additional
    storage_key: Mapped[str] = mapped_column(String(300))
    thumbnail_key: Mapped[str | None] = mapped_column(String(300))
    content_type: Mapped[str] = mapped_column(String(40))
    size_bytes: Mapped[int] = mapped_column(Integer)
    width: Mapped[int | None] = mapped_column(Integer)
    height: Mapped[int | None] = mapped_column(Integer)
    sha256: Mapped[str] = mapped_column(String(64))


class TicketCounter(TenantMixin, Base):
    """Gap-free daily numbering: one row per company, direction and local day, locked on use."""

    __tablename__ = "ticket_counters"

    direction: Mapped[str] = mapped_column(String(1), primary_key=True)  # O | I
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    last_number: Mapped[int] = mapped_column(Integer, default=0)

    __table_args__ = ()

    # company_id from TenantMixin is part of the primary key
    company_id: Mapped[uuid.UUID] = mapped_column(  # type: ignore[assignment]
        Uuid, ForeignKey("companies.id", ondelete="CASCADE"), primary_key=True
    )
