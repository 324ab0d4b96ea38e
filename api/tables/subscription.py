"""The subscription's own records: its invoices and payments, and which plans are on sale."""
from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import Boolean, Date, DateTime, Integer, Numeric, String, Text, UniqueConstraint, func
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import Uuid

from api.core.db import Base, IdMixin, TenantMixin, TimestampMixin


class SubscriptionInvoice(IdMixin, TenantMixin, TimestampMixin, Base):
    """What a company owes Flow for one month of its plan, and what became of the charge.

    status: open (not charged yet, or no payment provider) | paid | failed | void.
    """

    __tablename__ = "subscription_invoices"
    __table_args__ = (UniqueConstraint("company_id", "period_start"),)

    number: Mapped[str] = mapped_column(String(40))
    period_start: Mapped[date] = mapped_column(Date)
    period_end: Mapped[date] = mapped_column(Date)
    plan: Mapped[str] = mapped_column(String(20))
    locations: Mapped[int] = mapped_column(Integer)
    users: Mapped[int] = mapped_column(Integer)
    amount: Mapped[Decimal] = mapped_column(Numeric(12, 2))
    status: Mapped[str] = mapped_column(String(10), default="open")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    provider_ref: Mapped[str | None] = mapped_column(String(120))
    failure_reason: Mapped[str | None] = mapped_column(Text)
    paid_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    last_attempt_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class SubscriptionChange(IdMixin, TenantMixin, Base):
    """Every plan change and cancellation, with who asked and what applied (audit and churn)."""

    __tablename__ = "subscription_changes"

    user_id: Mapped[uuid.UUID | None] = mapped_column(Uuid)
    action: Mapped[str] = mapped_column(String(20))  # upgrade | downgrade | cancel | reactivate
    from_plan: Mapped[str] = mapped_column(String(20))
    to_plan: Mapped[str] = mapped_column(String(20))
    effective_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class PlanSetting(Base):
    """Platform-wide: whether a plan is offered at sign-up (the plan table itself is code)."""

    __tablename__ = "plan_settings"

    plan_id: Mapped[str] = mapped_column(String(20), primary_key=True)
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now(),
                                                 onupdate=func.now())
