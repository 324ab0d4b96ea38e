"""Locations (stores, facilities): what a company is billed for, per location."""
from __future__ import annotations

import uuid

from sqlalchemy import Boolean, CheckConstraint, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import Uuid

from api.core.db import Base, IdMixin, TenantMixin, TimestampMixin


class Store(IdMixin, TenantMixin, TimestampMixin, Base):
    """A location (facility); billed per location."""

    __tablename__ = "stores"
    __table_args__ = (UniqueConstraint("company_id", "store_number"),
                      CheckConstraint("scale_display_unit in ('lb', 'kg')", name="scale_display_unit"))

    name: Mapped[str] = mapped_column(String(200))
    store_number: Mapped[str] = mapped_column(String(40))
    address: Mapped[str | None] = mapped_column(String(300))
    city: Mapped[str | None] = mapped_column(String(120))
    state: Mapped[str | None] = mapped_column(String(2))
    zip_code: Mapped[str | None] = mapped_column(String(10))
    phone: Mapped[str | None] = mapped_column(String(40))
    region_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("regions.id", ondelete="SET NULL"))
    subregion_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("regions.id", ondelete="SET NULL"))
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)
    advanced_options_enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    # What the scale shows when its display hides the unit (the AI reader uses it; issue 36).
    scale_display_unit: Mapped[str] = mapped_column(String(2), default="lb", server_default="lb")
