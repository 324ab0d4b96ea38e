"""The first reads after a publish, as users meet them: with the API warming each new version and without.

Usage (a bench database and its published warehouse, as bench.warehouse.http takes them):
    .venv/bin/python -m bench.warehouse.after_publish --database flow_bench1m \\
        --warehouse <published file> --publishes 8

Under `flow up` the sensor publishes whenever tickets arrive, and every open screen asks
GET /api/analytics/refreshed every 5 s (web/src/lib/follow-warehouse.ts) and reloads its figures
when the refresh time moves. This bench plays that: `--clients` users (threads), each with the
eight dashboard and report calls of bench.warehouse.http for a period of its own (so the API's
result cache holds `--clients` different sets of queries, as for different users), read them all
once (the screens as they were), then for each of `--publishes` publishes:
  1. the published file is swapped for a copy of itself (a new inode, as every publish is:
     pipelines/defs/publish, os.replace);
  2. every user polls /analytics/refreshed until the refresh time it reports moves (the API
     announces a publish once it has warmed the new version, api/warehouse/reader.py);
  3. every user reloads its eight calls at once: these are the timed reads, the first after the publish.
The same run is made twice, each with its own API process: first with warming off
(FLOW_WAREHOUSE_WARM_QUERIES=0: every first read after a publish is cold), then on (the default),
so the ratio holds whatever the machine does. p50 / p95 / max per call and over all calls, the
poll's wait (how long after the swap the publish was announced) and the load average.
One JSON in bench/out/after-publish-<tickets>.json and a table to paste.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import threading
import time
from datetime import date, timedelta
from pathlib import Path

import httpx
import psycopg

from bench.warehouse.http import (
    EMAIL,
    PASSWORD,
    cold_calls,
    endpoints,
    ensure_admin,
    free_port,
    start_api,
)
from bench.warehouse.run import bench_database, percentile

ROOT = Path(__file__).resolve().parents[2]


def republish(warehouse: Path) -> None:
    """A new version of the same content: a copy swapped in by atomic rename (a new inode)."""
    staged = warehouse.with_name(f".{warehouse.name}.bench.tmp")
    shutil.copyfile(warehouse, staged)
    os.replace(staged, warehouse)


def refreshed(client: httpx.Client) -> str | None:
    return client.get("/api/analytics/refreshed").raise_for_status().json()["last_refreshed_at"]


def user(base: str, token: str, calls: dict, rounds: int, barrier: threading.Barrier, go: list[threading.Event],
         announced: dict, samples: dict, errors: list) -> None:
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=120) as client:
        for path, params in calls.values():  # the screens as they were before the publishes
            client.get(path, params=params)
        barrier.wait()
        for round_ in range(rounds):
            seen = refreshed(client)
            go[round_].wait()  # the bench swapped the file in
            started = time.perf_counter()
            deadline = started + 60
            while time.perf_counter() < deadline:
                # the poll reports the same time for a copy of the same file: a new version is
                # announced by the poll returning at all once the swap happened (it waits for warming)
                now = refreshed(client)
                if now is not None:
                    break
            announced.setdefault(round_, []).append((time.perf_counter() - started) * 1000)
            for name, (path, params) in calls.items():
                t0 = time.perf_counter()
                r = client.get(path, params=params)
                elapsed = (time.perf_counter() - t0) * 1000
                if r.status_code != 200:
                    errors.append(f"{name}: {r.status_code} {r.text[:200]}")
                samples[name].append(elapsed)
            del seen
            barrier.wait()


def run_once(url: str, warehouse: Path, args, calls_of: list[dict], warm_queries: int | None) -> dict:
    if warm_queries is None:
        os.environ.pop("FLOW_WAREHOUSE_WARM_QUERIES", None)
    else:
        os.environ["FLOW_WAREHOUSE_WARM_QUERIES"] = str(warm_queries)
    port = free_port()
    api = start_api(url, warehouse, port, args.workers)
    base = f"http://127.0.0.1:{port}"
    try:
        token = httpx.post(f"{base}/api/auth/login", json={"email": EMAIL, "password": PASSWORD},
                           timeout=30).raise_for_status().json()["access_token"]
        httpx.put(f"{base}/api/system/settings", json={"inbound_module_enabled": True},
                  headers={"Authorization": f"Bearer {token}"}, timeout=60).raise_for_status()
        names = list(calls_of[0])
        samples: dict[str, list[float]] = {name: [] for name in names}
        announced: dict[int, list[float]] = {}
        errors: list[str] = []
        barrier = threading.Barrier(args.clients + 1, timeout=600)
        go = [threading.Event() for _ in range(args.publishes)]
        users = [threading.Thread(target=user, args=(base, token, calls_of[i], args.publishes, barrier, go,
                                                     announced, samples, errors)) for i in range(args.clients)]
        load_before = os.getloadavg()
        for t in users:
            t.start()
        barrier.wait()  # every user has read its screens once
        publish_s = []
        for round_ in range(args.publishes):
            time.sleep(args.pause)  # users read their screens between publishes
            t0 = time.perf_counter()
            republish(warehouse)
            publish_s.append(time.perf_counter() - t0)
            go[round_].set()
            barrier.wait()  # every user has reloaded its screens
        for t in users:
            t.join(timeout=600)
        all_calls = [x for s in samples.values() for x in s]
        waits = [x for w in announced.values() for x in w]
        return {
            "warm_queries": "default" if warm_queries is None else warm_queries,
            "errors": len(errors), "error_samples": errors[:5],
            "first_reads": {name: stats(s) for name, s in samples.items()},
            "all_first_reads": stats(all_calls),
            "publish_announced_after_ms": stats(waits),
            "copy_s_median": round(sorted(publish_s)[len(publish_s) // 2], 2),
            "load_average_before": [round(x, 1) for x in load_before],
            "load_average_after": [round(x, 1) for x in os.getloadavg()],
        }
    finally:
        api.terminate()
        try:
            api.wait(timeout=30)
        except Exception:  # noqa: BLE001 - a hung API is killed, the figures stand
            api.kill()


def stats(samples: list[float]) -> dict:
    if not samples:
        return {"n": 0}
    return {"n": len(samples), "p50_ms": round(percentile(samples, 50), 1),
            "p95_ms": round(percentile(samples, 95), 1), "max_ms": round(max(samples), 1)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", default="flow_bench", help="database in the private cluster")
    parser.add_argument("--url", help="database URL (instead of --database)")
    parser.add_argument("--warehouse", default=str(ROOT / ".flow" / "bench" / "flow.duckdb"))
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--publishes", type=int, default=8)
    parser.add_argument("--pause", type=float, default=2.0, help="seconds between a reload and the next publish")
    parser.add_argument("--end", type=date.fromisoformat, default=date(2026, 10, 31))
    args = parser.parse_args()

    url = args.url or bench_database(args.database)
    warehouse = Path(args.warehouse).resolve()
    with psycopg.connect(url) as conn:
        company, tickets = conn.execute(
            "select c.id, count(*) from companies c join tickets t on t.company_id = c.id "
            "group by c.id order by count(*) desc limit 1").fetchone()
        total = conn.execute("select count(*) from tickets").fetchone()[0]
    ensure_admin(url, company)
    start, end = args.end - timedelta(days=364), args.end
    calls = endpoints(start, end, end.year)
    calls_of = [cold_calls(calls, i, 0, args.clients, end) for i in range(args.clients)]

    runs = [run_once(url, warehouse, args, calls_of, 0), run_once(url, warehouse, args, calls_of, None)]
    result = {"tickets": total, "company_tickets": tickets, "clients": args.clients, "workers": args.workers,
              "publishes": args.publishes, "cpus": os.cpu_count(), "warehouse": str(warehouse),
              "warehouse_mb": round(warehouse.stat().st_size / 1e6), "runs": runs}
    out = ROOT / "bench" / "out" / f"after-publish-{total}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2, default=str))
    print(json.dumps(result, indent=2, default=str))
    off, on = runs
    print("\n| call | first read after a publish, warming off: p50 / p95 | warming on: p50 / p95 |")
    print("|---|---|---|")
    for name in calls:
        a, b = off["first_reads"][name], on["first_reads"][name]
        print(f"| {name} | {a['p50_ms']:,} / {a['p95_ms']:,} ms | {b['p50_ms']:,} / {b['p95_ms']:,} ms |")
    a, b = off["all_first_reads"], on["all_first_reads"]
    print(f"| all calls | {a['p50_ms']:,} / {a['p95_ms']:,} ms | {b['p50_ms']:,} / {b['p95_ms']:,} ms |")
    w0, w1 = off["publish_announced_after_ms"], on["publish_announced_after_ms"]
    print(f"| publish announced after | {w0['p50_ms']:,} / {w0['p95_ms']:,} ms | {w1['p50_ms']:,} / {w1['p95_ms']:,} ms |")
    if off["errors"] or on["errors"]:
        raise SystemExit("calls failed: " + "; ".join(off["error_samples"] + on["error_samples"]))


if __name__ == "__main__":
    main()
