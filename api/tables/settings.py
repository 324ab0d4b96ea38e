"""Company settings (one row per company) and the platform's own settings (one row)."""
from __future__ import annotations

import uuid
from decimal import Decimal

from sqlalchemy import ARRAY, Boolean, Integer, Numeric, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import Uuid

from api.core.db import Base, TenantMixin, TimestampMixin


class CompanySettings(TenantMixin, TimestampMixin, Base):
    """The settings of spec 1 section 3, one row per company, with the spec's defaults."""

    __tablename__ = "company_settings"
    __table_args__ = (UniqueConstraint("company_id"),)

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    enable_ear_reporting: Mapped[bool] = mapped_column(Boolean, default=False)
    inbound_module_enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    inbound_multistep_weighing_enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    # Employees may weigh inbound loads in (at their location); off: inbound is the managers' (docs/access.md).
    inbound_employee_weigh_in_enabled: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
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
    # What makes a plan change that costs more take effect: "payment" (a successful charge through
    # the payment provider) or "approval" (a platform admin's); until then it is pending.
    plan_upgrade_requires: Mapped[str] = mapped_column(String(10), default="payment", server_default="payment")
