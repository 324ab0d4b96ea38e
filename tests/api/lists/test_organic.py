"""Organic means organic (issue 29): every waste type says whether it is organic waste in SB 1383's
sense (14 CCR 18982(a)(46)); the system types come with the flag set, custom ones must say."""
from __future__ import annotations

from api.lists.schemas import ORGANIC_REQUIRED


async def waste_types(client, tenant) -> dict[str, dict]:
    r = await client.get("/api/waste-types", headers=tenant.headers())
    assert r.status_code == 200, r.text
    return {w["name"]: w for w in r.json()["waste_types"]}


async def test_system_waste_types_come_with_the_flag_set(client, factory):
    tenant = await factory.tenant()
    flags = {name: w["is_organic"] for name, w in (await waste_types(client, tenant)).items()}
    assert flags == {
        "Food Scraps": True, "Food Waste": True, "Pre-Consumer Food Waste": True, "Post-Consumer Food Waste": True,
        "Edible Surplus Food": True, "Fats, Oils & Grease": True, "Cardboard (OCC)": True, "Green Waste": True,
        "Mixed Recyclables": False, "Compostable Packaging": False, "General Trash": False,
    }


async def test_a_custom_waste_type_must_say_whether_it_is_organic(client, factory):
    tenant = await factory.tenant()
    r = await client.post("/api/waste-types", headers=tenant.headers(), json={"name": "Spent Grain"})
    assert r.status_code == 422 and r.json()["detail"] == ORGANIC_REQUIRED
    r = await client.post("/api/waste-types", headers=tenant.headers(), json={"name": "Spent Grain", "is_organic": None})
    assert r.status_code == 422 and r.json()["detail"] == ORGANIC_REQUIRED
    r = await client.post("/api/waste-types", headers=tenant.headers(), json={"name": "Spent Grain", "is_organic": True})
    assert r.status_code == 201 and r.json()["is_organic"] is True
    r = await client.post("/api/waste-types", headers=tenant.headers(), json={"name": "Glass", "is_organic": False})
    assert r.status_code == 201 and r.json()["is_organic"] is False


async def test_the_flag_can_be_changed_and_a_put_without_it_keeps_it(client, factory):
    tenant = await factory.tenant()
    glass = (await waste_types(client, tenant))["Compostable Packaging"]
    r = await client.put(f"/api/waste-types/{glass['id']}", headers=tenant.headers(), json={"is_organic": True})
    assert r.status_code == 200 and r.json()["is_organic"] is True
    r = await client.put(f"/api/waste-types/{glass['id']}", headers=tenant.headers(),
                         json={"description": "Fibre only", "is_organic": None})
    assert r.status_code == 200 and r.json()["is_organic"] is True
