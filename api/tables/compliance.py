"""SB 1383 records: food recovery partners (14 CCR 18991.4) and the compliance activity log."""
from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal

from sqlalchemy import Boolean, Date, ForeignKey, Integer, Numeric, String, Text
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
    # Donation tickets name their partner through this destination (pounds per partner and month).
    destination_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("destination_types.id", ondelete="SET NULL"))
    address: Mapped[str | None] = mapped_column(String(300))
    pickup_mode: Mapped[str] = mapped_column(String(12), default="collected", server_default="collected")  # collected | self_haul
    is_active: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")


class FoodRecoveryAgreement(IdMixin, TenantMixin, TimestampMixin, Base):
    """A contract or written agreement on file with a partner (14 CCR 18991.4 asks for copies)."""

    __tablename__ = "food_recovery_agreements"

    partner_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("food_recovery_partners.id", ondelete="CASCADE"),
                                                  index=True)
    start_date: Mapped[date] = mapped_column(Date)
    end_date: Mapped[date | None] = mapped_column(Date)
    file_name: Mapped[str] = mapped_column(String(200))
    content_type: Mapped[str] = mapped_column(String(60))
    size_bytes: Mapped[int] = mapped_column(Integer)
    sha256: Mapped[str] = mapped_column(String(64))
    storage_key: Mapped[str] = mapped_column(String(300))
    uploaded_by_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("users.id", ondelete="SET NULL"))


class ComplianceEvent(IdMixin, TenantMixin, TimestampMixin, Base):
    __tablename__ = "compliance_events"

    event: Mapped[str] = mapped_column(String(60))
    description: Mapped[str] = mapped_column(Text)
    severity: Mapped[str] = mapped_column(String(10), default="info")  # info | warning | critical


class GeneratorProfile(IdMixin, TenantMixin, TimestampMixin, Base):
    """A location's answers to the Tier 1 / Tier 2 questionnaire (14 CCR 18982). The tier is not
    stored here: it is the rule of dbt/macros/edible_food_generator.sql over these answers."""

    __tablename__ = "location_generator_profiles"

    store_id: Mapped[uuid.UUID] = mapped_column(Uuid, ForeignKey("stores.id", ondelete="CASCADE"), unique=True)
    business_type: Mapped[str] = mapped_column(String(40))
    gross_annual_sales_usd: Mapped[Decimal | None] = mapped_column(Numeric(14, 2))
    facility_square_feet: Mapped[int | None] = mapped_column(Integer)
    seats: Mapped[int | None] = mapped_column(Integer)
    rooms: Mapped[int | None] = mapped_column(Integer)
    beds: Mapped[int | None] = mapped_column(Integer)
    has_onsite_food_facility: Mapped[bool | None] = mapped_column(Boolean)
    average_daily_attendance: Mapped[int | None] = mapped_column(Integer)
    answered_by_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("users.id", ondelete="SET NULL"))
