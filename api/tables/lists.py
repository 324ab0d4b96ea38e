"""The six reference lists behind every ticket dropdown. Each company owns its own copy."""
from __future__ import annotations

from decimal import Decimal

from sqlalchemy import Boolean, Integer, Numeric, String, Text, UniqueConstraint
from sqlalchemy import false as sa_false
from sqlalchemy.orm import Mapped, declared_attr, mapped_column

from api.core.db import Base, IdMixin, TenantMixin, TimestampMixin


class ListItemMixin(IdMixin, TenantMixin, TimestampMixin):
    name: Mapped[str] = mapped_column(String(120))
    description: Mapped[str | None] = mapped_column(Text)
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)
    is_system_standard: Mapped[bool] = mapped_column(Boolean, default=False)
    sort_order: Mapped[int] = mapped_column(Integer, default=1)

    @declared_attr.directive
    def __table_args__(cls):
        return (UniqueConstraint("company_id", "name"),)


class WasteType(ListItemMixin, Base):
    __tablename__ = "waste_types"

    unit_of_measure: Mapped[str] = mapped_column(String(20), default="lbs")
    default_price_per_unit: Mapped[Decimal | None] = mapped_column(Numeric(12, 4))
    default_pricing_unit: Mapped[str] = mapped_column(String(10), default="lb")
    # EPA material category used by the warehouse factor seeds (food_waste, cardboard, ...).
    material_category: Mapped[str | None] = mapped_column(String(40))
    # Organic waste in SB 1383's sense (14 CCR 18982(a)(46)): the SB 1383 figures and the EAR count these only.
    is_organic: Mapped[bool] = mapped_column(Boolean, default=False, server_default=sa_false())


class DestinationType(ListItemMixin, Base):
    __tablename__ = "destination_types"

    is_diversion: Mapped[bool] = mapped_column(Boolean, default=True)
    # Management path for emission factors: landfill, combustion, compost, anaerobic_digestion,
    # donation, animal_feed, rendering, recycling.
    management_path: Mapped[str | None] = mapped_column(String(30))


class ContainerType(ListItemMixin, Base):
    __tablename__ = "container_types"

    capacity_gallons: Mapped[Decimal] = mapped_column(Numeric(10, 1), default=Decimal(0))
    tare_weight_lbs: Mapped[Decimal] = mapped_column(Numeric(10, 1), default=Decimal(0))


class DiversionMethod(ListItemMixin, Base):
    __tablename__ = "diversion_methods"

    co2_factor: Mapped[Decimal] = mapped_column(Numeric(12, 4), default=Decimal(0))


class WasteSubtype(ListItemMixin, Base):
    __tablename__ = "waste_subtypes"

    conversion_factor: Mapped[Decimal] = mapped_column(Numeric(12, 4), default=Decimal(1))


class CarbonMethodology(ListItemMixin, Base):
    __tablename__ = "carbon_methodologies"

    co2_factor: Mapped[Decimal] = mapped_column(Numeric(12, 4), default=Decimal(1))
    conversion_factor: Mapped[Decimal] = mapped_column(Numeric(12, 4), default=Decimal(1))
    version: Mapped[str] = mapped_column(String(20), default="1.0")
    calculation_method: Mapped[str] = mapped_column(String(20), default="EPA_2023")


CALCULATION_METHODS = ("EPA_2023", "IPCC_AR6", "GHG_PROTOCOL", "CARB_2023")
