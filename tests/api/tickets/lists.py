"""Reference items the ticket tests name, made in the tenant's own lists (get or create)."""
from __future__ import annotations

from decimal import Decimal

from sqlalchemy import select

from api.core.db import sessionmaker, set_tenant
from api.tables.lists import ContainerType, DestinationType, WasteType
from api.tables.parties import Customer, Vehicle
from api.tables.settings import CompanySettings

ITEMS = [
    (WasteType, "Food Waste", {}),
    (WasteType, "Food Scraps", {}),
    (WasteType, "Priced Cardboard", {"default_price_per_unit": Decimal("0.05"), "default_pricing_unit": "lb"}),
    (WasteType, "Priced Grease", {"default_price_per_unit": Decimal(30), "default_pricing_unit": "ton"}),
    (WasteType, "Retired Waste", {"is_active": False}),
    (DestinationType, "Compost", {"is_diversion": True, "management_path": "compost"}),
    (DestinationType, "Landfill", {"is_diversion": False, "management_path": "landfill"}),
    (ContainerType, "Slim Jim 23 (23gal)", {"capacity_gallons": Decimal(23), "tare_weight_lbs": Decimal("7.8")}),
    (ContainerType, "Plastic Bucket", {"capacity_gallons": Decimal(5), "tare_weight_lbs": Decimal("1.5")}),
    (ContainerType, "Custom Container", {"capacity_gallons": Decimal(0), "tare_weight_lbs": Decimal(0)}),
]


async def ensure_lists(tenant) -> dict[str, object]:
    """The items above, by name, whatever the lists seed already gave the company."""
    found: dict[str, object] = {}
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, tenant.company_id)
        for model, name, extra in ITEMS:
            row = await db.scalar(select(model).where(model.name == name))
            if row is None:
                row = model(name=name, company_id=tenant.company_id)
                db.add(row)
            if model is WasteType:
                # Unpriced unless a test says otherwise, whatever the seed gave the item.
                row.default_price_per_unit = None
                row.default_pricing_unit = "lb"
            for key, value in extra.items():
                setattr(row, key, value)
            row.is_active = extra.get("is_active", True)
            await db.flush()
            found[name] = row
    return found


async def set_company(tenant, **values) -> None:
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, tenant.company_id)
        row = await db.scalar(select(CompanySettings))
        for key, value in values.items():
            setattr(row, key, value)


async def add_partner(tenant, name: str = "Green Haul Co", plate: str = "8ABC123", **flags) -> tuple:
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, tenant.company_id)
        customer = Customer(company_id=tenant.company_id, customer_name=name, phone="510-555-0100",
                            email="dispatch@example.com", is_hauler=flags.get("is_hauler", True),
                            is_disposal_partner=flags.get("is_disposal_partner", True), active=True)
        db.add(customer)
        await db.flush()
        vehicle = Vehicle(company_id=tenant.company_id, customer_id=customer.id, license_plate=plate,
                          make="Freightliner", model="M2", year=2019, color="White")
        db.add(vehicle)
        await db.flush()
    return customer, vehicle
