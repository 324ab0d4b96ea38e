"""Where a cold read's DuckDB time goes: binding, optimizing, executing (issue 35, target 1).

    .venv/bin/python -m bench.warehouse.plan_cost --database flow_bench1m \\
        --warehouse <worktree>/.flow/bench/flow.duckdb [--repeat 9]

Calls the eight dashboard and report endpoints of bench.warehouse.http once each, in process
(the app over httpx's ASGI transport, signed in as that bench's store_admin), with the result cache
off, and records every warehouse query they run. Then it runs each query again `--repeat` times on
a read-only connection with DuckDB's detailed profiler and reports, per endpoint, the medians of
the planner's binding, the optimizer, execution CPU and the whole query, summed over the
endpoint's queries. Single-threaded, as the API's connections are. Writes
bench/out/plan-cost-<tickets>.json.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
from datetime import date, timedelta
from pathlib import Path

import duckdb
import psycopg

from bench.warehouse.http import EMAIL, PASSWORD, endpoints, ensure_admin
from bench.warehouse.run import bench_database

ROOT = Path(__file__).resolve().parents[2]


async def record_queries(calls: dict) -> dict[str, list[tuple[str, list]]]:
    """Every warehouse query each endpoint runs, in order, with its parameters."""
    import httpx

    from api.main import app
    from api.warehouse import reader

    seen: list[tuple[str, list]] = []
    plain = reader.rows

    def recording(con, query, params):
        seen.append((query, list(params)))
        return plain(con, query, params)

    patched = [m for m in list(sys.modules.values()) if getattr(m, "rows", None) is plain]
    for module in patched:
        module.rows = recording
    found: dict[str, list[tuple[str, list]]] = {}
    try:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench", timeout=120) as client:
            token = (await client.post("/api/auth/login", json={"email": EMAIL, "password": PASSWORD})).json()
            headers = {"Authorization": f"Bearer {token['access_token']}"}
            (await client.put("/api/system/settings", json={"inbound_module_enabled": True},
                              headers=headers)).raise_for_status()
            for name, (path, params) in calls.items():
                seen.clear()
                (await client.get(path, params=params, headers=headers)).raise_for_status()
                found[name] = list(seen)
    finally:
        for module in patched:
            module.rows = plain
    return found


def profile(con: duckdb.DuckDBPyConnection, out: Path, query: str, params: list, repeat: int) -> dict:
    runs = []
    for _ in range(repeat):
        con.execute(query, params).fetchall()
        d = json.loads(out.read_text())
        runs.append({"bind_ms": d["planner"]["binding_time"] * 1000,
                     "optimize_ms": d["optimizer"]["total_time"] * 1000,
                     "execute_cpu_ms": d["query"]["cpu_time"] * 1000,
                     "query_ms": d["query"]["total_time"] * 1000})
    return {key: statistics.median(r[key] for r in runs) for key in runs[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", default="flow_bench1m")
    parser.add_argument("--warehouse", required=True, help="the published warehouse file of that database")
    parser.add_argument("--end", type=date.fromisoformat, default=date(2026, 10, 31))
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()

    url = bench_database(args.database)
    os.environ.update({"FLOW_DATABASE_URL": url, "FLOW_WAREHOUSE_PATH": str(Path(args.warehouse).resolve()),
                       "FLOW_WAREHOUSE_RESULT_CACHE_ROWS": "0"})
    from api.core.config import get_settings

    get_settings.cache_clear()
    with psycopg.connect(url) as conn:
        company = conn.execute("select company_id from tickets group by 1 order by count(*) desc limit 1").fetchone()[0]
        total = conn.execute("select count(*) from tickets").fetchone()[0]
    ensure_admin(url, company)
    calls = endpoints(args.end - timedelta(days=364), args.end, args.end.year)
    queries = asyncio.run(record_queries(calls))

    load_start = os.getloadavg()
    con = duckdb.connect(":memory:", config={"threads": 1})
    con.execute(f"attach '{Path(args.warehouse).resolve()}' as published (read_only)")
    con.execute("use published")
    result: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "profile.json"
        con.execute("pragma enable_profiling = 'json'")
        con.execute("pragma profiling_mode = 'detailed'")
        con.execute(f"pragma profiling_output = '{out}'")
        for name, found in queries.items():
            each = [profile(con, out, q, p, args.repeat) for q, p in found]
            sums = {key: round(sum(e[key] for e in each), 2) for key in ("bind_ms", "optimize_ms", "execute_cpu_ms",
                                                                          "query_ms")}
            result[name] = {"queries": len(found), **sums}
            print(f"{name}: {result[name]}", flush=True)
    con.close()
    summary = {
        "tickets": total, "repeat": args.repeat, "endpoints": result,
        "share_planning": round(sum(r["bind_ms"] + r["optimize_ms"] for r in result.values())
                                / max(0.001, sum(r["query_ms"] for r in result.values())), 3),
        "load_average_at_start": [round(x, 2) for x in load_start],
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count(),
    }
    path = ROOT / "bench" / "out" / f"plan-cost-{total}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(summary, indent=1))
    print(f"\n| call | queries | bind | optimize | execute (CPU) | whole query (ms, medians of {args.repeat}) |")
    print("|---|---|---|---|---|---|")
    for name, r in result.items():
        print(f"| {name} | {r['queries']} | {r['bind_ms']} | {r['optimize_ms']} | {r['execute_cpu_ms']} | {r['query_ms']} |")
    print(f"\nbinding + optimizing: {summary['share_planning']:.0%} of the queries' time; load {summary['load_average_at_start']}")


if __name__ == "__main__":
    main()
