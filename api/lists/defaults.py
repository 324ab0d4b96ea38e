"""System-standard reference items every new company starts with (its own copy, so activating,
deactivating and ordering are per company).

Sources
- Destinations and their order: EPA Food Recovery Hierarchy (https://www.epa.gov/sustainable-management-food),
  most to least preferred: source reduction, feed hungry people, feed animals, industrial uses
  (rendering, digestion), composting, landfill/incineration. Everything above the last tier is
  diversion; landfill and incineration (combustion, waste-to-energy) are disposal. CalRecycle's
  SB 1383 rules likewise do not count combustion as organic-waste recovery.
- Diversion-method co2_factor and waste-subtype conversion_factor: EPA GHG Emission Factors Hub,
  Table 9 "Scope 3 Category 5: Waste Generated in Operations" (emissions only), in metric tons
  CO2e per SHORT ton of waste (see /work/shared/DOMAIN.md). co2_factor = landfilled factor of
  food waste (0.68) minus the factor of the method's own path, i.e. what one short ton sent
  that way avoids compared with landfill.
- Container tares: the spec's standard-container picker (1.5, 2.0, 3.5, 4.2, 6.4, 7.8, 8.0,
  12.0, 27.5 lb), matched to common food-service containers; the Brute 32 and 44 and the cart
  agree with published empty weights (Town of Huntington NY, "How heavy is my trash can?":
  Brute 32 gal 8.5 lb and 44 gal 13 lb with lid, wheeled 48 gal carts about 23 lb). Kitchens
  should weigh their own empty containers and edit the tare; that is why the field is editable.
- Waste streams: the material categories of EPA WARM / the Emission Factors Hub, which the
  warehouse factor seeds key on through waste_types.material_category.
No default prices are seeded: hauling and tipping fees vary by contract ("No default pricing set").
"""
from __future__ import annotations

import uuid
from decimal import Decimal as D
from typing import Any

from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.tables.lists import (
    CarbonMethodology,
    ContainerType,
    DestinationType,
    DiversionMethod,
    WasteSubtype,
    WasteType,
)

# Names other domains rely on (CONTRACTS.md, spec 2 section 9): ticket-form and simple-ticket defaults.
DEFAULT_WASTE_TYPE = "Food Scraps"
SIMPLE_TICKET_WASTE_TYPE = "Food Waste"
DEFAULT_CONTAINER = "Plastic Bucket"
SIMPLE_TICKET_CONTAINER = "Slim Jim 23 (23gal)"
CUSTOM_CONTAINER = "Custom Container"
DEFAULT_DESTINATION = "Compost"
DEFAULT_CALCULATION_METHOD = "EPA_2023"

# Hub Table 9, food waste (mixed), landfilled: the baseline every diversion method is compared with.
FOOD_WASTE_LANDFILLED = D("0.68")

# (name, description, material_category, is_organic). material_category: WARM / Hub material keys.
# is_organic: organic waste in SB 1383's sense, 14 CCR 18982(a)(46) ("food, green material,
# landscape and pruning waste, organic textiles and carpets, lumber, wood, paper products, printing
# and writing paper, manure, biosolids, digestate, and sludges"): food and FOG (food), cardboard
# (paper products) and green waste are; commingled recyclables (mostly glass, metal and plastics),
# compostable packaging (certified compostable plastics are not in the definition; a fibre-only
# custom type can say otherwise) and general trash are not. The migration 0009 sets the same flags.
WASTE_TYPES: list[tuple[str, str, str, bool]] = [
    ("Food Scraps", "Kitchen prep trimmings, peels and plate scrapings", "food_waste", True),
    ("Food Waste", "Mixed food waste (the simple-ticket default)", "food_waste", True),
    ("Pre-Consumer Food Waste", "Spoiled, expired or overproduced food before it reaches a guest", "food_waste", True),
    ("Post-Consumer Food Waste", "Food left on plates and trays after service", "food_waste", True),
    ("Edible Surplus Food", "Unserved, safe food suitable for donation", "food_waste", True),
    ("Fats, Oils & Grease", "Used cooking oil and grease-trap waste (FOG)", "fats_oils_grease", True),
    ("Cardboard (OCC)", "Old corrugated containers", "corrugated_containers", True),
    ("Mixed Recyclables", "Commingled bottles, cans, paper and plastics", "mixed_recyclables", False),
    ("Green Waste", "Yard trimmings, flowers and landscaping waste", "yard_trimmings", True),
    ("Compostable Packaging", "Certified compostable cups, containers and cutlery", "mixed_organics", False),
    ("General Trash", "Mixed solid waste bound for disposal", "mixed_msw", False),
]

# (name, description, is_diversion, management_path), in EPA food recovery hierarchy order.
DESTINATION_TYPES: list[tuple[str, str, bool, str]] = [
    ("Food Donation", "Edible food recovered for people (food banks, pantries, shelters)", True, "donation"),
    ("Animal Feed", "Food scraps sent to farms or feed processors", True, "animal_feed"),
    ("Rendering", "Fats, oils, grease and meat by-products made into industrial products", True, "rendering"),
    ("Anaerobic Digestion", "Organics digested into biogas and digestate", True, "anaerobic_digestion"),
    ("Compost", "Organics composted into a soil amendment", True, "compost"),
    ("Recycling", "Cardboard, containers and other recyclables sent to a materials recovery facility", True,
     "recycling"),
    ("Landfill", "Disposal in a landfill", False, "landfill"),
    ("Incineration/Waste-to-Energy", "Disposal by combustion, with or without energy recovery", False, "combustion"),
]

# (name, description, capacity_gallons, tare_weight_lbs)
CONTAINER_TYPES: list[tuple[str, str, str, str]] = [
    ("Plastic Bucket", "5-gallon HDPE pail", "5", "1.5"),
    ("Bus Tub", "Standard plastic bus tub (about 4.5 gallons)", "4.5", "2.0"),
    ("Brute 10 (10gal)", "Rubbermaid Brute 10-gallon container", "10", "3.5"),
    ("Slim Jim 16 (16gal)", "Rubbermaid Slim Jim 16-gallon container", "16", "4.2"),
    ("Brute 20 (20gal)", "Rubbermaid Brute 20-gallon container", "20", "6.4"),
    ("Slim Jim 23 (23gal)", "Rubbermaid Slim Jim 23-gallon container", "23", "7.8"),
    ("Brute 32 (32gal)", "Rubbermaid Brute 32-gallon container", "32", "8.0"),
    ("Brute 44 (44gal)", "Rubbermaid Brute 44-gallon container", "44", "12.0"),
    ("64-Gallon Cart", "Two-wheeled 64-gallon collection cart", "64", "27.5"),
    # The operator enters the tare on the ticket; 0 here means "not fixed".
    (CUSTOM_CONTAINER, "Any other container: enter its tare weight on the ticket", "0", "0"),
]

# (name, description, co2_factor in MTCO2e avoided per short ton versus landfill)
DIVERSION_METHODS: list[tuple[str, str, D]] = [
    ("Food Donation", "Feeding people; no end-of-life emissions for the generator (Hub: landfill 0.68 - 0)",
     FOOD_WASTE_LANDFILLED),
    ("Animal Feed", "Feeding animals; no end-of-life emissions for the generator (Hub: landfill 0.68 - 0)",
     FOOD_WASTE_LANDFILLED),
    # Dry digestate with curing, as the warehouse's emission_factors seed applies to food waste.
    ("Anaerobic Digestion", "Digestion of food waste (Hub: landfill 0.68 - digestion 0.14)",
     FOOD_WASTE_LANDFILLED - D("0.14")),
    ("Composting", "Composting of food waste (Hub: landfill 0.68 - compost 0.11)", FOOD_WASTE_LANDFILLED - D("0.11")),
    ("Rendering", "No EPA Hub factor for rendering; enter your renderer's figure", D(0)),
]

# (name, description, conversion_factor = Hub Table 9 landfilled factor, MTCO2e per short ton)
WASTE_SUBTYPES: list[tuple[str, str, str]] = [
    ("Mixed Food Waste", "Food waste of mixed composition", "0.68"),
    ("Non-Meat Food Waste", "Food waste without meat", "0.67"),
    ("Meat Food Waste", "Food waste containing meat", "0.69"),
    ("Fruits & Vegetables", "Produce trimmings and spoiled produce", "0.28"),
    ("Grains", "Rice, pasta, cereals and other grains", "2.06"),
    ("Bread", "Bread and baked goods", "1.49"),
    ("Mixed Organics", "Food and yard waste together", "0.54"),
]

# (name, description, version, calculation_method); factors stay at the spec's neutral 1.
CARBON_METHODOLOGIES: list[tuple[str, str, str, str]] = [
    ("EPA GHG Emission Factors Hub", "EPA Center for Corporate Climate Leadership, Scope 3 waste factors (Table 9)",
     "2023", "EPA_2023"),
    ("IPCC AR6", "IPCC Sixth Assessment Report 100-year GWPs (CH4 non-fossil 27)", "AR6", "IPCC_AR6"),
    ("GHG Protocol Scope 3", "GHG Protocol Corporate Value Chain (Scope 3) Standard, category 5", "2011",
     "GHG_PROTOCOL"),
    ("CARB Organics Diversion", "California Air Resources Board method for organics diverted from landfill",
     "2023", "CARB_2023"),
]


def _rows(company_id: uuid.UUID, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {"id": uuid.uuid4(), "company_id": company_id, "is_active": True, "is_system_standard": True,
         "sort_order": position, **item}
        for position, item in enumerate(items, start=1)
    ]


def standard_items() -> dict[type, list[dict[str, Any]]]:
    """Every list's system-standard items, in their starting order."""
    return {
        WasteType: [
            {"name": n, "description": d, "material_category": c, "is_organic": organic, "unit_of_measure": "lbs",
             "default_pricing_unit": "lb", "default_price_per_unit": None}
            for n, d, c, organic in WASTE_TYPES
        ],
        DestinationType: [
            {"name": n, "description": d, "is_diversion": div, "management_path": p}
            for n, d, div, p in DESTINATION_TYPES
        ],
        ContainerType: [
            {"name": n, "description": d, "capacity_gallons": D(cap), "tare_weight_lbs": D(tare)}
            for n, d, cap, tare in CONTAINER_TYPES
        ],
        DiversionMethod: [{"name": n, "description": d, "co2_factor": f} for n, d, f in DIVERSION_METHODS],
        WasteSubtype: [{"name": n, "description": d, "conversion_factor": D(f)} for n, d, f in WASTE_SUBTYPES],
        CarbonMethodology: [
            {"name": n, "description": d, "version": v, "calculation_method": m, "co2_factor": D(1),
             "conversion_factor": D(1)}
            for n, d, v, m in CARBON_METHODOLOGIES
        ],
    }


async def seed_company_lists(db: AsyncSession, company_id: uuid.UUID) -> None:
    """Copy the system-standard items into the company's own lists: one bulk insert per list."""
    for model, items in standard_items().items():
        await db.execute(insert(model), _rows(company_id, items))
