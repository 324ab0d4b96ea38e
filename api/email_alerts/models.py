from __future__ import annotations

from sqlalchemy import Boolean, String
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base, IdMixin, TenantMixin, TimestampMixin


class EmailAlert(IdMixin, TenantMixin, TimestampMixin, Base):
    """A scheduled report e-mail (spec 1 section 9: report types and schedules)."""

    __tablename__ = "email_alerts"

    name: Mapped[str] = mapped_column(String(120))
    report_type: Mapped[str] = mapped_column(String(20))
    schedule: Mapped[str] = mapped_column(String(20))  # daily | weekly | monthly | last-friday-month
    weekly_day: Mapped[str | None] = mapped_column(String(10))
    send_time: Mapped[str] = mapped_column(String(5), default="09:00")
    recipients: Mapped[str] = mapped_column(String(1000))
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)
