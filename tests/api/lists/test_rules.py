"""Validation, uniqueness, system-standard names, roles and plan gate of the six lists."""
from __future__ import annotations

import uuid

import pytest


async def _items(client, tenant, path: str, key: str, who: str = "admin") -> list[dict]:
    res = await client.get(f"/api/{path}", headers=tenant.headers(who))
    assert res.status_code == 200, res.text
    return res.json()[key]


async def _by_name(client, tenant, path, key, name) -> dict:
    return next(i for i in await _items(client, tenant, path, key) if i["name"] == name)


class TestCreate:
    async def test_new_item_goes_to_the_end_as_custom(self, client, factory):
        tenant = await factory.tenant()
        before = await _items(client, tenant, "waste-types", "waste_types")
        res = await client.post("/api/waste-types", headers=tenant.headers(),
                                json={"name": "  Coffee Grounds ", "default_price_per_unit": "0.05", "is_organic": True})
        assert res.status_code == 201, res.text
        body = res.json()
        assert body["name"] == "Coffee Grounds"
        assert body["sort_order"] == len(before) + 1
        assert body["is_system_standard"] is False
        assert body["unit_of_measure"] == "lbs" and body["default_pricing_unit"] == "lb"

    @pytest.mark.parametrize("name", ["", "   ", None])
    async def test_name_is_required(self, client, factory, name):
        tenant = await factory.tenant()
        payload = {} if name is None else {"name": name}
        res = await client.post("/api/destination-types", headers=tenant.headers(), json=payload)
        assert res.status_code == 422
        assert res.json()["detail"] == "Name is required"

    async def test_names_are_unique_per_company_ignoring_case(self, client, factory):
        tenant = await factory.tenant()
        res = await client.post("/api/destination-types", headers=tenant.headers(), json={"name": "compost"})
        assert res.status_code == 409
        assert "already exists" in res.json()["detail"]

    async def test_another_company_may_use_the_same_name(self, client, factory):
        a = await factory.tenant()
        b = await factory.tenant()
        for tenant in (a, b):
            res = await client.post("/api/waste-subtypes", headers=tenant.headers(), json={"name": "Dairy"})
            assert res.status_code == 201, res.text

    @pytest.mark.parametrize(("payload", "message"), [
        ({"name": "Tote", "capacity_gallons": "0", "tare_weight_lbs": "1"}, "Capacity must be greater than 0"),
        ({"name": "Tote", "capacity_gallons": "-3", "tare_weight_lbs": "1"}, "Capacity must be greater than 0"),
        ({"name": "Tote", "capacity_gallons": "10", "tare_weight_lbs": "-0.1"}, "Tare weight must be 0 or greater"),
    ])
    async def test_container_capacity_and_tare_are_checked(self, client, factory, payload, message):
        tenant = await factory.tenant()
        res = await client.post("/api/container-types", headers=tenant.headers(), json=payload)
        assert res.status_code == 422
        assert res.json()["detail"] == message

    @pytest.mark.parametrize(("payload", "message"), [
        ({"name": "Oil", "is_organic": True, "unit_of_measure": ""}, "Unit of measure is required"),
        ({"name": "Oil", "is_organic": True, "default_price_per_unit": "-1"}, "Price must be 0 or greater"),
        ({"name": "Oil", "is_organic": True, "default_pricing_unit": "kg"},
         "Pricing unit must be one of lb, gallon, each, ton, yard"),
    ])
    async def test_waste_type_unit_and_price_are_checked(self, client, factory, payload, message):
        tenant = await factory.tenant()
        res = await client.post("/api/waste-types", headers=tenant.headers(), json=payload)
        assert res.status_code == 422
        assert res.json()["detail"] == message

    @pytest.mark.parametrize(("path", "payload", "message"), [
        ("diversion-methods", {"name": "X", "co2_factor": "-0.1"}, "CO2 factor must be 0 or greater"),
        ("waste-subtypes", {"name": "X", "conversion_factor": "-2"}, "Conversion factor must be 0 or greater"),
        ("carbon-methodologies", {"name": "X", "calculation_method": "WARM_16"},
         "Calculation method must be one of EPA_2023, IPCC_AR6, GHG_PROTOCOL, CARB_2023"),
    ])
    async def test_factors_and_calculation_method_are_checked(self, client, factory, path, payload, message):
        tenant = await factory.tenant()
        res = await client.post(f"/api/{path}", headers=tenant.headers(), json=payload)
        assert res.status_code == 422
        assert res.json()["detail"] == message

    async def test_carbon_methodology_gets_the_spec_defaults(self, client, factory):
        tenant = await factory.tenant()
        res = await client.post("/api/carbon-methodologies", headers=tenant.headers(), json={"name": "Internal"})
        assert res.status_code == 201, res.text
        body = res.json()
        assert (body["co2_factor"], body["conversion_factor"]) == ("1.0000", "1.0000")
        assert (body["version"], body["calculation_method"], body["is_active"]) == ("1.0", "EPA_2023", True)


class TestUpdate:
    async def test_system_standard_name_cannot_change(self, client, factory):
        tenant = await factory.tenant()
        compost = await _by_name(client, tenant, "destination-types", "destination_types", "Compost")
        res = await client.put(f"/api/destination-types/{compost['id']}", headers=tenant.headers(),
                               json={"name": "Composting", "is_diversion": True})
        assert res.status_code == 400
        assert res.json()["detail"] == "System standard names cannot be changed"

    async def test_system_standard_item_takes_other_edits_with_its_own_name(self, client, factory):
        tenant = await factory.tenant()
        bucket = await _by_name(client, tenant, "container-types", "container_types", "Plastic Bucket")
        res = await client.put(f"/api/container-types/{bucket['id']}", headers=tenant.headers(),
                               json={"name": "Plastic Bucket", "tare_weight_lbs": "1.7", "is_active": False})
        assert res.status_code == 200, res.text
        assert res.json()["tare_weight_lbs"] == "1.7" and res.json()["is_active"] is False

    async def test_toggle_sends_a_few_fields_and_keeps_the_rest(self, client, factory):
        tenant = await factory.tenant()
        created = (await client.post("/api/waste-types", headers=tenant.headers(),
                                     json={"name": "Oyster Shells", "default_price_per_unit": "0.10",
                                           "default_pricing_unit": "ton", "is_organic": False})).json()
        res = await client.put(f"/api/waste-types/{created['id']}", headers=tenant.headers(),
                               json={"name": "Oyster Shells", "description": None, "unit_of_measure": "lbs",
                                     "is_active": False})
        assert res.status_code == 200, res.text
        body = res.json()
        assert body["is_active"] is False
        assert (body["default_price_per_unit"], body["default_pricing_unit"]) == ("0.1000", "ton")

    async def test_custom_item_can_be_renamed_but_not_onto_another_name(self, client, factory):
        tenant = await factory.tenant()
        created = (await client.post("/api/waste-subtypes", headers=tenant.headers(), json={"name": "Dairy"})).json()
        ok = await client.put(f"/api/waste-subtypes/{created['id']}", headers=tenant.headers(), json={"name": "Milk"})
        assert ok.status_code == 200 and ok.json()["name"] == "Milk"
        clash = await client.put(f"/api/waste-subtypes/{created['id']}", headers=tenant.headers(),
                                 json={"name": "BREAD"})
        assert clash.status_code == 409

    async def test_capacity_must_stay_above_zero(self, client, factory):
        tenant = await factory.tenant()
        brute = await _by_name(client, tenant, "container-types", "container_types", "Brute 32 (32gal)")
        res = await client.put(f"/api/container-types/{brute['id']}", headers=tenant.headers(),
                               json={"capacity_gallons": 0})
        assert res.status_code == 422
        assert res.json()["detail"] == "Capacity must be greater than 0"

    async def test_another_company_item_is_not_found_and_unchanged(self, client, factory, owner_sql):
        a = await factory.tenant()
        b = await factory.tenant()
        theirs = await _by_name(client, b, "waste-types", "waste_types", "Green Waste")
        res = await client.put(f"/api/waste-types/{theirs['id']}", headers=a.headers(), json={"is_active": False})
        assert res.status_code == 404
        assert res.json()["detail"] == "Waste type not found"
        assert owner_sql("select is_active from waste_types where id = %s", (theirs["id"],)) == [(True,)]

    async def test_unknown_id_is_not_found(self, client, factory):
        tenant = await factory.tenant()
        res = await client.put(f"/api/carbon-methodologies/{uuid.uuid4()}", headers=tenant.headers(),
                               json={"is_active": False})
        assert res.status_code == 404
        assert res.json()["detail"] == "Carbon methodology not found"


class TestActiveOnly:
    async def test_dropdowns_get_only_active_items(self, client, factory):
        tenant = await factory.tenant()
        landfill = await _by_name(client, tenant, "destination-types", "destination_types", "Landfill")
        await client.put(f"/api/destination-types/{landfill['id']}", headers=tenant.headers(),
                         json={"is_active": False})
        res = await client.get("/api/destination-types?active_only=true", headers=tenant.headers("employee"))
        names = [d["name"] for d in res.json()["destination_types"]]
        assert "Landfill" not in names and "Compost" in names
        everything = await _items(client, tenant, "destination-types", "destination_types")
        assert "Landfill" in [d["name"] for d in everything]


class TestRoles:
    async def test_employee_reads_every_list(self, client, factory):
        tenant = await factory.tenant()
        for path in ("waste-types", "destination-types", "container-types", "diversion-methods", "waste-subtypes",
                     "carbon-methodologies", "waste-types/units-of-measure"):
            res = await client.get(f"/api/{path}", headers=tenant.headers("employee"))
            assert res.status_code == 200, path

    async def test_employee_cannot_write_any_list(self, client, factory):
        tenant = await factory.tenant()
        bucket = await _by_name(client, tenant, "container-types", "container_types", "Plastic Bucket")
        calls = [
            ("post", "/api/container-types", {"name": "Tote", "capacity_gallons": 5}),
            ("put", f"/api/container-types/{bucket['id']}", {"is_active": False}),
            ("put", "/api/container-types/reorder", {"items": [{"id": bucket["id"], "sort_order": 1}]}),
            ("delete", f"/api/container-types/{bucket['id']}", None),
        ]
        for method, url, payload in calls:
            kwargs = {"json": payload} if payload is not None else {}
            res = await client.request(method.upper(), url, headers=tenant.headers("employee"), **kwargs)
            assert res.status_code == 403, (method, url)

    async def test_units_of_measure_list_codes_and_names(self, client, factory):
        tenant = await factory.tenant()
        res = await client.get("/api/waste-types/units-of-measure", headers=tenant.headers())
        units = {u["code"]: u["display_name"] for u in res.json()["units_of_measure"]}
        assert {"lbs", "kg", "tons", "gallons", "cubic_yards", "each"} <= units.keys()

    async def test_anonymous_caller_is_refused(self, client):
        res = await client.get("/api/waste-types")
        assert res.status_code == 401


class TestPlanGate:
    async def test_core_plan_cannot_add_custom_waste_or_destination_types(self, client, factory):
        tenant = await factory.tenant(plan="core", stores=1)
        for path in ("waste-types", "destination-types"):
            res = await client.post(f"/api/{path}", headers=tenant.headers(), json={"name": "Custom thing"})
            assert res.status_code == 403
            assert res.json()["detail"].startswith("Custom waste and destination types are available")

    async def test_core_plan_still_edits_and_orders_its_standard_items(self, client, factory):
        tenant = await factory.tenant(plan="core", stores=1)
        landfill = await _by_name(client, tenant, "destination-types", "destination_types", "Landfill")
        res = await client.put(f"/api/destination-types/{landfill['id']}", headers=tenant.headers(),
                               json={"is_active": False})
        assert res.status_code == 200
        res = await client.post("/api/container-types", headers=tenant.headers(),
                                json={"name": "Sheet Pan", "capacity_gallons": "2", "tare_weight_lbs": "2.0"})
        assert res.status_code == 201

    async def test_trial_may_add_custom_types(self, client, factory):
        tenant = await factory.tenant(trial=True, stores=1)
        res = await client.post("/api/waste-types", headers=tenant.headers(),
                                json={"name": "Spent Grain", "is_organic": True})
        assert res.status_code == 201


class TestCustomContainer:
    async def test_custom_container_keeps_its_zero_capacity_through_an_edit(self, client, factory):
        tenant = await factory.tenant()
        custom = await _by_name(client, tenant, "container-types", "container_types", "Custom Container")
        res = await client.put(f"/api/container-types/{custom['id']}", headers=tenant.headers(),
                               json={"name": "Custom Container", "description": "Weigh it empty first",
                                     "capacity_gallons": 0, "tare_weight_lbs": 0, "is_active": True})
        assert res.status_code == 200, res.text
        assert res.json()["description"] == "Weigh it empty first"
