from __future__ import annotations

import uuid
from decimal import Decimal

from sqlalchemy import ForeignKey, Numeric, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import Uuid

from api.core.db import Base, IdMixin, TenantMixin, TimestampMixin


class CarbonCredit(IdMixin, TenantMixin, TimestampMixin, Base):
    """A store_admin's verification of one ticket's estimate (marts.carbon_credit_estimates), with
    the figures as they stood when it was decided. Tickets without a row are pending estimates."""

    __tablename__ = "carbon_credits"
    __table_args__ = (UniqueConstraint("company_id", "ticket_id"),)

    ticket_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("tickets.id", ondelete="SET NULL"), index=True)
    credit_type: Mapped[str] = mapped_column(String(40))
    diversion_method: Mapped[str | None] = mapped_column(String(120))
    methodology: Mapped[str] = mapped_column(String(20))
    co2_avoided_kg: Mapped[Decimal] = mapped_column(Numeric(14, 3))
    total_co2e_tons: Mapped[Decimal] = mapped_column(Numeric(14, 3))
    credit_value_usd: Mapped[Decimal] = mapped_column(Numeric(12, 2))
    verification_status: Mapped[str] = mapped_column(String(10), default="pending")  # pending | verified | rejected
    verification_reason: Mapped[str | None] = mapped_column(Text)
    verified_by_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("users.id", ondelete="SET NULL"))
