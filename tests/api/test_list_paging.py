"""Lists never stop short (issue 30): the list APIs that used to answer everything at once page
with limit and offset and count the whole filtered set, keep their filters across pages, stay in
the caller's company, and still answer the whole list to a caller that asks for no page (pickers)."""
from __future__ import annotations

import pytest

from tests.api.inbound.helpers import add_customer, inbound_tenant


@pytest.fixture(scope="module")
async def world(app):
    import httpx

    from tests.factories import Factory

    factory = Factory()
    a, b = await inbound_tenant(factory), await inbound_tenant(factory)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as client:
        for i in range(7):  # 5 payees (Grocer 0..4) and 2 haulers (Hauler 5, 6), created out of order
            await add_customer(client, a, f"{'Grocer' if i < 5 else 'Hauler'} {i}", is_hauler=i >= 5,
                               email=f"buyer{i}@market.test")
        await add_customer(client, b, "Grocer of company B")
        for name in ("Delta Compost", "alpha Roll-Off", "Charlie Landfill", "Bravo Rendering", "Echo Digestion"):
            r = await client.post("/api/disposal-partners", json={"name": name, "permit_number": f"P-{name[:2]}"},
                                  headers=a.headers())
            assert r.status_code == 201, r.text
        r = await client.post("/api/disposal-partners", json={"name": "Alpha of company B"}, headers=b.headers())
        assert r.status_code == 201, r.text
    return {"a": a, "b": b}


async def get(client, path, tenant, **params) -> dict:
    r = await client.get(path, params=params, headers=tenant.headers())
    assert r.status_code == 200, r.text
    return r.json()


async def test_customers_page_with_the_search_and_type_kept(client, world):
    a = world["a"]
    whole = await get(client, "/api/inbound/customers", a)  # the pickers' call: every customer, by name
    names = [c["customer_name"] for c in whole["customers"]]
    assert names == [f"Grocer {i}" for i in range(5)] + ["Hauler 5", "Hauler 6"]
    assert (whole["total"], whole["matching"], whole["payees"], whole["haulers"]) == (7, 7, 5, 2)
    pages = [await get(client, "/api/inbound/customers", a, limit=3, offset=o) for o in (0, 3, 6)]
    assert [c["customer_name"] for p in pages for c in p["customers"]] == names
    assert {(p["matching"], p["total"]) for p in pages} == {(7, 7)}
    # The type and the search narrow the set and its count; the cards still count the whole list.
    payees = await get(client, "/api/inbound/customers", a, customer_type="payee", limit=2, offset=2)
    assert [c["customer_name"] for c in payees["customers"]] == ["Grocer 2", "Grocer 3"]
    assert (payees["matching"], payees["total"]) == (5, 7)
    found = await get(client, "/api/inbound/customers", a, search="buyer6@", limit=50)
    assert [c["customer_name"] for c in found["customers"]] == ["Hauler 6"] and found["matching"] == 1
    past = await get(client, "/api/inbound/customers", a, limit=50, offset=700)
    assert past["customers"] == [] and past["matching"] == 7
    # Company B sees its own one customer, whatever it asks.
    other = await get(client, "/api/inbound/customers", world["b"], search="Grocer", limit=50)
    assert [c["customer_name"] for c in other["customers"]] == ["Grocer of company B"]
    assert (other["matching"], other["total"]) == (1, 1)
    for bad in ({"limit": 0}, {"limit": 1001}, {"offset": -1}):
        r = await client.get("/api/inbound/customers", params=bad, headers=a.headers())
        assert r.status_code == 422 and next(iter(bad)) in r.text


async def test_disposal_partners_page_with_the_search_kept(client, world):
    a = world["a"]
    whole = await get(client, "/api/disposal-partners", a)  # the Type 2 form's picker: all of them
    names = [p["name"] for p in whole["disposal_partners"]]
    assert names == ["alpha Roll-Off", "Bravo Rendering", "Charlie Landfill", "Delta Compost", "Echo Digestion"]
    assert whole["total"] == 5
    pages = [await get(client, "/api/disposal-partners", a, limit=2, offset=o) for o in (0, 2, 4)]
    assert [p["name"] for page in pages for p in page["disposal_partners"]] == names
    assert {page["total"] for page in pages} == {5}
    found = await get(client, "/api/disposal-partners", a, search="p-ch", limit=10)  # the permit number
    assert [p["name"] for p in found["disposal_partners"]] == ["Charlie Landfill"] and found["total"] == 1
    found = await get(client, "/api/disposal-partners", a, search="o", limit=1, offset=1)  # all but Charlie
    assert [p["name"] for p in found["disposal_partners"]] == ["Bravo Rendering"] and found["total"] == 4
    other = await get(client, "/api/disposal-partners", world["b"], search="alpha", limit=10)
    assert [p["name"] for p in other["disposal_partners"]] == ["Alpha of company B"] and other["total"] == 1
    r = await client.get("/api/disposal-partners", params={"limit": 0}, headers=a.headers())
    assert r.status_code == 422 and "limit" in r.text


async def test_the_tenant_list_pages_with_its_search_and_status_kept(client, factory, owner_sql):
    import uuid

    tag = uuid.uuid4().hex[:8]
    made = [await factory.tenant(stores=1, name=f"Paging {tag} {n}") for n in range(5)]
    owner_sql("update companies set subscription_status='suspended' where id in (%s, %s)",
              (made[1].company_id, made[3].company_id))
    _root, token = await factory.system_admin()
    root = {"Authorization": f"Bearer {token}"}

    async def names(**params) -> tuple[list[str], int]:
        r = await client.get("/api/admin/companies", params=params, headers=root)
        assert r.status_code == 200, r.text
        return [c["name"] for c in r.json()["companies"]], r.json()["total"]

    assert await names(search=tag.upper(), limit=2) == ([f"Paging {tag} 0", f"Paging {tag} 1"], 5)
    assert await names(search=tag, limit=2, offset=4) == ([f"Paging {tag} 4"], 5)
    assert await names(search=tag, status="suspended", limit=1, offset=1) == ([f"Paging {tag} 3"], 2)
    r = await client.get("/api/admin/companies", params={"status": "sleeping"}, headers=root)
    assert r.status_code == 422 and "status" in r.text
    # A company's own admin is not the platform's: 403, whatever the filters.
    r = await client.get("/api/admin/companies", params={"search": tag}, headers=made[0].headers())
    assert r.status_code == 403


async def test_customer_alerts_page_newest_first(client, factory):
    """The platform's Customer Alerts: 10 a page by default (the dashboard's), limit and offset, a
    total. Suspending and reactivating a company writes two alerts, the newest first."""
    t = await factory.tenant(stores=1)
    _root, token = await factory.system_admin()
    root = {"Authorization": f"Bearer {token}"}
    for status in ("suspended", "active"):
        r = await client.put(f"/api/admin/companies/{t.company_id}/status", json={"subscription_status": status},
                             headers=root)
        assert r.status_code == 200, r.text
    first = (await client.get("/api/alerts", headers=root)).json()
    assert first["total"] >= 2 and len(first["alerts"]) == min(10, first["total"])
    mine = [a["alert_type"] for a in first["alerts"] if a["company_id"] == str(t.company_id)]
    assert mine == ["company_reactivated", "company_suspended"]
    two = [(await client.get("/api/alerts", params={"limit": 1, "offset": n}, headers=root)).json()["alerts"][0]["id"]
           for n in (0, 1)]
    assert two == [a["id"] for a in first["alerts"][:2]]
    last = (await client.get("/api/alerts", params={"limit": 5, "offset": first["total"]}, headers=root)).json()
    assert last["alerts"] == [] or last["total"] > first["total"]  # past the end (unless others alerted since)
    r = await client.get("/api/alerts", headers=t.headers())
    assert r.status_code == 403
