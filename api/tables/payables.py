"""Payables: bills owed to disposal partners (haulers and facilities paid to take material away)
and the payments made against them. Disposal partners are customers flagged is_disposal_partner
(the outbound type-2 form and tickets.disposal_partner_id already point there)."""
from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal

from sqlalchemy import (
    CheckConstraint,
    Date,
    ForeignKey,
    LargeBinary,
    Numeric,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import Uuid

from api.core.db import Base, IdMixin, TenantMixin, TimestampMixin
from api.tables.invoices import PaymentColumns

MONEY = Numeric(12, 2)


class Bill(IdMixin, TenantMixin, TimestampMixin, Base):
    __tablename__ = "bills"
    __table_args__ = (
        UniqueConstraint("company_id", "bill_number"),
        UniqueConstraint("ticket_id"),
        CheckConstraint("balance >= 0 and balance <= amount", name="balance_within_amount"),
    )

    bill_number: Mapped[str] = mapped_column(String(40))
    partner_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("customers.id", ondelete="SET NULL"), index=True)
    ticket_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("tickets.id", ondelete="SET NULL"))
    issue_date: Mapped[date] = mapped_column(Date)
    due_date: Mapped[date] = mapped_column(Date)
    payment_terms: Mapped[str] = mapped_column(String(20), default="Net 30")
    description: Mapped[str] = mapped_column(String(300))
    quantity: Mapped[Decimal] = mapped_column(Numeric(12, 3))
    unit: Mapped[str] = mapped_column(String(10))  # ton | load
    unit_price: Mapped[Decimal] = mapped_column(Numeric(12, 4))
    amount: Mapped[Decimal] = mapped_column(MONEY)
    # Amount less the payment rows, kept under the bill's row lock with every payment.
    balance: Mapped[Decimal] = mapped_column(MONEY)
    status: Mapped[str] = mapped_column(String(10), default="open")  # open | paid | void


class BillPayment(PaymentColumns, IdMixin, TenantMixin, TimestampMixin, Base):
    __tablename__ = "bill_payments"
    __table_args__ = (
        CheckConstraint("amount > 0", name="amount_positive"),
        UniqueConstraint("company_id", "idempotency_key"),
    )

    bill_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("bills.id", ondelete="CASCADE"), index=True)


class BillOfLading(IdMixin, TenantMixin, TimestampMixin, Base):
    """The bill of lading issued when a type-2 truck-scale outbound load completes with the setting
    outbound_type2_auto_generate_bol on: the PDF as issued (a shipping document is not re-rendered
    when a partner's name or address changes later)."""

    __tablename__ = "bills_of_lading"
    __table_args__ = (UniqueConstraint("ticket_id"),)

    ticket_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("tickets.id", ondelete="CASCADE"))
    bol_number: Mapped[str] = mapped_column(String(60))
    pdf: Mapped[bytes] = mapped_column(LargeBinary)
