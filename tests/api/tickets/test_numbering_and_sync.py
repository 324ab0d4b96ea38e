"""Ticket numbers under concurrency, idempotent retries and the offline batch."""
from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime

import pytest

from api.core.db import sessionmaker, set_tenant
from api.tickets.numbering import format_ticket_number, next_ticket_number
from tests.api.tickets.lists import ensure_lists
from tests.api.tickets.test_create import OUTBOUND


@pytest.fixture
async def tenant(factory):
    t = await factory.tenant(stores=1)
    await ensure_lists(t)
    return t


class TestNumbering:
    async def test_parallel_creates_get_distinct_gap_free_numbers(self, client, tenant):
        async def create(i: int):
            return await client.post("/api/tickets", json={**OUTBOUND, "gross_weight": 20 + i}, headers=tenant.headers())

        answers = await asyncio.gather(*(create(i) for i in range(24)))
        assert all(a.status_code == 201 for a in answers), [a.text for a in answers if a.status_code != 201]
        numbers = sorted(a.json()["ticket_number"] for a in answers)
        days = {n[2:10] for n in numbers}
        assert len(days) == 1
        assert [int(n[-4:]) for n in numbers] == list(range(1, 25))

    async def test_number_uses_the_company_local_day_and_direction(self, tenant):
        # 02:00 UTC on Jan 2 is still Jan 1 in Los Angeles (the default company time zone).
        at = datetime(2026, 1, 2, 2, 0, tzinfo=UTC)
        async with sessionmaker()() as db, db.begin():
            await set_tenant(db, tenant.company_id)
            first = await next_ticket_number(db, tenant.company_id, inbound=False, at=at, tz="America/Los_Angeles")
            second = await next_ticket_number(db, tenant.company_id, inbound=False, at=at, tz="America/Los_Angeles")
            inbound = await next_ticket_number(db, tenant.company_id, inbound=True, at=at, tz="America/Los_Angeles")
        assert (first, second, inbound) == ("T-20260101-0001", "T-20260101-0002", "T-I-20260101-0001")

    async def test_a_rolled_back_ticket_gives_its_number_back(self, tenant):
        at = datetime(2026, 3, 5, 18, 0, tzinfo=UTC)
        async with sessionmaker()() as db, db.begin():
            await set_tenant(db, tenant.company_id)
            await next_ticket_number(db, tenant.company_id, inbound=False, at=at, tz="UTC")
            await db.rollback()
        async with sessionmaker()() as db, db.begin():
            await set_tenant(db, tenant.company_id)
            number = await next_ticket_number(db, tenant.company_id, inbound=False, at=at, tz="UTC")
        assert number == format_ticket_number(at.date(), 1, inbound=False)

    async def test_failed_request_leaves_no_gap(self, client, tenant):
        first = (await client.post("/api/tickets", json=OUTBOUND, headers=tenant.headers())).json()["ticket_number"]
        bad = await client.post("/api/tickets", json={**OUTBOUND, "gross_weight": 1}, headers=tenant.headers())
        assert bad.status_code == 422
        second = (await client.post("/api/tickets", json=OUTBOUND, headers=tenant.headers())).json()["ticket_number"]
        assert int(second[-4:]) == int(first[-4:]) + 1


class TestIdempotency:
    async def test_same_client_id_returns_the_first_ticket(self, client, tenant, owner_sql):
        body = {**OUTBOUND, "client_id": str(uuid.uuid4())}
        first = await client.post("/api/tickets", json=body, headers=tenant.headers())
        again = await client.post("/api/tickets", json=body, headers=tenant.headers())
        assert first.status_code == 201 and again.status_code == 200
        assert again.json()["id"] == first.json()["id"]
        assert owner_sql("select count(*) from tickets where company_id=%s", (tenant.company_id,))[0][0] == 1

    async def test_idempotency_key_header_means_the_same(self, client, tenant):
        key = str(uuid.uuid4())
        first = await client.post("/api/tickets", json=OUTBOUND, headers={**tenant.headers(), "Idempotency-Key": key})
        again = await client.post("/api/tickets", json={**OUTBOUND, "client_id": key}, headers=tenant.headers())
        assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
        assert first.json()["client_id"] == key

    async def test_same_client_id_with_another_payload_is_refused(self, client, tenant):
        cid = str(uuid.uuid4())
        await client.post("/api/tickets", json={**OUTBOUND, "client_id": cid}, headers=tenant.headers())
        r = await client.post("/api/tickets", json={**OUTBOUND, "client_id": cid, "gross_weight": 99},
                              headers=tenant.headers())
        assert r.status_code == 422 and r.json()["detail"] == "This client_id was already used for a different ticket"

    async def test_parallel_retries_of_one_client_id_create_one_ticket(self, client, tenant, owner_sql):
        body = {**OUTBOUND, "client_id": str(uuid.uuid4())}
        answers = await asyncio.gather(*(client.post("/api/tickets", json=body, headers=tenant.headers())
                                         for _ in range(6)))
        assert sorted(a.status_code for a in answers) == [200] * 5 + [201]
        assert len({a.json()["id"] for a in answers}) == 1
        assert owner_sql("select count(*) from tickets where company_id=%s", (tenant.company_id,))[0][0] == 1
        # The losers gave their numbers back: the next ticket is number 2.
        nxt = (await client.post("/api/tickets", json=OUTBOUND, headers=tenant.headers())).json()["ticket_number"]
        assert nxt.endswith("-0002")

    async def test_client_ids_are_per_company(self, client, tenant, factory):
        other = await factory.tenant(stores=1)
        await ensure_lists(other)
        body = {**OUTBOUND, "client_id": str(uuid.uuid4())}
        a = await client.post("/api/tickets", json=body, headers=tenant.headers())
        b = await client.post("/api/tickets", json=body, headers=other.headers())
        assert a.status_code == b.status_code == 201 and a.json()["id"] != b.json()["id"]

    async def test_idempotency_key_must_be_a_uuid(self, client, tenant):
        r = await client.post("/api/tickets", json=OUTBOUND, headers={**tenant.headers(), "Idempotency-Key": "abc"})
        assert r.status_code == 422


class TestBatch:
    async def test_batch_creates_each_ticket_once_and_reports_per_ticket(self, client, tenant, owner_sql):
        ids = [str(uuid.uuid4()) for _ in range(3)]
        tickets = [{**OUTBOUND, "client_id": ids[0]},
                   {**OUTBOUND, "client_id": ids[1], "waste_type": "Moon Rocks"},
                   {**OUTBOUND, "client_id": ids[2], "gross_weight": 80}]
        r = await client.post("/api/tickets/batch", json={"tickets": tickets}, headers=tenant.headers("employee"))
        assert r.status_code == 200, r.text
        body = r.json()
        assert [x["status"] for x in body["results"]] == ["created", "error", "created"]
        assert body["results"][1]["detail"] == "Waste type 'Moon Rocks' was not found"
        assert body["results"][1]["status_code"] == 422
        assert (body["created"], body["errors"]) == (2, 1)
        numbers = sorted(x["ticket"]["ticket_number"] for x in body["results"] if x["ticket"])
        assert [n[-4:] for n in numbers] == ["0001", "0002"]  # the failed one took no number

        again = await client.post("/api/tickets/batch", json={"tickets": tickets}, headers=tenant.headers("employee"))
        assert [x["status"] for x in again.json()["results"]] == ["duplicate", "error", "duplicate"]
        assert owner_sql("select count(*) from tickets where company_id=%s", (tenant.company_id,))[0][0] == 2

    async def test_batch_ticket_without_client_id_is_an_error(self, client, tenant):
        r = await client.post("/api/tickets/batch", json={"tickets": [OUTBOUND]}, headers=tenant.headers())
        assert r.json()["results"][0]["status"] == "error"
        assert r.json()["results"][0]["detail"] == "client_id is required for batch sync"

    async def test_batch_offline_tickets_keep_their_weighing_time(self, client, tenant):
        at = "2026-06-01T17:30:00+00:00"
        r = await client.post("/api/tickets/batch", json={"tickets": [
            {**OUTBOUND, "client_id": str(uuid.uuid4()), "ticket_at": at}]}, headers=tenant.headers())
        t = r.json()["results"][0]["ticket"]
        assert t["ticket_number"].startswith("T-20260601-") and t["ticket_at"].startswith("2026-06-01T17:30")
