"""The set-based offline sync (api/tickets/batch.py): per-ticket answers as one-by-one sync gave,
gap-free numbers under concurrent batches, nothing written for an invalid ticket, and a number
of statements that does not grow with the batch."""
from __future__ import annotations

import asyncio
import json
import uuid

import pytest

from tests.api.tickets.lists import ensure_lists
from tests.api.tickets.test_create import OUTBOUND
from tests.api.tickets.test_query_counts import counting_statements, lines


@pytest.fixture
async def tenant(factory):
    t = await factory.tenant(stores=1)
    await ensure_lists(t)
    return t


def new(**extra) -> dict:
    return {**OUTBOUND, "client_id": str(uuid.uuid4()), **extra}


async def sync(client, tenant, tickets: list[dict]):
    r = await client.post("/api/tickets/batch", json={"tickets": tickets}, headers=tenant.headers("employee"))
    assert r.status_code == 200, r.text
    return r.json()


class TestSetBasedBatch:
    async def test_each_completed_ticket_of_the_set_based_insert_is_announced(self, client, tenant):
        from api.kit import events
        from api.tickets.events import TicketCompleted

        heard = []

        async def listen(db, event):
            heard.append((event.ticket.ticket_number, event.ticket.status, event.stocked))

        events.subscribe(TicketCompleted, listen)
        try:
            body = await sync(client, tenant, [new(), new(status="draft", gross_weight=None), new(gross_weight=70)])
        finally:
            events.unsubscribe(TicketCompleted, listen)
        completed = [x["ticket"]["ticket_number"] for x in body["results"] if x["ticket"]["status"] == "completed"]
        assert len(completed) == 2
        assert sorted(heard) == sorted((number, "completed", False) for number in completed)

    async def test_mixed_batch_answers_each_ticket_in_its_place(self, client, tenant, owner_sql):
        stored = new(gross_weight=61)
        assert (await sync(client, tenant, [stored]))["created"] == 1
        fresh = new(line_items=lines(2))
        repeat_in_batch = dict(fresh)
        tickets = [
            fresh,
            {**stored},  # replay: same client_id, same payload
            {**stored, "gross_weight": 99},  # the same client_id for another ticket
            new(destination="Nowhere"),  # invalid
            {**OUTBOUND},  # no client_id
            repeat_in_batch,  # the same ticket twice in one batch
            {**fresh, "gross_weight": 12},  # the batch's own client_id reused for another payload
            new(status="draft", gross_weight=None),
        ]
        body = await sync(client, tenant, tickets)
        results = body["results"]
        assert [x["status"] for x in results] == [
            "created", "duplicate", "error", "error", "error", "duplicate", "error", "created"]
        assert [x["status_code"] for x in results] == [201, 200, 422, 422, 422, 200, 422, 201]
        assert results[2]["detail"] == "This client_id was already used for a different ticket"
        assert results[3]["detail"] == "Destination 'Nowhere' was not found"
        assert results[4]["detail"] == "client_id is required for batch sync"
        assert results[6]["detail"] == "This client_id was already used for a different ticket"
        assert [x["client_id"] for x in results] == [t.get("client_id") for t in tickets]
        assert (body["created"], body["duplicates"], body["errors"]) == (2, 2, 4)
        assert results[5]["ticket"] == results[0]["ticket"]
        assert results[1]["ticket"]["ticket_number"].endswith("-0001")
        assert sorted(x["ticket"]["ticket_number"][-4:] for x in (results[0], results[7])) == ["0002", "0003"]
        assert [li["quantity"] for li in results[0]["ticket"]["line_items"]] == [10.0, 11.0]
        assert results[7]["ticket"]["status"] == "draft"
        count = owner_sql("select count(*) from tickets where company_id=%s", (tenant.company_id,))[0][0]
        assert count == 3

    async def test_answer_is_the_ticket_as_stored(self, client, tenant):
        body = await sync(client, tenant, [new(line_items=lines(3), gross_weight=57.81,
                                               ticket_at="2026-06-01T19:30:00+02:00", notes=" kept ")])
        ticket = body["results"][0]["ticket"]
        read = await client.get(f"/api/tickets/{ticket['id']}", headers=tenant.headers())
        assert read.status_code == 200
        assert ticket == read.json()

    async def test_answer_built_from_the_written_values_is_byte_for_byte_the_stored_ticket(self, client, tenant):
        from tests.api.payables.test_payables import TYPE2
        from tests.api.tickets.lists import set_company

        await set_company(tenant, outbound_truck_scale_enabled=True)
        truck_draft = {**TYPE2, "client_id": str(uuid.uuid4()), "status": "draft", "confidence": 0.876,
                       "vehicle_info": {"make": "Volvo", "license_plate": "8abc-123", "driver_name": "Rosa Diaz",
                                        "year": 2019, "color": "white"}}
        tickets = [truck_draft, new(line_items=lines(3), gross_weight=57.85, ticket_at="2026-06-01T19:30:00.123456-07:00",
                                    notes=" kept ")]
        body = await sync(client, tenant, tickets)
        assert [x["status"] for x in body["results"]] == ["created", "created"]
        for result in body["results"]:
            read = await client.get(f"/api/tickets/{result['ticket']['id']}", headers=tenant.headers())
            assert json.dumps(result["ticket"]) == json.dumps(read.json())
        assert list(body["results"][0]["ticket"]["vehicle_info"]) == [
            "make", "year", "color", "driver_name", "license_plate"]

    async def test_stored_rows_are_those_of_the_single_create(self, client, tenant, owner_sql):
        payload = {**OUTBOUND, "line_items": lines(2), "notes": "n", "ticket_at": "2026-05-01T08:00:00+00:00"}
        one = await client.post("/api/tickets", json={**payload, "client_id": str(uuid.uuid4())},
                                headers=tenant.headers("employee"))
        assert one.status_code == 201
        many = await sync(client, tenant, [{**payload, "client_id": str(uuid.uuid4())}])
        ids = (one.json()["id"], many["results"][0]["ticket"]["id"])
        skip = "'id', 'ticket_number', 'client_id', 'created_at', 'updated_at', 'ticket_id'"
        rows = [owner_sql(f"select to_jsonb(t) - array[{skip}] from tickets t where id = %s", (i,))[0][0]
                for i in ids]
        assert rows[0] == rows[1] and "vehicle_info" in rows[0]
        line_rows = [owner_sql(f"select jsonb_agg(to_jsonb(l) - array[{skip}] order by position) "
                               "from ticket_line_items l where ticket_id = %s", (i,))[0][0] for i in ids]
        assert line_rows[0] == line_rows[1] and len(line_rows[0]) == 2

    async def test_an_invalid_ticket_writes_nothing_and_takes_no_number(self, client, tenant, owner_sql):
        body = await sync(client, tenant, [new(line_items=lines(2)), new(line_items=[{"waste_type": "Moon Rocks",
                                                                                       "quantity": 1}]),
                                           new(line_items=lines(1))])
        assert [x["status"] for x in body["results"]] == ["created", "error", "created"]
        company = (tenant.company_id,)
        assert owner_sql("select count(*) from tickets where company_id=%s", company)[0][0] == 2
        assert owner_sql("select count(*) from ticket_line_items where company_id=%s", company)[0][0] == 3
        assert owner_sql("select sum(last_number) from ticket_counters where company_id=%s", company)[0][0] == 2

    async def test_two_concurrent_batches_share_the_numbers_without_gaps(self, client, tenant, owner_sql):
        days = ["2026-03-01T18:00:00+00:00", "2026-03-02T18:00:00+00:00"]
        batches = [[new(ticket_at=days[i % 2], gross_weight=20 + i) for i in range(30)] for _ in range(2)]
        answers = await asyncio.gather(*(sync(client, tenant, b) for b in batches))
        assert all(a["created"] == 30 for a in answers)
        numbers = [x["ticket"]["ticket_number"] for a in answers for x in a["results"]]
        assert len(set(numbers)) == 60
        for day in ("20260301", "20260302"):
            mine = sorted(int(n[-4:]) for n in numbers if n[2:10] == day)
            assert mine == list(range(1, 31))
        stored = owner_sql("select count(distinct ticket_number) from tickets where company_id=%s",
                           (tenant.company_id,))[0][0]
        assert stored == 60

    async def test_statements_do_not_grow_with_the_batch(self, client, tenant):
        await sync(client, tenant, [new()])  # warm the counter row and the caches
        with counting_statements() as two:
            await sync(client, tenant, [new(line_items=lines(2)) for _ in range(2)])
        with counting_statements() as sixty:
            body = await sync(client, tenant, [new(line_items=lines(2)) for _ in range(60)])
        assert body["created"] == 60
        assert len(sixty) == len(two)

    async def test_a_load_with_side_effects_keeps_them_beside_the_set_based_tickets(self, client, tenant, owner_sql):
        from tests.api.payables.test_payables import PARTNER, TYPE2
        from tests.api.tickets.lists import set_company

        await set_company(tenant, outbound_truck_scale_enabled=True, outbound_type2_auto_create_payable=True,
                          outbound_type2_auto_generate_bol=True)
        partner = (await client.post("/api/disposal-partners", json=PARTNER, headers=tenant.headers())).json()
        truck = {**TYPE2, "client_id": str(uuid.uuid4()), "disposal_partner_id": partner["id"]}
        body = await sync(client, tenant, [new(), truck, new()])
        assert [x["status"] for x in body["results"]] == ["created"] * 3
        numbers = sorted(x["ticket"]["ticket_number"][-4:] for x in body["results"])
        assert numbers == ["0001", "0002", "0003"]
        truck_id = body["results"][1]["ticket"]["id"]
        company = (tenant.company_id,)
        bols = owner_sql("select ticket_id::text from bills_of_lading where company_id=%s", company)
        assert bols == [(truck_id,)]
        again = await sync(client, tenant, [truck])
        assert again["results"][0]["status"] == "duplicate"
        assert owner_sql("select count(*) from bills_of_lading where company_id=%s", company)[0][0] == 1


class TestBatchCap:
    async def test_a_device_back_online_sends_500_in_one_call_and_501_is_refused_whole(
            self, client, tenant, owner_sql):
        body = await sync(client, tenant, [new() for _ in range(500)])
        assert (body["created"], body["errors"]) == (500, 0)
        numbers = sorted(int(r["ticket"]["ticket_number"].rsplit("-", 1)[-1]) for r in body["results"])
        assert len(set(numbers)) == 500
        r = await client.post("/api/tickets/batch", json={"tickets": [new() for _ in range(501)]},
                              headers=tenant.headers("employee"))
        assert r.status_code == 422
        assert "tickets" in r.text
        assert owner_sql("select count(*) from tickets where company_id=%s", (tenant.company_id,))[0][0] == 500
