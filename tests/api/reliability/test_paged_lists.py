"""GET /api/users, /api/stores and /api/admin/companies are paged like GET /api/invoices: `limit`
(default 500, at most 1000) from `offset`, with `total` counting every row, not just the page."""
from __future__ import annotations


async def test_users_come_in_pages_and_the_counts_cover_them_all(client, factory):
    t = await factory.tenant(stores=1)
    whole = (await client.get("/api/users", headers=t.headers())).json()
    assert whole["total"] == len(whole["users"]) == 2
    pages = [(await client.get("/api/users", params={"limit": 1, "offset": n}, headers=t.headers())).json()
             for n in (0, 1, 2)]
    assert [len(p["users"]) for p in pages] == [1, 1, 0]
    assert [p["users"][0]["id"] for p in pages[:2]] == [u["id"] for u in whole["users"]]
    assert all(p["total"] == 2 and p["active_users"] == whole["active_users"] == 2 for p in pages)


async def test_stores_come_in_pages_for_an_admin_and_an_employee(client, factory):
    t = await factory.tenant(stores=3)
    whole = (await client.get("/api/stores", headers=t.headers())).json()
    assert whole["total"] == 3 and [s["name"] for s in whole["stores"]] == sorted(s["name"] for s in whole["stores"])
    first = (await client.get("/api/stores", params={"limit": 2}, headers=t.headers())).json()
    rest = (await client.get("/api/stores", params={"limit": 2, "offset": 2}, headers=t.headers())).json()
    assert first["total"] == rest["total"] == 3
    assert [s["id"] for s in first["stores"] + rest["stores"]] == [s["id"] for s in whole["stores"]]
    mine = (await client.get("/api/stores", params={"limit": 1}, headers=t.headers("employee"))).json()
    assert mine["total"] == 3 and len(mine["stores"]) == 1  # an unassigned employee sees the active ones


async def test_companies_come_in_pages_for_the_platform_admin(client, factory):
    for _ in range(3):
        await factory.tenant(stores=1)
    _root, token = await factory.system_admin()
    root = {"Authorization": f"Bearer {token}"}
    whole = (await client.get("/api/admin/companies", params={"limit": 1000}, headers=root)).json()
    assert whole["total"] == len(whole["companies"]) >= 3
    pages = [(await client.get("/api/admin/companies", params={"limit": 2, "offset": n}, headers=root)).json()
             for n in range(0, whole["total"], 2)]
    assert all(p["total"] == whole["total"] and len(p["companies"]) <= 2 for p in pages)
    assert [c["id"] for p in pages for c in p["companies"]] == [c["id"] for c in whole["companies"]]
