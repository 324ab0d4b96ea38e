"""Reordering renumbers 1..n in one transaction; deleting never loses ticket history."""
from __future__ import annotations

import asyncio
import uuid

from sqlalchemy import select

from api.core.db import sessionmaker, set_tenant
from api.tables.stores import Store
from api.tables.tickets import Ticket


async def _items(client, tenant, path: str, key: str) -> list[dict]:
    res = await client.get(f"/api/{path}", headers=tenant.headers("admin"))
    assert res.status_code == 200, res.text
    return res.json()[key]


def _payload(items: list[dict]) -> dict:
    return {"items": [{"id": item["id"], "sort_order": n} for n, item in enumerate(items, start=1)]}


class TestReorder:
    async def test_reorder_renumbers_from_one_and_feeds_the_dropdown(self, client, factory):
        tenant = await factory.tenant()
        items = await _items(client, tenant, "container-types", "container_types")
        wanted = list(reversed(items))
        res = await client.put("/api/container-types/reorder", headers=tenant.headers(), json=_payload(wanted))
        assert res.status_code == 200, res.text
        assert [i["id"] for i in res.json()["container_types"]] == [i["id"] for i in wanted]
        dropdown = await client.get("/api/container-types?active_only=true", headers=tenant.headers("employee"))
        listed = dropdown.json()["container_types"]
        assert [i["id"] for i in listed] == [i["id"] for i in wanted]
        assert [i["sort_order"] for i in listed] == list(range(1, len(wanted) + 1))

    async def test_items_left_out_keep_their_order_after_the_listed_ones(self, client, factory):
        tenant = await factory.tenant()
        items = await _items(client, tenant, "waste-subtypes", "waste_subtypes")
        last = items[-1]
        res = await client.put("/api/waste-subtypes/reorder", headers=tenant.headers(),
                               json={"items": [{"id": last["id"], "sort_order": 1}]})
        assert res.status_code == 200, res.text
        ids = [i["id"] for i in res.json()["waste_subtypes"]]
        assert ids == [last["id"]] + [i["id"] for i in items[:-1]]

    async def test_another_company_id_is_refused_and_nothing_changes(self, client, factory, owner_sql):
        a = await factory.tenant()
        b = await factory.tenant()
        mine = await _items(client, a, "destination-types", "destination_types")
        theirs = await _items(client, b, "destination-types", "destination_types")
        payload = _payload(list(reversed(mine)) + [theirs[0]])
        res = await client.put("/api/destination-types/reorder", headers=a.headers(), json=payload)
        assert res.status_code == 404
        assert res.json()["detail"] == "Destination type not found"
        after = await _items(client, a, "destination-types", "destination_types")
        assert [i["id"] for i in after] == [i["id"] for i in mine]
        rows = owner_sql("select sort_order from destination_types where id = %s", (theirs[0]["id"],))
        assert rows == [(theirs[0]["sort_order"],)]

    async def test_an_id_listed_twice_is_refused(self, client, factory):
        tenant = await factory.tenant()
        items = await _items(client, tenant, "diversion-methods", "diversion_methods")
        payload = {"items": [{"id": items[0]["id"], "sort_order": 1}, {"id": items[0]["id"], "sort_order": 2}]}
        res = await client.put("/api/diversion-methods/reorder", headers=tenant.headers(), json=payload)
        assert res.status_code == 422

    async def test_concurrent_reorders_end_in_one_consistent_numbering(self, client, factory):
        tenant = await factory.tenant()
        items = await _items(client, tenant, "waste-types", "waste_types")
        orders = [list(reversed(items)), items[1:] + items[:1], items[2:] + items[:2], list(items)]
        results = await asyncio.gather(*[
            client.put("/api/waste-types/reorder", headers=tenant.headers(), json=_payload(order))
            for order in orders
        ])
        assert all(r.status_code == 200 for r in results), [r.text for r in results]
        after = await _items(client, tenant, "waste-types", "waste_types")
        assert [i["sort_order"] for i in after] == list(range(1, len(items) + 1))
        assert [i["id"] for i in after] in [[i["id"] for i in order] for order in orders]

    async def test_carbon_methodologies_reorder_too(self, client, factory):
        tenant = await factory.tenant()
        items = await _items(client, tenant, "carbon-methodologies", "carbon_methodologies")
        wanted = items[1:] + items[:1]
        res = await client.put("/api/carbon-methodologies/reorder", headers=tenant.headers(), json=_payload(wanted))
        assert [i["name"] for i in res.json()["carbon_methodologies"]] == [i["name"] for i in wanted]


async def _ticket_using(company_id: uuid.UUID, **refs) -> None:
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, company_id)
        store_id = await db.scalar(select(Store.id).limit(1))
        db.add(Ticket(ticket_number=f"T-20261122-{uuid.uuid4().int % 10000:04d}", status="completed",
                      store_id=store_id, **refs))
        await db.flush()


class TestDelete:
    async def test_unused_custom_item_is_deleted(self, client, factory, owner_sql):
        tenant = await factory.tenant()
        created = (await client.post("/api/waste-types", headers=tenant.headers(), json={"name": "Spent Grain", "is_organic": True})).json()
        res = await client.delete(f"/api/waste-types/{created['id']}", headers=tenant.headers())
        assert res.status_code == 200
        assert res.json()["outcome"] == "deleted"
        assert owner_sql("select count(*) from waste_types where id = %s", (created["id"],)) == [(0,)]

    async def test_item_used_by_a_ticket_is_deactivated_not_deleted(self, client, factory, owner_sql):
        tenant = await factory.tenant()
        created = (await client.post("/api/container-types", headers=tenant.headers(),
                                     json={"name": "Cambro 22qt", "capacity_gallons": "5.5",
                                           "tare_weight_lbs": "3.5"})).json()
        await _ticket_using(tenant.company_id, container_type_id=uuid.UUID(created["id"]),
                            container_name="Cambro 22qt")
        res = await client.delete(f"/api/container-types/{created['id']}", headers=tenant.headers())
        assert res.status_code == 200
        assert res.json()["outcome"] == "deactivated"
        assert owner_sql("select is_active from container_types where id = %s", (created["id"],)) == [(False,)]
        refs = owner_sql("select count(*) from tickets where container_type_id = %s", (created["id"],))
        assert refs == [(1,)]

    async def test_system_item_is_never_deleted(self, client, factory, owner_sql):
        tenant = await factory.tenant()
        landfill = next(d for d in await _items(client, tenant, "destination-types", "destination_types")
                        if d["name"] == "Landfill")
        res = await client.delete(f"/api/destination-types/{landfill['id']}", headers=tenant.headers())
        assert res.json()["outcome"] == "deactivated"
        assert owner_sql("select is_active from destination_types where id = %s", (landfill["id"],)) == [(False,)]

    async def test_another_company_item_cannot_be_deleted(self, client, factory, owner_sql):
        a = await factory.tenant()
        b = await factory.tenant()
        created = (await client.post("/api/waste-subtypes", headers=b.headers(), json={"name": "Dairy"})).json()
        res = await client.delete(f"/api/waste-subtypes/{created['id']}", headers=a.headers())
        assert res.status_code == 404
        assert owner_sql("select count(*) from waste_subtypes where id = %s", (created["id"],)) == [(1,)]
