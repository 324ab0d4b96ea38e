"""Offline sync under network faults and a server crash: nothing lost, nothing twice, no gaps.

Two devices of the same account sync their queues at the same time, the way the web client does
(batches of 100, each ticket with the client id made when it was queued, confirmed tickets
removed from the queue, everything else sent again), through a loopback TCP proxy this test
controls. The proxy drops connections after the request reached the API (the answer is lost),
cuts requests half-sent, and holds answers past the client's time-out; meanwhile the API process
is killed (SIGKILL) and started again. Afterwards the server holds exactly one ticket per queued
ticket, every photo on its ticket, and each day's numbers run 1..n with no gap.

The browser half of the promise (the IndexedDB queue and its syncer) is tested in vitest
(web/src/features/tickets/lib/offline-sync.test.ts) and in Chromium (web/e2e/offline.spec.ts).
"""
from __future__ import annotations

import asyncio
import base64
import io
import os
import threading
import time
import uuid
from collections import Counter
from pathlib import Path

import httpx
import pytest
from PIL import Image

from tests.api.tickets.lists import ensure_lists
from tests.api.tickets.test_create import OUTBOUND
from tests.faults import CLIENT_TIMEOUT, Api, FaultyProxy, free_port

DEVICE_A, DEVICE_B = 1000, 200
PHOTO_EVERY = 10  # one ticket in ten carries its scale photo
BATCH = 100


def _photo(i: int) -> str:
    buf = io.BytesIO()
    Image.new("RGB", (32, 24), (i % 256, (i * 7) % 256, (i * 13) % 256)).save(buf, format="JPEG")
    return "data:image/jpeg;base64," + base64.b64encode(buf.getvalue()).decode()


def sync_device(base: str, token: str, queue: dict[str, dict], stats: Counter) -> None:
    """The web client's sync loop (features/tickets/lib/offline-sync.ts), retried until empty."""
    limits = httpx.Limits(max_keepalive_connections=0)  # one connection per call: one fault each
    with httpx.Client(base_url=base, timeout=CLIENT_TIMEOUT, limits=limits) as http:
        deadline = time.monotonic() + 600
        while queue:
            assert time.monotonic() < deadline, f"{len(queue)} tickets never synced"
            chunk = list(queue.values())[:BATCH]
            try:
                r = http.post("/api/tickets/batch", json={"tickets": chunk}, headers={"Authorization": f"Bearer {token}"})
            except httpx.HTTPError as exc:
                stats[f"client saw {type(exc).__name__}"] += 1
                time.sleep(0.1)
                continue
            if r.status_code != 200:
                stats[f"client saw HTTP {r.status_code}"] += 1
                time.sleep(0.2)
                continue
            stats["batches answered"] += 1
            for result in r.json()["results"]:
                assert result["status"] in ("created", "duplicate"), result
                stats[result["status"]] += 1
                queue.pop(result["client_id"], None)


@pytest.mark.slow
async def test_two_devices_sync_through_faults_and_a_crash(factory, owner_sql):
    tenant = await factory.tenant(stores=1)
    await ensure_lists(tenant)
    token = tenant.tokens["employee"]
    queues = {}
    for device, size in (("A", DEVICE_A), ("B", DEVICE_B)):
        queue = {}
        for i in range(size):
            cid = str(uuid.uuid4())
            payload = {**OUTBOUND, "client_id": cid, "gross_weight": 20 + i % 50, "internal_notes": f"{device}{i}"}
            if i % PHOTO_EVERY == 0:
                payload["image_data"] = _photo(i + (0 if device == "A" else 5000))
            queue[cid] = payload
        queues[device] = queue
    all_ids = {cid for q in queues.values() for cid in q}
    photos = sum(1 for q in queues.values() for p in q.values() if "image_data" in p)

    api = Api(free_port())
    api.start()
    stats: Counter[str] = Counter()
    try:
        with FaultyProxy(api.port) as proxy:
            base = f"http://127.0.0.1:{proxy.port}"
            errors: list[BaseException] = []

            def guarded(q: dict) -> None:
                try:
                    sync_device(base, token, q, stats)
                except BaseException as exc:  # noqa: BLE001 - reported below
                    errors.append(exc)

            devices = [threading.Thread(target=guarded, args=(q,)) for q in queues.values()]
            for t in devices:
                t.start()
            # Crash the API once a good part of the queue is through, then bring it back.
            while sum(len(q) for q in queues.values()) > (DEVICE_A + DEVICE_B) * 0.6 and any(t.is_alive() for t in devices):
                await asyncio.sleep(0.1)
            api.kill()
            stats["API killed (SIGKILL)"] += 1
            await asyncio.sleep(1.0)
            api.start()
            for t in devices:
                await asyncio.to_thread(t.join, 600)
            assert not errors, errors
            faults = dict(proxy.counts)
    finally:
        if api.proc and api.proc.poll() is None:
            api.proc.terminate()
            api.proc.wait(15)

    rows = owner_sql("select client_id::text, ticket_number, id from tickets where company_id = %s", (tenant.company_id,))
    client_ids = [r[0] for r in rows]
    assert len(rows) == DEVICE_A + DEVICE_B, f"{len(rows)} tickets on the server"
    assert len(set(client_ids)) == len(client_ids), "a ticket was created twice"
    assert set(client_ids) == all_ids
    by_day: dict[str, list[int]] = {}
    for _cid, number, _id in rows:
        by_day.setdefault(number[:-5], []).append(int(number[-4:]))
    for day, numbers in by_day.items():
        assert sorted(numbers) == list(range(1, len(numbers) + 1)), f"gap or repeat in {day}"
    images = owner_sql("select t.client_id::text, count(i.id) from tickets t join ticket_images i on i.ticket_id = t.id "
                       "where t.company_id = %s group by t.client_id", (tenant.company_id,))
    assert len(images) == photos and all(n == 1 for _c, n in images), "every photo on its ticket, once"
    assert faults.get("lose_answer", 0) > 0 and faults.get("cut_request", 0) > 0 and faults.get("hold_answer", 0) > 0
    report = {**faults, **stats, "tickets": len(rows), "photos": photos}
    if os.environ.get("FUZZ_REPORT"):
        print("\nsync under faults:", report)
    Path(os.environ.get("FLOW_SYNC_REPORT", os.devnull)).write_text(repr(report))
