"""Warehouse benchmark: full refresh, incremental refresh of 10,000 tickets, dashboard latency.

Usage: .venv/bin/python -m bench.warehouse.run --tickets 1000000 --queries 0
It uses its own database (flow_bench in the private cluster) and its own warehouse file
(.flow/bench/), so it never touches the app's data. Results go to bench/out/.

One run records side by side: the full refresh per stage (extract, dbt build, quality checks,
publish: Dagster's step durations), the floor (DuckDB reading the same ticket rows from a
Parquet file into a table), and the sensor's incremental refresh after +10,000 tickets per
stage. --queries N > 0 adds the service-level dashboard latency (the HTTP bench replaces it).
"""
from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[2]
INCREMENT = 10_000


def bench_database(name: str) -> str:
    from flow import devdb
    from flow.cli import upgrade_database

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


STAGES = {"raw_tables": "extract", "flow_dbt_models": "dbt_build", "quality_expectations": "checks",
          "published_warehouse": "publish"}


def timed_refresh(*, full: bool, as_sensor: bool = False) -> dict:
    """One run of the warehouse job in this process: wall seconds and each step's own seconds."""
    from pipelines.refresh import execute_refresh

    started = time.perf_counter()
    result = execute_refresh(full, as_sensor=as_sensor)
    total = time.perf_counter() - started
    stages = {}
    for event in result.all_events:
        if event.is_step_success and event.step_key in STAGES:
            stages[STAGES[event.step_key]] = round(event.event_specific_data.duration_ms / 1000, 1)
    from pipelines.paths import published_path

    # The published file's size (the key keeps its name for the figures already kept): a publish
    # swaps the built file in, and the build path then holds the version it replaced.
    return {"total_s": round(total, 1), "stages_s": stages,
            "build_file_mb": round(published_path().stat().st_size / 2**20)}


def parquet_floor(work_file: Path) -> dict:
    """The floor for the extract: the same ticket rows (raw.tickets, as the extract loaded them)
    written once to a Parquet file, then read by DuckDB into a table of a fresh file."""
    import duckdb

    with tempfile.TemporaryDirectory(dir=work_file.parent) as tmp:
        parquet = Path(tmp) / "tickets.parquet"
        con = duckdb.connect(str(work_file), read_only=True)
        try:
            rows = con.execute("select count(*) from raw.tickets").fetchone()[0]
            t0 = time.perf_counter()
            con.execute(f"copy (select * exclude (_loaded_at) from raw.tickets) to '{parquet}' (format parquet)")
            written_s = time.perf_counter() - t0
        finally:
            con.close()
        con = duckdb.connect(str(Path(tmp) / "floor.duckdb"))
        try:
            con.execute("set threads = 2")
            t0 = time.perf_counter()
            con.execute(f"create table tickets as select * from read_parquet('{parquet}')")
            con.execute("checkpoint")
            read_s = time.perf_counter() - t0
        finally:
            con.close()
        return {"rows": rows, "parquet_mb": round(parquet.stat().st_size / 1e6, 1),
                "parquet_written_s": round(written_s, 1), "duckdb_read_parquet_s": round(read_s, 1)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tickets", type=int, default=1_000_000)
    parser.add_argument("--database", default="flow_bench")
    parser.add_argument("--queries", type=int, default=0)
    parser.add_argument("--warehouse", type=Path, default=ROOT / ".flow" / "bench" / "flow.duckdb",
                        help="the published file to build (its build and work files beside it)")
    parser.add_argument("--incremental-only", type=int, default=0, metavar="ROUNDS",
                        help="skip the full refresh and the floor: ROUNDS sensor runs, each after +10,000 tickets")
    args = parser.parse_args()

    url = bench_database(args.database)
    os.environ["FLOW_DATABASE_URL"] = url
    args.warehouse.parent.mkdir(parents=True, exist_ok=True)
    os.environ["FLOW_WAREHOUSE_PATH"] = str(args.warehouse.resolve())
    from api.core.config import get_settings

    get_settings.cache_clear()
    from bench.warehouse.generate import generate

    with psycopg.connect(url) as conn:
        existing = conn.execute("select count(*) from tickets").fetchone()[0]
    generated_s = None
    if existing < args.tickets * 0.95:
        generated_s = generate(url, args.tickets - existing, offset=existing * 2 + 1)
    with psycopg.connect(url) as conn:
        total = conn.execute("select count(*) from tickets").fetchone()[0]
    print(f"tickets in Postgres: {total}", flush=True)

    load_before = os.getloadavg()
    if args.incremental_only:
        incremental_rounds(url, args.incremental_only, load_before)
        return
    full = timed_refresh(full=True)
    print(f"full refresh: {full}", flush=True)
    from pipelines.paths import work_path

    floor = parquet_floor(work_path())
    print(f"floor (DuckDB from Parquet, same ticket rows): {floor}", flush=True)

    with psycopg.connect(url) as conn:
        offset = conn.execute("select count(*) from tickets").fetchone()[0] * 2 + 1
    generate(url, INCREMENT, offset=offset)
    # The sensor's run: what a ticket change reaches (dbt selector ticket_change, SQL checks).
    incremental = timed_refresh(full=False, as_sensor=True)
    print(f"incremental refresh (+~{INCREMENT} tickets, the sensor's run): {incremental}", flush=True)
    result = {"tickets": total, "generated_s": generated_s, "full_refresh": full, "parquet_floor": floor,
              "incremental_refresh": incremental, "cpus": os.cpu_count(),
              "load_average_at_start": [round(x, 1) for x in load_before],
              "load_average_after_refreshes": [round(x, 1) for x in os.getloadavg()]}
    if args.queries:
        result["latency"] = service_latency(url, args.queries)
        result["queries_per_call"] = args.queries
    result["load_average_at_end"] = [round(x, 1) for x in os.getloadavg()]
    out = ROOT / "bench" / "out" / f"warehouse-{args.tickets}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


def incremental_rounds(url: str, rounds: int, load_before: tuple[float, ...]) -> None:
    """The incremental row alone, `rounds` times (+10,000 tickets, then the sensor's run), on a
    warehouse a full refresh has already built: bench/out/warehouse-incremental.json."""
    from bench.warehouse.generate import generate

    runs = []
    for _ in range(rounds):
        with psycopg.connect(url) as conn:
            offset = conn.execute("select count(*) from tickets").fetchone()[0] * 2 + 1
        generate(url, INCREMENT, offset=offset)
        runs.append(timed_refresh(full=False, as_sensor=True))
        print(f"incremental refresh: {runs[-1]}", flush=True)
    totals = sorted(run["total_s"] for run in runs)
    result = {"rounds": runs, "median_total_s": totals[len(totals) // 2], "cpus": os.cpu_count(),
              "load_average_at_start": [round(x, 1) for x in load_before],
              "load_average_at_end": [round(x, 1) for x in os.getloadavg()]}
    out = ROOT / "bench" / "out" / "warehouse-incremental.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


def service_latency(url: str, queries: int) -> dict:
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
        for _ in range(queries):
            t0 = time.perf_counter()
            call()
            samples.append((time.perf_counter() - t0) * 1000)
        latency[name] = {"p50_ms": round(percentile(samples, 50), 1), "p95_ms": round(percentile(samples, 95), 1)}
        print(f"warehouse {name}: {latency[name]}")
    samples = []
    with psycopg.connect(url) as conn:
        params = {"c": company, "tz": tz, "s": f.start, "e": f.end}
        for _ in range(queries):
            t0 = time.perf_counter()
            for query in POSTGRES_DASHBOARD:
                conn.execute(query, params).fetchall()
            samples.append((time.perf_counter() - t0) * 1000)
    latency["postgres dashboard GROUP BY"] = {"p50_ms": round(percentile(samples, 50), 1),
                                              "p95_ms": round(percentile(samples, 95), 1)}
    print(f"postgres dashboard: {latency['postgres dashboard GROUP BY']}")

    return latency


if __name__ == "__main__":
    main()
