"""Ticket exports are streamed: rows are read in batches from a server-side cursor and the answer
starts before the last batch is read. Batch size changes nothing in the file; beyond the cap the
export is refused with a message, never silently cut."""
from __future__ import annotations

import asyncio
import csv
import io

import pytest
from openpyxl import load_workbook

from api.tickets import exports, queries
from tests.api.tickets.lists import ensure_lists
from tests.api.tickets.test_create import OUTBOUND

TICKETS = 30
BATCH = 7
RANGE = "start_date=2026-06-30&end_date=2026-07-05"


@pytest.fixture
async def tenant(factory, client):
    t = await factory.tenant(stores=2, name="Stream =Kitchens")
    await ensure_lists(t)
    for i in range(TICKETS):
        body = {**OUTBOUND, "ticket_at": f"2026-07-{1 + i % 5:02d}T{i % 24:02d}:1{i % 6}:00Z",
                "gross_weight": 20 + i * 1.37, "store_id": str(t.stores[i % 2].id)}
        assert (await client.post("/api/tickets", json=body, headers=t.headers())).status_code == 201
    return t


@pytest.fixture
def rows_read(monkeypatch):
    """Counts the rows the export has read from the database so far."""
    count = [0]
    real = queries.export_batches

    async def counted(*args, **kwargs):
        async for batch in real(*args, **kwargs):
            count[0] += len(batch)
            yield batch

    monkeypatch.setattr(queries, "export_batches", counted)
    return count


async def asgi_get(app, path: str, query: str, headers: dict, rows_read: list[int]) -> list[tuple[bytes, int]]:
    """GET through the ASGI app itself (httpx's ASGI transport buffers the body): each body
    message sent, with how many rows had been read when it was sent."""
    sent: list[tuple[bytes, int]] = []
    started = {}
    done = asyncio.Event()
    first = True

    async def receive():
        nonlocal first
        if first:
            first = False
            return {"type": "http.request", "body": b"", "more_body": False}
        await done.wait()
        return {"type": "http.disconnect"}

    async def send(message):
        if message["type"] == "http.response.start":
            started.update(message)
        elif message["type"] == "http.response.body":
            sent.append((message.get("body", b""), rows_read[0]))

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
        "path": path, "raw_path": path.encode(), "query_string": query.encode(), "root_path": "",
        "headers": [(b"host", b"flow.test")] + [(k.lower().encode(), v.encode()) for k, v in headers.items()],
        "client": ("10.9.8.7", 40000), "server": ("flow.test", 80),
    }
    try:
        await app(scope, receive, send)
    finally:
        done.set()
    assert started["status"] == 200
    return [s for s in sent if s[0]]


class TestStreamedExport:
    async def test_csv_starts_before_the_rows_are_all_read_and_comes_in_batches(
        self, app, client, tenant, rows_read, monkeypatch
    ):
        monkeypatch.setattr(exports, "EXPORT_BATCH", BATCH)
        chunks = await asgi_get(app, "/api/tickets/export/csv", RANGE, tenant.headers(), rows_read)
        # Heading, one chunk per batch of 7 (30 rows: 5 batches), the totals row.
        assert len(chunks) == 1 + -(-TICKETS // BATCH) + 1
        assert [read for _body, read in chunks][:3] == [0, BATCH, 2 * BATCH]
        streamed = b"".join(body for body, _read in chunks)

        monkeypatch.setattr(exports, "EXPORT_BATCH", 1000)
        whole = await client.get(f"/api/tickets/export/csv?{RANGE}", headers=tenant.headers())
        assert streamed == whole.content  # batching changes nothing in the file
        rows = list(csv.reader(io.StringIO(streamed.decode("utf-8-sig"))))
        assert len(rows) == 1 + TICKETS + 1 and rows[-1][2] == f"{TICKETS} tickets"

    async def test_xlsx_is_written_batch_by_batch_and_holds_the_same_cells(
        self, app, client, tenant, rows_read, monkeypatch
    ):
        monkeypatch.setattr(exports, "EXPORT_BATCH", BATCH)
        chunks = await asgi_get(app, "/api/tickets/export/xlsx", RANGE, tenant.headers(), rows_read)
        small = load_workbook(io.BytesIO(b"".join(body for body, _read in chunks))).active
        monkeypatch.setattr(exports, "EXPORT_BATCH", 1000)
        whole = await client.get(f"/api/tickets/export/xlsx?{RANGE}", headers=tenant.headers())
        big = load_workbook(io.BytesIO(whole.content)).active
        cells = [[(c.value, c.font.b, c.number_format) for c in row] for row in small.iter_rows()]
        assert cells == [[(c.value, c.font.b, c.number_format) for c in row] for row in big.iter_rows()]
        assert small.freeze_panes == "A5" and cells[0][0][0] == "Stream =Kitchens - Ticket Report"
        assert cells[-1][2][0] == f"{TICKETS} tickets" and cells[-1][0][1] is True

    async def test_the_cap_is_a_clear_refusal_not_a_silently_cut_file(self, client, tenant, monkeypatch):
        monkeypatch.setattr(queries, "EXPORT_ROW_CAP", TICKETS)
        r = await client.get(f"/api/tickets/export/csv?{RANGE}", headers=tenant.headers())
        assert r.status_code == 200 and len(r.content.decode("utf-8-sig").splitlines()) == TICKETS + 2
        monkeypatch.setattr(queries, "EXPORT_ROW_CAP", TICKETS - 1)
        for fmt in ("csv", "xlsx", "pdf"):
            r = await client.get(f"/api/tickets/export/{fmt}?{RANGE}", headers=tenant.headers())
            assert r.status_code == 422, r.text
            assert r.json()["detail"] == ("More than 29 tickets match: choose a shorter date range "
                                          "(start_date, end_date) and export it in parts")
