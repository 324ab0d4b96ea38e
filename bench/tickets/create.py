"""Time the ticket hot paths (single create, offline batch) on a throw-away database.

    .venv/bin/python -m bench.tickets.create [--tickets 200] [--batch 100]

Writes bench/out/tickets/create.json. Timings live here, never in tests.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
import uuid
from pathlib import Path

from bench.db import throwaway_database

OUT = Path(__file__).resolve().parents[1] / "out" / "tickets"
PAYLOAD = {"waste_type": "Food Waste", "destination": "Compost", "container_type": "Slim Jim 23 (23gal)",
           "gross_weight": 57.8, "line_items": [{"waste_type": "Food Waste", "quantity": 50, "unit": "lbs"}]}


async def run(tickets: int, batch: int) -> dict:
    import httpx

    from api.core.config import get_settings
    from api.core.db import dispose_engine, init_engine
    from api.main import create_app
    from tests.api.tickets.lists import ensure_lists
    from tests.factories import Factory

    get_settings.cache_clear()
    init_engine(get_settings())
    app = create_app(get_settings())
    tenant = await Factory().tenant(stores=1)
    await ensure_lists(tenant)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench") as client:
        single = []
        for _ in range(tickets):
            start = time.perf_counter()
            r = await client.post("/api/tickets", json={**PAYLOAD, "client_id": str(uuid.uuid4())},
                                  headers=tenant.headers())
            single.append(time.perf_counter() - start)
            assert r.status_code == 201, r.text
        body = {"tickets": [{**PAYLOAD, "client_id": str(uuid.uuid4())} for _ in range(batch)]}
        start = time.perf_counter()
        r = await client.post("/api/tickets/batch", json=body, headers=tenant.headers())
        batch_s = time.perf_counter() - start
        assert r.json()["created"] == batch, r.text
    await dispose_engine()
    return {
        "single_create_ms": {"median": round(statistics.median(single) * 1000, 1),
                             "p95": round(sorted(single)[int(len(single) * 0.95) - 1] * 1000, 1), "n": tickets},
        "batch_ms": {"total": round(batch_s * 1000, 1), "per_ticket": round(batch_s * 1000 / batch, 2), "n": batch},
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tickets", type=int, default=200)
    parser.add_argument("--batch", type=int, default=100)
    args = parser.parse_args()
    with throwaway_database():
        result = asyncio.run(run(args.tickets, args.batch))
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "create.json").write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
