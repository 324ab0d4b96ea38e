"""The hot paths stay lean: the number of SQL statements does not grow with line items or batch size."""
from __future__ import annotations

import uuid
from contextlib import contextmanager

import pytest
from sqlalchemy import event

from api.core.db import get_engine
from tests.api.tickets.lists import ensure_lists
from tests.api.tickets.test_create import OUTBOUND


@contextmanager
def counting_statements():
    seen: list[str] = []

    def _count(_conn, _cursor, statement, *_args):
        seen.append(statement)

    engine = get_engine().sync_engine
    event.listen(engine, "before_cursor_execute", _count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", _count)


@pytest.fixture
async def tenant(factory):
    t = await factory.tenant(stores=1)
    await ensure_lists(t)
    return t


def lines(n: int) -> list[dict]:
    kinds = ["Food Waste", "Food Scraps", "Priced Cardboard"]
    return [{"waste_type": kinds[i % 3], "quantity": 10 + i, "unit": "lbs"} for i in range(n)]


class TestQueryCounts:
    async def test_line_items_do_not_add_queries(self, client, tenant):
        await client.post("/api/tickets", json=OUTBOUND, headers=tenant.headers())  # warm the counter row
        with counting_statements() as one:
            r = await client.post("/api/tickets", json={**OUTBOUND, "line_items": lines(1)}, headers=tenant.headers())
            assert r.status_code == 201
        with counting_statements() as twenty:
            r = await client.post("/api/tickets", json={**OUTBOUND, "line_items": lines(20)}, headers=tenant.headers())
            assert r.status_code == 201 and len(r.json()["line_items"]) == 20
        assert len(twenty) == len(one)

    async def test_batch_resolves_reference_lists_once(self, client, tenant):
        def batch(n: int) -> dict:
            return {"tickets": [{**OUTBOUND, "client_id": str(uuid.uuid4()), "line_items": lines(3)} for _ in range(n)]}

        with counting_statements() as two:
            assert (await client.post("/api/tickets/batch", json=batch(2), headers=tenant.headers())).status_code == 200
        with counting_statements() as twelve:
            r = await client.post("/api/tickets/batch", json=batch(12), headers=tenant.headers())
            assert r.json()["created"] == 12
        list_queries = [s for s in twelve if "FROM waste_types" in s or "FROM destination_types" in s
                        or "FROM container_types" in s]
        assert len(list_queries) == 3
        # Per ticket only its own writes (savepoint, client_id check, number, ticket, lines) remain.
        per_ticket = (len(twelve) - len(two)) / 10
        assert per_ticket <= 8
