"""Warehouse benchmark: full refresh, incremental refresh of 10,000 tickets, dashboard latency.

Usage: .venv/bin/python -m bench.warehouse.run --tickets 1000000
It uses its own database (flow_bench in the private cluster, or --url) and its own warehouse
file (.flow/bench/), so it never touches the app's data. Results go to bench/out/.
"""
from __future__ import annotations

import argparse
import json
import os
import time
from datetime import date, timedelta
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[2]
INCREMENT = 10_000


def bench_database(name: str) -> str:
    from api import devdb
    from api.cli import upgrade_database

    url = devdb.ensure_database(name)
    upgrade_database(url)
    return url


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


POSTGRES_DASHBOARD = (
    # The same dashboard as one GROUP BY per panel on the operational table.
    """select count(*), sum(net_weight), sum(net_weight) filter (where destination_is_diversion)
       from tickets where company_id = %(c)s and status = 'completed' and not is_inbound
       and (ticket_at at time zone %(tz)s)::date between %(s)s and %(e)s""",
    """select (ticket_at at time zone %(tz)s)::date as d, sum(net_weight),
              sum(net_weight) filter (where destination_is_diversion)
       from tickets where company_id = %(c)s and status = 'completed' and not is_inbound
       and (ticket_at at time zone %(tz)s)::date between %(s)s and %(e)s group by d order by d""",
    """select waste_type_name, sum(net_weight) from tickets where company_id = %(c)s and status = 'completed'
       and not is_inbound and (ticket_at at time zone %(tz)s)::date between %(s)s and %(e)s
       group by 1 order by 2 desc limit 5""",
    """select store_id, sum(net_weight) from tickets where company_id = %(c)s and status = 'completed'
       and not is_inbound and (ticket_at at time zone %(tz)s)::date between %(s)s and %(e)s group by 1""",
)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tickets", type=int, default=1_000_000)
    parser.add_argument("--database", default="flow_bench")
    parser.add_argument("--queries", type=int, default=30)
    args = parser.parse_args()

    url = bench_database(args.database)
    os.environ["FLOW_DATABASE_URL"] = url
    os.environ["FLOW_WAREHOUSE_PATH"] = str(ROOT / ".flow" / "bench" / "flow.duckdb")
    from api.core.config import get_settings

    get_settings.cache_clear()
    from bench.warehouse.generate import generate
    from pipelines.refresh import refresh_once

    with psycopg.connect(url) as conn:
        existing = conn.execute("select count(*) from tickets").fetchone()[0]
    generated_s = None
    if existing < args.tickets * 0.95:
        generated_s = generate(url, args.tickets - existing, offset=existing * 2 + 1)
    with psycopg.connect(url) as conn:
        total = conn.execute("select count(*) from tickets").fetchone()[0]
    print(f"tickets in Postgres: {total}")

    load_before = os.getloadavg()
    started = time.perf_counter()
    refresh_once(full=True)
    full_s = time.perf_counter() - started
    print(f"full refresh: {full_s:.1f}s")

    with psycopg.connect(url) as conn:
        offset = conn.execute("select count(*) from tickets").fetchone()[0] * 2 + 1
    generate(url, INCREMENT, offset=offset)
    started = time.perf_counter()
    refresh_once(full=False)
    incremental_s = time.perf_counter() - started
    print(f"incremental refresh (+~{INCREMENT} tickets): {incremental_s:.1f}s")

    from api.analytics import impact, service

    with psycopg.connect(url) as conn:
        company, tz = conn.execute(
            "select c.id, c.timezone from companies c join tickets t on t.company_id = c.id "
            "group by c.id, c.timezone order by count(*) desc limit 1").fetchone()
    end = date(2026, 10, 31)
    f = service.ReportFilter(company_id=str(company), start=end - timedelta(days=364), end=end)
    calls = {"dashboard": lambda: service.dashboard(f), "basic": lambda: service.basic_report(f),
             "tickets+breakdowns": lambda: service.ticket_report(f, include_breakdowns=True),
             "esg": lambda: impact.esg_report(f), "cost-analysis": lambda: impact.cost_analysis(f)}
    latency = {}
    for name, call in calls.items():
        samples = []
        for _ in range(args.queries):
            t0 = time.perf_counter()
            call()
            samples.append((time.perf_counter() - t0) * 1000)
        latency[name] = {"p50_ms": round(percentile(samples, 50), 1), "p95_ms": round(percentile(samples, 95), 1)}
        print(f"warehouse {name}: {latency[name]}")
    samples = []
    with psycopg.connect(url) as conn:
        params = {"c": company, "tz": tz, "s": f.start, "e": f.end}
        for _ in range(args.queries):
            t0 = time.perf_counter()
            for query in POSTGRES_DASHBOARD:
                conn.execute(query, params).fetchall()
            samples.append((time.perf_counter() - t0) * 1000)
    latency["postgres dashboard GROUP BY"] = {"p50_ms": round(percentile(samples, 50), 1),
                                              "p95_ms": round(percentile(samples, 95), 1)}
    print(f"postgres dashboard: {latency['postgres dashboard GROUP BY']}")

    result = {"tickets": total, "generated_s": generated_s, "full_refresh_s": round(full_s, 1),
              "incremental_refresh_s": round(incremental_s, 1), "latency": latency,
              "queries_per_call": args.queries, "cpus": os.cpu_count(),
              "load_average_at_start": [round(x, 1) for x in load_before],
              "load_average_at_end": [round(x, 1) for x in os.getloadavg()]}
    out = ROOT / "bench" / "out" / f"warehouse-{args.tickets}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
