"""Invoices (receivables from inbound tickets) and the payments recorded against them."""
from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
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
    text,
)
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import Uuid

from api.core.db import Base, IdMixin, TenantMixin, TimestampMixin

MONEY = Numeric(12, 2)


class Invoice(IdMixin, TenantMixin, TimestampMixin, Base):
    __tablename__ = "invoices"
    __table_args__ = (
        UniqueConstraint("company_id", "invoice_number"),
        CheckConstraint("balance >= 0 and balance <= amount", name="balance_within_amount"),
        Index("uq_invoices_monthly", "company_id", "customer_id", "billing_period", unique=True,
              postgresql_where=text("billing_period is not null")),
    )

    invoice_number: Mapped[str] = mapped_column(String(40))
    customer_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("customers.id", ondelete="SET NULL"), index=True)
    ticket_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("tickets.id", ondelete="SET NULL"), index=True)
    issue_date: Mapped[date] = mapped_column(Date)
    due_date: Mapped[date] = mapped_column(Date)
    payment_terms: Mapped[str] = mapped_column(String(20), default="Net 30")
    amount: Mapped[Decimal] = mapped_column(MONEY)
    # Derived from the payment rows (amount - their sum), kept beside the invoice in the same
    # transaction as each payment, under the invoice's row lock; the check constraint above is the
    # last guard against paying more than is owed.
    balance: Mapped[Decimal] = mapped_column(MONEY)
    # pending | paid | void; 'overdue' is derived from due_date, never stored.
    payment_status: Mapped[str] = mapped_column(String(10), default="pending")
    paid_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The month a consolidated invoice covers (its first day); null for a per-load invoice.
    billing_period: Mapped[date | None] = mapped_column(Date)


class InvoiceLine(IdMixin, TenantMixin, Base):
    __tablename__ = "invoice_lines"

    invoice_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("invoices.id", ondelete="CASCADE"), index=True)
    ticket_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("tickets.id", ondelete="SET NULL"), index=True)
    position: Mapped[int] = mapped_column(Integer, default=1)
    description: Mapped[str] = mapped_column(String(300))
    quantity: Mapped[Decimal] = mapped_column(Numeric(12, 2))
    unit_price: Mapped[Decimal] = mapped_column(Numeric(12, 4))
    total: Mapped[Decimal] = mapped_column(MONEY)


class PaymentColumns:
    """A payment row, money in (payments) or out (bill_payments): above 0, one row per payment,
    never edited; the document's balance is its amount less these rows."""

    amount: Mapped[Decimal] = mapped_column(MONEY)
    method: Mapped[str] = mapped_column(String(20))  # cash | check | credit_card | bank_transfer
    reference: Mapped[str | None] = mapped_column(String(100))
    notes: Mapped[str | None] = mapped_column(Text)
    paid_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    recorded_by_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("users.id", ondelete="SET NULL"))
    # The client's Idempotency-Key: a retried request answers with this payment, never a second.
    idempotency_key: Mapped[uuid.UUID | None] = mapped_column(Uuid)


class Payment(PaymentColumns, IdMixin, TenantMixin, TimestampMixin, Base):
    __tablename__ = "payments"
    __table_args__ = (
        CheckConstraint("amount > 0", name="amount_positive"),
        UniqueConstraint("company_id", "idempotency_key"),
    )

    invoice_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("invoices.id", ondelete="CASCADE"), index=True)
