"""SB 1383 records: food recovery partners (14 CCR 18991.4) and the compliance activity log."""
from __future__ import annotations

import uuid
from datetime import date

from sqlalchemy import Date, ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import Uuid

from api.core.db import Base, IdMixin, TenantMixin, TimestampMixin


class FoodRecoveryPartner(IdMixin, TenantMixin, TimestampMixin, Base):
    __tablename__ = "food_recovery_partners"

    name: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(20), default="organization")  # organization | service
    contact: Mapped[str | None] = mapped_column(String(300))
    contract_reference: Mapped[str | None] = mapped_column(String(200))
    contract_start: Mapped[date | None] = mapped_column(Date)
    food_types: Mapped[str | None] = mapped_column(Text)
    collection_frequency: Mapped[str | None] = mapped_column(String(60))
    destination_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("destination_types.id", ondelete="SET NULL"))


class ComplianceEvent(IdMixin, TenantMixin, TimestampMixin, Base):
    __tablename__ = "compliance_events"

    event: Mapped[str] = mapped_column(String(60))
    description: Mapped[str] = mapped_column(Text)
    severity: Mapped[str] = mapped_column(String(10), default="info")  # info | warning | critical
