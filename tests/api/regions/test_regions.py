"""Regions: enterprise only, names unique per company, no delete while locations use one."""
from __future__ import annotations


class TestRegions:
    async def test_enterprise_admin_adds_and_lists_regions_with_location_counts(self, client, factory, owner_sql):
        t = await factory.tenant(plan="enterprise", stores=2)
        r = await client.post("/api/regions", json={"name": "  North Bay ", "description": "Marin and Sonoma"},
                              headers=t.headers())
        assert r.status_code == 201 and r.json()["name"] == "North Bay"
        owner_sql("update stores set region_id = %s where id = %s", (r.json()["id"], t.stores[0].id))
        listed = (await client.get("/api/regions", headers=t.headers())).json()["regions"]
        assert [(x["name"], x["store_count"], x["user_count"]) for x in listed] == [("North Bay", 1, 0)]

    async def test_user_count_is_the_active_users_assigned_to_the_regions_locations(self, client, factory,
                                                                                   owner_sql):
        t = await factory.tenant(plan="enterprise", stores=2)
        west = (await client.post("/api/regions", json={"name": "West"}, headers=t.headers())).json()["id"]
        bay = (await client.post("/api/regions", json={"name": "Bay", "parent_id": west},
                                 headers=t.headers())).json()["id"]
        owner_sql("update stores set region_id = %s, subregion_id = %s where id = %s", (west, bay, t.stores[0].id))
        for n, active in ((1, True), (2, True), (3, False)):
            r = await client.post("/api/users", headers=t.headers(), json={
                "email": f"w{n}@example.com", "password": "secret-1", "first_name": "W", "last_name": str(n),
                "assigned_location_id": str(t.stores[0].id)})
            assert r.status_code == 201, r.text
            if not active:
                await client.put(f"/api/users/{r.json()['id']}", json={"is_active": False}, headers=t.headers())
        listed = {x["name"]: (x["store_count"], x["user_count"])
                  for x in (await client.get("/api/regions", headers=t.headers())).json()["regions"]}
        assert listed == {"West": (1, 2), "Bay": (1, 2)}

    async def test_region_name_is_required_and_unique(self, client, factory):
        t = await factory.tenant(plan="enterprise")
        r = await client.post("/api/regions", json={"name": " "}, headers=t.headers())
        assert r.status_code == 422 and r.json()["detail"] == "Region name is required"
        await client.post("/api/regions", json={"name": "South"}, headers=t.headers())
        assert (await client.post("/api/regions", json={"name": "south"}, headers=t.headers())).status_code == 409

    async def test_regions_are_an_enterprise_feature(self, client, factory):
        t = await factory.tenant(plan="pro")
        r = await client.get("/api/regions", headers=t.headers())
        assert r.status_code == 403 and r.json()["detail"] == "Regions are an Enterprise feature"

    async def test_edit_renames_and_sets_a_parent_of_the_same_company(self, client, factory):
        t = await factory.tenant(plan="enterprise")
        other = await factory.tenant(plan="enterprise")
        west = (await client.post("/api/regions", json={"name": "West"}, headers=t.headers())).json()["id"]
        bay = (await client.post("/api/regions", json={"name": "Bay"}, headers=t.headers())).json()["id"]
        foreign = (await client.post("/api/regions", json={"name": "X"}, headers=other.headers())).json()["id"]
        r = await client.put(f"/api/regions/{bay}", json={"name": "Bay Area", "parent_id": west}, headers=t.headers())
        assert r.status_code == 200 and r.json()["parent_id"] == west and r.json()["name"] == "Bay Area"
        r = await client.put(f"/api/regions/{bay}", json={"parent_id": foreign}, headers=t.headers())
        assert r.status_code == 404
        r = await client.put(f"/api/regions/{foreign}", json={"name": "Mine"}, headers=t.headers())
        assert r.status_code == 404

    async def test_delete_is_refused_while_locations_use_the_region(self, client, factory, owner_sql):
        t = await factory.tenant(plan="enterprise", stores=1)
        rid = (await client.post("/api/regions", json={"name": "Central"}, headers=t.headers())).json()["id"]
        owner_sql("update stores set region_id = %s where id = %s", (rid, t.stores[0].id))
        r = await client.delete(f"/api/regions/{rid}", headers=t.headers())
        assert r.status_code == 409
        owner_sql("update stores set region_id = null where id = %s", (t.stores[0].id,))
        assert (await client.delete(f"/api/regions/{rid}", headers=t.headers())).status_code == 200
        assert owner_sql("select count(*) from regions where id = %s", (rid,)) == [(0,)]

    async def test_employee_cannot_manage_regions(self, client, factory):
        t = await factory.tenant(plan="enterprise")
        assert (await client.post("/api/regions", json={"name": "A"}, headers=t.headers("employee"))).status_code == 403
