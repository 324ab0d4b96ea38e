"""The tenant: one row per company. Its locations, regions and settings have their own packages."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base, IdMixin, TimestampMixin


class Company(IdMixin, TimestampMixin, Base):
    """A tenant. Its own row is visible only inside its own scope (RLS on id)."""

    __tablename__ = "companies"

    name: Mapped[str] = mapped_column(String(200))
    industry: Mapped[str] = mapped_column(String(100), default="Food Service")
    org_type: Mapped[str | None] = mapped_column(String(40))
    email: Mapped[str | None] = mapped_column(String(320))
    phone: Mapped[str | None] = mapped_column(String(40))
    billing_email: Mapped[str | None] = mapped_column(String(320))
    billing_notification_email: Mapped[str | None] = mapped_column(String(320))
    address_street: Mapped[str | None] = mapped_column(String(300))
    address_city: Mapped[str | None] = mapped_column(String(120))
    address_state: Mapped[str | None] = mapped_column(String(2))
    address_zip: Mapped[str | None] = mapped_column(String(10))
    timezone: Mapped[str] = mapped_column(String(64), default="America/Los_Angeles")
    logo_key: Mapped[str | None] = mapped_column(String(300))

    subscription_plan: Mapped[str] = mapped_column(String(20), default="core")
    # trial | active | past_due | suspended | canceled
    subscription_status: Mapped[str] = mapped_column(String(20), default="active")
    account_type: Mapped[str] = mapped_column(String(10), default="paid")  # trial | paid
    trial_ends_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # pending | approved | rejected
    approval_status: Mapped[str] = mapped_column(String(10), default="approved")
    rejection_reason: Mapped[str | None] = mapped_column(Text)
    reviewed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    max_facilities_override: Mapped[int | None] = mapped_column(Integer)
    payment_failure_count: Mapped[int] = mapped_column(Integer, default=0)
    last_payment_failed: Mapped[bool] = mapped_column(Boolean, default=False)
    is_demo: Mapped[bool] = mapped_column(Boolean, default=False)
    # A cancellation takes effect at the end of the paid month (POST /api/subscription/cancel).
    cancel_at_period_end: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    canceled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # A plan change that costs more, waiting for payment or the platform's approval (issue 31).
    pending_plan: Mapped[str | None] = mapped_column(String(20))
    pending_plan_requested_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
