"""Dashboard and report calls over HTTP under load, beside the same figures by GROUP BY in Postgres.

Usage (the lead's 10M run: database flow_bench in the private cluster, its published warehouse):
    .venv/bin/python -m bench.warehouse.http --database flow_bench \\
        --warehouse .flow/bench/flow.duckdb --rounds 50 --pg-runs 3

It starts the API (uvicorn, 2 workers, loopback) on the given database and published warehouse
file, signs in as a store_admin of the company with the most tickets (created in that database
if it has none: the generated bench companies have no users), then runs `--clients` concurrent
clients (threads, one httpx client and token each) that call the eight dashboard and report
endpoints in turn, `--rounds` times each, for the last 365 days of the data (`--end`). p50, p95
and p99 per endpoint. Then the same figures by GROUP BY on the operational tables in Postgres,
`--pg-runs` times each (serially, one connection). One JSON in bench/out/http-<tickets>.json and
a table to paste. The load average is recorded at the start and the end.

Aging needs invoices: `--invoices N` first generates N invoices with bench/money's generator
(200 customers per bench company, spread evenly) if the database has none and runs a full
warehouse refresh into `--warehouse` so the published file holds them.
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import threading
import time
from datetime import date, timedelta
from pathlib import Path

import httpx
import psycopg

from bench.warehouse.run import POSTGRES_DASHBOARD, bench_database, percentile

ROOT = Path(__file__).resolve().parents[2]
EMAIL = "bench-admin@flow.bench"
PASSWORD = "BenchAdmin2026!"


def endpoints(start: date, end: date, year: int) -> dict[str, tuple[str, dict]]:
    period = {"start_date": start.isoformat(), "end_date": end.isoformat()}
    return {
        "analytics/dashboard": ("/api/analytics/dashboard", period),
        "reports/basic": ("/api/reports/basic", period),
        "reports/tickets+breakdowns": ("/api/reports/tickets", {**period, "include_breakdowns": "true"}),
        "reports/esg": ("/api/reports/esg", period),
        "reports/cost-analysis": ("/api/reports/cost-analysis", period),
        "compliance/dashboard": ("/api/compliance/dashboard", {"year": str(year)}),
        "carbon-credits/summary": ("/api/carbon-credits/summary", {"period": "all"}),
        "invoices/aging-report": ("/api/invoices/aging-report", {"as_of": end.isoformat()}),
    }


# The same figures by GROUP BY on the operational tables (completed tickets, the company's local
# days): what each endpoint would cost without the warehouse. %(c)s company, %(tz)s its zone,
# %(s)s / %(e)s the period, %(y0)s / %(y1)s the compliance year, %(d)s the aging as-of day.
T = "from tickets where company_id = %(c)s and status = 'completed'"
PERIOD = "and (ticket_at at time zone %(tz)s)::date between %(s)s and %(e)s"
LOCAL = "(ticket_at at time zone %(tz)s)::date"
POSTGRES = {
    "analytics/dashboard": POSTGRES_DASHBOARD,
    "reports/basic": (
        f"""select count(*), sum(net_weight), sum(gross_weight), sum(tare_weight),
                   sum(net_weight) filter (where destination_is_diversion) {T} {PERIOD}""",),
    "reports/tickets+breakdowns": (
        f"""select count(*), sum(net_weight), count(*) filter (where is_inbound), sum(net_weight) filter (where is_inbound)
            {T} {PERIOD}""",
        *(f"select {col}, count(*), sum(net_weight) {T} {PERIOD} group by 1 order by 3 desc"
          for col in ("waste_type_name", "destination_name", "employee_name", "container_name", "store_id", LOCAL)),
    ),
    "reports/esg": (
        f"""select count(*), sum(net_weight), count(distinct store_id),
                   sum(net_weight) filter (where destination_is_diversion),
                   sum(net_weight) filter (where destination_management_path = 'donation')
            {T} and not is_inbound {PERIOD}""",),
    "reports/cost-analysis": (
        f"""select count(*), sum(net_weight), sum(net_weight) filter (where destination_is_diversion)
            {T} and not is_inbound {PERIOD}""",
        f"""select store_id, sum(net_weight), sum(net_weight) filter (where destination_is_diversion)
            {T} and not is_inbound {PERIOD} group by 1""",
        f"""select waste_type_name, sum(net_weight) {T} and not is_inbound {PERIOD}
            group by 1 order by 2 desc limit 3""",
    ),
    "compliance/dashboard": (
        f"""select date_trunc('month', {LOCAL}), count(*), sum(net_weight),
                   sum(net_weight) filter (where destination_is_diversion)
            {T} and not is_inbound and {LOCAL} >= %(y0)s and {LOCAL} < %(y1)s group by 1 order by 1""",
        f"""select store_id, count(*), sum(net_weight), sum(net_weight) filter (where destination_is_diversion)
            {T} and not is_inbound and {LOCAL} >= %(y0)s and {LOCAL} < %(y1)s group by 1""",
    ),
    "carbon-credits/summary": (
        f"""select date_trunc('month', {LOCAL}), destination_management_path, count(*), sum(net_weight)
            {T} and not is_inbound and destination_is_diversion group by 1, 2 order by 1""",),
    "invoices/aging-report": (
        """select case when %(d)s <= i.due_date then 'CURRENT' when %(d)s - i.due_date <= 30 then '1-30'
                       when %(d)s - i.due_date <= 60 then '31-60' when %(d)s - i.due_date <= 90 then '61-90'
                       else '90+' end as bucket,
                  sum(i.amount - coalesce(p.paid, 0)), count(*)
           from invoices i left join (
               select invoice_id, sum(amount) as paid from payments
               where company_id = %(c)s and (paid_at at time zone %(tz)s)::date <= %(d)s group by invoice_id
           ) p on p.invoice_id = i.id
           where i.company_id = %(c)s and i.payment_status <> 'void' and i.issue_date <= %(d)s
             and i.amount - coalesce(p.paid, 0) > 0
           group by 1""",),
}


def ensure_admin(url: str, company_id) -> None:
    """A store_admin of the company to sign in as (the bench companies are generated without users)."""
    from api.core.security import hash_secret

    with psycopg.connect(url) as conn:
        if conn.execute("select 1 from users where email = %s", (EMAIL,)).fetchone():
            conn.execute("update users set company_id = %s, is_active = true where email = %s", (company_id, EMAIL))
            return
        conn.execute(
            "insert into users (id, company_id, email, password_hash, role, first_name, last_name, is_active, "
            "setup_completed, preferences, token_version, pin_failed_count) values "
            "(gen_random_uuid(), %s, %s, %s, 'store_admin', 'Bench', 'Admin', true, true, '{}', 1, 0)",
            (company_id, EMAIL, hash_secret(PASSWORD)),
        )


def cpu_seconds(root: int) -> float:
    """User + system CPU seconds of a process and all its descendants (uvicorn and its workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    stats = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        stats[int(stat.parent.name)] = (int(fields[1]), int(fields[11]) + int(fields[12]))  # ppid, utime+stime
    tree, total, grew = {root}, 0, True
    while grew:
        grew = False
        for pid, (ppid, _) in stats.items():
            if ppid in tree and pid not in tree:
                tree.add(pid)
                grew = True
    for pid in tree:
        total += stats.get(pid, (0, 0))[1]
    return total / tick


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_api(url: str, warehouse: Path, port: int, workers: int, *, result_cache: bool = True) -> subprocess.Popen:
    env = {**os.environ, "FLOW_DATABASE_URL": url, "FLOW_WAREHOUSE_PATH": str(warehouse)}
    if not result_cache:
        env["FLOW_WAREHOUSE_RESULT_CACHE_ROWS"] = "0"
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "api.main:app", "--host", "127.0.0.1", "--port", str(port),
         "--workers", str(workers), "--log-level", "warning", "--no-access-log"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL)  # the app's access log, one JSON line a request
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/analytics/refreshed", timeout=2).status_code < 500:
                return proc
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            raise SystemExit("the API did not start")
        time.sleep(0.5)
    proc.terminate()
    raise SystemExit("the API did not answer within 90 s")


def cold_calls(calls: dict, client: int, round_: int, clients: int, end: date) -> dict:
    """The calls with parameters no earlier call of the run used (a result cache cannot answer):
    the 365-day period ends one day earlier per call, the aging as-of day with it."""
    shift = round_ * clients + client + 1
    last = end - timedelta(days=shift)
    period = {"start_date": (last - timedelta(days=364)).isoformat(), "end_date": last.isoformat()}
    fresh = {}
    for name, (path, params) in calls.items():
        if "start_date" in params:
            params = {**params, **period}
        elif "as_of" in params:
            params = {**params, "as_of": last.isoformat()}
        fresh[name] = (path, params)
    return fresh


def client_loop(base: str, token: str, calls: dict, rounds: int, samples: dict, errors: list,
                cold: tuple[int, int, date] | None = None) -> None:
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=120) as client:
        for round_ in range(rounds):
            this_round = cold_calls(calls, cold[0], round_, cold[1], cold[2]) if cold else calls
            for name, (path, params) in this_round.items():
                t0 = time.perf_counter()
                r = client.get(path, params=params)
                elapsed = (time.perf_counter() - t0) * 1000
                if r.status_code != 200:
                    errors.append(f"{name}: {r.status_code} {r.text[:200]}")
                samples[name].append(elapsed)


def stats(samples: list[float]) -> dict:
    return {"n": len(samples), "p50_ms": round(percentile(samples, 50), 1),
            "p95_ms": round(percentile(samples, 95), 1), "p99_ms": round(percentile(samples, 99), 1)}


def prepare_invoices(url: str, warehouse: Path, invoices: int) -> float | None:
    from bench.money.run import generate

    with psycopg.connect(url) as conn:
        have = conn.execute("select count(*) from invoices").fetchone()[0]
    if have:
        return None
    started = time.perf_counter()
    generate(url, invoices)
    os.environ["FLOW_DATABASE_URL"] = url
    os.environ["FLOW_WAREHOUSE_PATH"] = str(warehouse)
    from api.core.config import get_settings

    get_settings.cache_clear()
    from pipelines.refresh import refresh_once

    refresh_once(full=True)
    return round(time.perf_counter() - started, 1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", default="flow_bench", help="database in the private cluster")
    parser.add_argument("--url", help="database URL (instead of --database)")
    parser.add_argument("--warehouse", default=str(ROOT / ".flow" / "bench" / "flow.duckdb"),
                        help="the published warehouse file of that database")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=50, help="calls of each endpoint per client")
    parser.add_argument("--pg-runs", type=int, default=3, help="runs of each Postgres GROUP BY reference")
    parser.add_argument("--end", type=date.fromisoformat, default=date(2026, 10, 31),
                        help="last day of the 365-day period (the generated tickets end 2026-10-31)")
    parser.add_argument("--invoices", type=int, default=0,
                        help="generate this many invoices (and refresh the warehouse) if the database has none")
    parser.add_argument("--cold", action="store_true",
                        help="every call misses the warehouse result cache: each 365-day period (and aging "
                             "as-of day) is one no earlier call used, and the API runs with the result cache "
                             "off (the compliance year and the carbon period cannot be varied): what a first "
                             "read after a publish costs")
    parser.add_argument("--port", type=int, default=0, help="the API's port (default: any free one)")
    parser.add_argument("--skip-postgres", action="store_true", help="leave out the Postgres GROUP BY reference")
    args = parser.parse_args()

    url = args.url or bench_database(args.database)
    warehouse = Path(args.warehouse).resolve()
    prepared_s = prepare_invoices(url, warehouse, args.invoices) if args.invoices else None
    with psycopg.connect(url) as conn:
        company, tz, tickets = conn.execute(
            "select c.id, c.timezone, count(*) from companies c join tickets t on t.company_id = c.id "
            "group by c.id, c.timezone order by count(*) desc limit 1").fetchone()
        total = conn.execute("select count(*) from tickets").fetchone()[0]
        invoices = conn.execute("select count(*) from invoices where company_id = %s", (company,)).fetchone()[0]
    ensure_admin(url, company)
    start, end = args.end - timedelta(days=364), args.end
    calls = endpoints(start, end, end.year)

    load_start = os.getloadavg()
    port = args.port or free_port()
    api = start_api(url, warehouse, port, args.workers, result_cache=not args.cold)
    base = f"http://127.0.0.1:{port}"
    try:
        token = httpx.post(f"{base}/api/auth/login", json={"email": EMAIL, "password": PASSWORD},
                           timeout=30).raise_for_status().json()["access_token"]
        # The receivables routes need the inbound module on (a company setting, off by default),
        # turned on as an administrator does it in Admin Settings (no GET writes the settings row).
        httpx.put(f"{base}/api/system/settings", json={"inbound_module_enabled": True},
                  headers={"Authorization": f"Bearer {token}"}, timeout=60).raise_for_status()
        # warm-up: every endpoint once per worker (opens the published file, fills caches)
        warm = {name: [] for name in calls}
        client_loop(base, token, calls, 2 * args.workers, warm, errors := [])
        if errors:
            raise SystemExit("warm-up failed: " + "; ".join(errors[:3]))
        samples: dict[str, list[float]] = {name: [] for name in calls}
        threads = [threading.Thread(target=client_loop, args=(base, token, calls, args.rounds, samples, errors),
                                    kwargs={"cold": (i, args.clients, end) if args.cold else None})
                   for i in range(args.clients)]
        cpu_start = cpu_seconds(api.pid)
        load_before_http = os.getloadavg()
        started = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        http_s = time.perf_counter() - started
        api_cpu_s = cpu_seconds(api.pid) - cpu_start
    finally:
        api.terminate()
        try:
            api.wait(timeout=30)
        except subprocess.TimeoutExpired:
            api.kill()
    load_http_end = os.getloadavg()

    postgres = {}
    params = {"c": company, "tz": tz, "s": start, "e": end, "d": end,
              "y0": date(end.year, 1, 1), "y1": date(end.year + 1, 1, 1)}
    with psycopg.connect(url) as conn:
        for name, queries in ({} if args.skip_postgres else POSTGRES).items():
            runs = []
            for _ in range(args.pg_runs):
                t0 = time.perf_counter()
                for query in queries:
                    conn.execute(query, params).fetchall()
                runs.append((time.perf_counter() - t0) * 1000)
            postgres[name] = {"runs": args.pg_runs, "queries": len(queries),
                              "p50_ms": round(percentile(runs, 50), 1), "max_ms": round(max(runs), 1)}
            print(f"postgres {name}: {postgres[name]}", flush=True)

    http = {name: stats(s) for name, s in samples.items()}
    result = {
        "tickets": total, "company_tickets": tickets, "company_invoices": invoices, "period": [str(start), str(end)],
        "clients": args.clients, "workers": args.workers, "rounds": args.rounds, "errors": len(errors),
        "error_samples": errors[:5], "http_seconds": round(http_s, 1),
        "requests_per_s": round(sum(len(s) for s in samples.values()) / http_s, 1),
        "mode": "cold (every call misses the result cache)" if args.cold else "repeated (the same calls again)",
        "api_cpu_ms_per_request": round(api_cpu_s * 1000 / max(1, sum(len(s) for s in samples.values())), 2),
        "load_average_before_http": [round(x, 1) for x in load_before_http],
        "http": http, "postgres_group_by": postgres, "invoices_prepared_s": prepared_s, "cpus": os.cpu_count(),
        "load_average_at_start": [round(x, 1) for x in load_start],
        "load_average_after_http": [round(x, 1) for x in load_http_end],
        "load_average_at_end": [round(x, 1) for x in os.getloadavg()],
        "warehouse": str(warehouse),
    }
    out = ROOT / "bench" / "out" / f"http-{total}{'-cold' if args.cold else ''}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2, default=str))
    print(json.dumps(result, indent=2, default=str))
    print(f"\n| call | HTTP p50 / p95 / p99 ({args.clients} clients) | Postgres GROUP BY p50 ({args.pg_runs} runs) |")
    print("|---|---|---|")
    for name in calls:
        h, p = http[name], postgres.get(name)
        reference = f"{p['p50_ms']:,} ms" if p else "-"
        print(f"| {name} | {h['p50_ms']:,} / {h['p95_ms']:,} / {h['p99_ms']:,} ms | {reference} |")
    if errors:
        raise SystemExit(f"{len(errors)} calls failed, e.g. {errors[0]}")


if __name__ == "__main__":
    main()
