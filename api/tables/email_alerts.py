from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint, func
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import Uuid

from api.core.db import Base, IdMixin, TenantMixin, TimestampMixin


class EmailAlert(IdMixin, TenantMixin, TimestampMixin, Base):
    """A scheduled report e-mail (spec 1 section 9: report types and schedules), owned by one user."""

    __tablename__ = "email_alerts"

    user_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    report_type: Mapped[str] = mapped_column(String(20))
    schedule: Mapped[str] = mapped_column(String(20))  # daily | weekly | monthly | last-friday-month
    weekly_day: Mapped[str | None] = mapped_column(String(10))
    send_time: Mapped[str] = mapped_column(String(5), default="09:00")
    recipients: Mapped[str] = mapped_column(String(1000))
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)


class EmailAlertSend(IdMixin, TenantMixin, Base):
    """One schedule slot of one alert: claimed before sending, so a slot is mailed at most once."""

    __tablename__ = "email_alert_sends"
    __table_args__ = (UniqueConstraint("alert_id", "slot_at"),)

    alert_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("email_alerts.id", ondelete="CASCADE"), index=True)
    # The scheduled instant (UTC); NULL-free. A test send uses the moment it was asked for.
    slot_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    kind: Mapped[str] = mapped_column(String(10), default="scheduled")  # scheduled | test
    status: Mapped[str] = mapped_column(String(10), default="sending")  # sending | sent | failed
    attempts: Mapped[int] = mapped_column(Integer, default=1)
    recipients: Mapped[str] = mapped_column(String(1000))
    attachments: Mapped[str] = mapped_column(String(300), default="")
    error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
