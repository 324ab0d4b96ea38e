"""Time the inbound hot paths on a throw-away database: the customer CSV import and inbound
ticket create.

    .venv/bin/python -m bench.inbound.run [--customers 10000] [--tickets 200]

Bulk upload: one POST /api/inbound/customers/bulk-upload of a generated file with --customers
rows (rows per second; peak Python memory allocated during the call, by tracemalloc, and the
process's peak RSS), then the same file again (every row matches: updates, no new customers).
Tickets: --tickets POST /api/inbound/tickets with two priced lines each (p50 and p95).
Writes bench/out/inbound/run.json. Timings live here, never in tests.
"""
from __future__ import annotations

import argparse
import asyncio
import csv
import io
import json
import os
import resource
import statistics
import time
import tracemalloc
import uuid
from pathlib import Path

from bench.db import throwaway_database

OUT = Path(__file__).resolve().parents[1] / "out" / "inbound"
COLUMNS = ("customer_name", "phone", "email", "address", "is_hauler", "active", "pricing_per_unit",
           "unit_of_measure", "notes")


def customers_csv(n: int) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for i in range(n):
        writer.writerow((f"Customer {i:05d}", f"(415) 555-{i % 10000:04d}", f"ap{i}@customer{i}.example.com",
                         f"{100 + i} Market St, San Francisco, CA", "true" if i % 7 == 0 else "false", "true",
                         f"0.{30 + i % 40:03d}", "lb", ""))
    return out.getvalue().encode()


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return round(ordered[max(0, int(len(ordered) * p) - 1)] * 1000, 1)


async def run(customers: int, tickets: int) -> dict:
    import httpx

    from api.core.config import get_settings
    from api.core.db import dispose_engine, init_engine
    from api.main import create_app
    from tests.api.inbound.helpers import inbound_tenant
    from tests.factories import Factory

    get_settings.cache_clear()
    init_engine(get_settings())
    app = create_app(get_settings())
    tenant = await inbound_tenant(Factory())
    content = customers_csv(customers)
    result: dict = {"file_bytes": len(content)}
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench", timeout=600) as client:
        for label in ("first_upload", "re_upload"):
            tracemalloc.start()
            start = time.perf_counter()
            r = await client.post("/api/inbound/customers/bulk-upload", headers=tenant.headers(),
                                  files={"file": ("customers.csv", content, "text/csv")})
            took = time.perf_counter() - start
            _current, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            assert r.status_code == 200, r.text
            body = r.json()
            result[label] = {"rows": customers, "created": body["created"], "updated": body["updated"],
                             "errors": len(body["errors"]), "seconds": round(took, 2),
                             "rows_per_s": round(customers / took, 1), "peak_traced_mb": round(peak / 2**20, 1)}
        listed = (await client.get("/api/inbound/customers", headers=tenant.headers())).json()
        payee = next(c for c in listed["customers"] if not c["is_hauler"])
        lists = (await client.get("/api/waste-types", headers=tenant.headers())).json()["waste_types"]
        names = [w["name"] for w in lists if w["is_active"]][:2]
        times = []
        for _ in range(tickets):
            body = {"customer1_id": payee["id"], "gross_weight": 14250.5, "tare_weight": 10400,
                    "payment_method": "cash", "client_id": str(uuid.uuid4()),
                    "line_items": [{"waste_type": names[0], "quantity": 1500, "unit": "lbs"},
                                   {"waste_type": names[1], "quantity": 0.75, "unit": "tons"}]}
            start = time.perf_counter()
            r = await client.post("/api/inbound/tickets", json=body, headers=tenant.headers())
            times.append(time.perf_counter() - start)
            assert r.status_code == 201, r.text
        result["ticket_create_ms"] = {"p50": round(statistics.median(times) * 1000, 1), "p95": pct(times, 0.95),
                                      "n": tickets}
    await dispose_engine()
    result["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    result["load_average"] = os.getloadavg()
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--customers", type=int, default=10_000)
    parser.add_argument("--tickets", type=int, default=200)
    args = parser.parse_args()
    with throwaway_database():
        result = asyncio.run(run(args.customers, args.tickets))
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "run.json").write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
