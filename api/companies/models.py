from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from sqlalchemy import ARRAY, Boolean, DateTime, ForeignKey, Integer, Numeric, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import Uuid

from api.core.db import Base, IdMixin, TenantMixin, TimestampMixin


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


class CompanySettings(TenantMixin, TimestampMixin, Base):
    """The settings of spec 1 section 3, one row per company, with the spec's defaults."""

    __tablename__ = "company_settings"
    __table_args__ = (UniqueConstraint("company_id"),)

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    enable_ear_reporting: Mapped[bool] = mapped_column(Boolean, default=False)
    inbound_module_enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    inbound_multistep_weighing_enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    enable_customer_notes: Mapped[bool] = mapped_column(Boolean, default=True)
    enable_internal_notes: Mapped[bool] = mapped_column(Boolean, default=True)
    enable_ticket_email: Mapped[bool] = mapped_column(Boolean, default=False)
    outbound_multistep_weighing_enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    system_default_theme: Mapped[str] = mapped_column(String(5), default="light")
    outbound_truck_scale_enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    outbound_type2_require_vehicle_info: Mapped[bool] = mapped_column(Boolean, default=True)
    outbound_type2_auto_generate_bol: Mapped[bool] = mapped_column(Boolean, default=False)
    outbound_type2_auto_create_payable: Mapped[bool] = mapped_column(Boolean, default=False)
    enable_carbon_credits: Mapped[bool] = mapped_column(Boolean, default=True)
    carbon_credit_methodology: Mapped[str] = mapped_column(String(20), default="EPA_2023")
    carbon_offset_price_per_ton: Mapped[Decimal] = mapped_column(Numeric(10, 2), default=Decimal(15))
    enable_carbon_trading: Mapped[bool] = mapped_column(Boolean, default=False)
    simple_tickets_mode: Mapped[bool] = mapped_column(Boolean, default=False)
    # None = follow the plan (pro and enterprise); True/False = set by the platform.
    sb1383_compliance_override: Mapped[bool | None] = mapped_column(Boolean)
    ai_provider: Mapped[str] = mapped_column(String(10), default="auto")  # auto | local | openai
    sb1383_target_percent: Mapped[Decimal] = mapped_column(Numeric(5, 2), default=Decimal(75))
    # The company's default inbound price: 4th in the pricing precedence (spec 3 s9).
    inbound_default_price_per_unit: Mapped[Decimal | None] = mapped_column(Numeric(12, 4))
    inbound_default_pricing_unit: Mapped[str] = mapped_column(String(10), default="lb", server_default="lb")


class PlatformSettings(TimestampMixin, Base):
    """Singleton row (id = 1) of platform-wide settings, owned by system_admin."""

    __tablename__ = "platform_settings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, default=1)
    require_manual_approval: Mapped[bool] = mapped_column(Boolean, default=False)
    auto_approve_domains: Mapped[list[str]] = mapped_column(ARRAY(String(255)), default=list)
    recaptcha_enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    recaptcha_site_key: Mapped[str] = mapped_column(String(200), default="")
    recaptcha_secret_key: Mapped[str] = mapped_column(String(200), default="")
    recaptcha_min_score: Mapped[Decimal] = mapped_column(Numeric(3, 2), default=Decimal("0.5"))
    enable_carbon_credits: Mapped[bool] = mapped_column(Boolean, default=True)


class Region(IdMixin, TenantMixin, TimestampMixin, Base):
    __tablename__ = "regions"
    __table_args__ = (UniqueConstraint("company_id", "name"),)

    name: Mapped[str] = mapped_column(String(120))
    description: Mapped[str | None] = mapped_column(Text)
    parent_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, ForeignKey("regions.id", ondelete="SET NULL"))


class Store(IdMixin, TenantMixin, TimestampMixin, Base):
    """A location (facility); billed per location."""

    __tablename__ = "stores"
    __table_args__ = (UniqueConstraint("company_id", "store_number"),)

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
