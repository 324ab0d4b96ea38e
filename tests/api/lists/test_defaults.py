"""Each new company starts with its own copy of the researched system-standard items."""
from __future__ import annotations

from decimal import Decimal

from api.lists.defaults import CONTAINER_TYPES

PICKER_TARES = {Decimal(t) for t in ("1.5", "2.0", "3.5", "4.2", "6.4", "7.8", "8.0", "12.0", "27.5")}


async def _get(client, tenant, path: str, key: str) -> list[dict]:
    res = await client.get(f"/api/{path}", headers=tenant.headers("admin"))
    assert res.status_code == 200, res.text
    return res.json()[key]


class TestSeededDefaults:
    async def test_new_company_has_the_contract_names(self, client, factory):
        tenant = await factory.tenant()
        waste = {w["name"]: w for w in await _get(client, tenant, "waste-types", "waste_types")}
        containers = {c["name"]: c for c in await _get(client, tenant, "container-types", "container_types")}
        destinations = {d["name"]: d for d in await _get(client, tenant, "destination-types", "destination_types")}
        methods = await _get(client, tenant, "carbon-methodologies", "carbon_methodologies")

        assert {"Food Scraps", "Food Waste"} <= waste.keys()
        assert waste["Food Scraps"]["material_category"] == "food_waste"
        assert "Plastic Bucket" in containers
        assert Decimal(containers["Slim Jim 23 (23gal)"]["tare_weight_lbs"]) == Decimal("7.8")
        assert "Custom Container" in containers
        assert destinations["Compost"]["is_diversion"] is True
        assert destinations["Compost"]["management_path"] == "compost"
        assert destinations["Landfill"]["is_diversion"] is False
        assert destinations["Landfill"]["management_path"] == "landfill"
        assert "EPA_2023" in {m["calculation_method"] for m in methods}

    async def test_every_seeded_item_is_system_standard_active_and_numbered_from_one(self, client, factory):
        tenant = await factory.tenant()
        for path, key in (("waste-types", "waste_types"), ("destination-types", "destination_types"),
                          ("container-types", "container_types"), ("diversion-methods", "diversion_methods"),
                          ("waste-subtypes", "waste_subtypes"), ("carbon-methodologies", "carbon_methodologies")):
            items = await _get(client, tenant, path, key)
            assert items, path
            assert [i["sort_order"] for i in items] == list(range(1, len(items) + 1)), path
            assert all(i["is_system_standard"] and i["is_active"] for i in items), path

    async def test_container_tares_are_the_picker_values(self, client, factory):
        tenant = await factory.tenant()
        containers = await _get(client, tenant, "container-types", "container_types")
        tares = {Decimal(c["tare_weight_lbs"]) for c in containers if c["name"] != "Custom Container"}
        assert tares == PICKER_TARES
        assert len(CONTAINER_TYPES) == len(containers)

    async def test_incineration_and_landfill_are_the_only_non_diversion_destinations(self, client, factory):
        tenant = await factory.tenant()
        destinations = await _get(client, tenant, "destination-types", "destination_types")
        disposal = {d["management_path"] for d in destinations if not d["is_diversion"]}
        assert disposal == {"landfill", "combustion"}

    async def test_composting_avoids_the_hub_landfill_minus_compost_difference(self, client, factory):
        tenant = await factory.tenant()
        methods = {m["name"]: m for m in await _get(client, tenant, "diversion-methods", "diversion_methods")}
        assert Decimal(methods["Composting"]["co2_factor"]) == Decimal("0.57")

    async def test_each_company_owns_a_separate_copy(self, client, factory, owner_sql):
        a = await factory.tenant()
        b = await factory.tenant()
        a_ids = {w["id"] for w in await _get(client, a, "waste-types", "waste_types")}
        b_ids = {w["id"] for w in await _get(client, b, "waste-types", "waste_types")}
        assert a_ids and b_ids and not a_ids & b_ids
        rows = owner_sql("select count(*) from waste_types where company_id = %s", (a.company_id,))
        assert rows[0][0] == len(a_ids)


class TestFactorsAgreeWithTheWarehouse:
    def test_diversion_method_factors_are_landfill_minus_path_of_the_warehouse_seed(self):
        import csv
        from pathlib import Path

        from api.lists.defaults import DIVERSION_METHODS

        seed = Path(__file__).resolve().parents[3] / "dbt" / "seeds" / "emission_factors.csv"
        with seed.open(encoding="utf-8") as f:
            food = {r["management_path"]: Decimal(r["mtco2e_per_short_ton"]) for r in csv.DictReader(f)
                    if r["material"] == "food_waste"}
        paths = {"Composting": "compost", "Anaerobic Digestion": "anaerobic_digestion", "Food Donation": "donation"}
        factors = {name: factor for name, _, factor in DIVERSION_METHODS}
        for name, path in paths.items():
            assert factors[name] == food["landfill"] - food[path], name
