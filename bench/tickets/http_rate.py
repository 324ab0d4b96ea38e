"""POST /api/tickets over real HTTP at a fixed rate, beside pgbench single-row inserts.

    .venv/bin/python -m bench.tickets.http_rate [--rate 300] [--seconds 30] [--warmup 5]
        [--workers 2] [--pgbench-seconds 15]
    .venv/bin/python -m bench.tickets.http_rate --generator wrk [--connections 4] [--seconds 30]

A throw-away database in the private cluster; the API under `uvicorn --workers N` on a loopback
port (no access log, as `flow up`); sign-in over HTTP for a token. The load generator is one
asyncio process with one httpx.AsyncClient (keep-alive pool): open loop, request i is sent at
start + i/rate whatever the earlier ones are doing, and its latency counts from that planned
time (a server that falls behind shows it). Then pgbench (custom script: one INSERT of one row
into a copy of the tickets table, same columns and indexes, values of a ticket the API wrote,
2 clients, prepared statements) gives the database's own rate on the same machine, and the
ratio API rate / pgbench tps. Load average at start and end, CPU seconds of the load generator
and of the API workers, per request. Writes bench/out/tickets/http_rate.json.

`--generator wrk` drives the same API with wrk (C, epoll; `apt-get install wrk`) instead: closed
loop, `--connections` keep-alive connections each sending its next POST when the last one is
answered, through bench/tickets/create.lua (a fresh client_id per request, p95 from wrk's own
histogram). A Python generator costs about as much CPU per request as the API does on this
2-core machine; wrk costs a small fraction, so this gives the rate the API itself can carry and
the latency at that rate.
"""
from __future__ import annotations

import argparse
import asyncio
import glob
import json
import os
import re
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psycopg

from bench.db import throwaway_database

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "bench" / "out" / "tickets"
PAYLOAD = {"waste_type": "Food Waste", "destination": "Compost", "container_type": "Slim Jim 23 (23gal)",
           "gross_weight": 57.8, "line_items": [{"waste_type": "Food Waste", "quantity": 50, "unit": "lbs"}]}


# ----------------------------------------------------------------------------------------------
# Shared with bench.tickets.batch: seed, server (the database: bench.db)
# ----------------------------------------------------------------------------------------------
def seed() -> tuple[str, str]:
    """A company with one location and the reference lists; (admin email, password)."""
    from api.core.config import get_settings
    from api.core.db import dispose_engine, init_engine
    from tests.api.tickets.lists import ensure_lists
    from tests.factories import PASSWORD, Factory

    async def go():
        get_settings.cache_clear()
        init_engine(get_settings())
        tenant = await Factory().tenant(stores=1)
        await ensure_lists(tenant)
        await dispose_engine()
        return tenant.admin.email

    return asyncio.run(go()), PASSWORD


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`uvicorn api.main:app --workers N` in its own process group, stopped by its pid."""

    def __init__(self, workers: int):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        cmd = [sys.executable, "-m", "uvicorn", "api.main:app", "--host", "127.0.0.1", "--port", str(self.port),
               "--workers", str(workers), "--no-access-log", "--log-level", "warning"]
        fd, self.log_path = tempfile.mkstemp(prefix="flow-bench-api-", suffix=".log")
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=dict(os.environ), stdout=fd, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        os.close(fd)

    def wait_ready(self, timeout: float = 90) -> None:
        import httpx

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"API exited; see {self.log_path}")
            try:
                if httpx.get(f"{self.base}/api/healthz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.3)
        raise RuntimeError(f"API not ready after {timeout} s; see {self.log_path}")

    def pids(self) -> list[int]:
        """The uvicorn process and its workers (all in the group we started)."""
        found = []
        for stat in glob.glob("/proc/[0-9]*/stat"):
            try:
                fields = Path(stat).read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == self.proc.pid:  # process group id
                found.append(int(stat.split("/")[2]))
        return found

    def cpu_seconds(self) -> float:
        tick = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in self.pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])  # utime, stime
        return total / tick

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


def sign_in(base: str, email: str, password: str) -> dict[str, str]:
    import httpx

    r = httpx.post(f"{base}/api/auth/login", json={"email": email, "password": password}, timeout=30)
    r.raise_for_status()
    return {"Authorization": f"Bearer {r.json()['access_token']}"}


def client_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


# ----------------------------------------------------------------------------------------------
# Open-loop load
# ----------------------------------------------------------------------------------------------
async def open_loop(base: str, headers: dict, rate: float, seconds: float, warmup: float) -> dict:
    import httpx

    limits = httpx.Limits(max_connections=512, max_keepalive_connections=512)
    async with httpx.AsyncClient(base_url=base, headers=headers, limits=limits, timeout=60) as client:
        async def fire(planned: float, keep: list | None):
            body = {**PAYLOAD, "client_id": str(uuid.uuid4())}
            sent = time.perf_counter()
            try:
                r = await client.post("/api/tickets", json=body)
                ok, status = r.status_code == 201, r.status_code
            except httpx.HTTPError as exc:
                ok, status = False, type(exc).__name__
            done = time.perf_counter()
            if keep is not None:
                keep.append((done - planned, done - sent, ok, status, done))

        async def phase(length: float, keep: list | None) -> tuple[float, float]:
            n = int(length * rate)
            tasks = []
            start = time.perf_counter()
            for i in range(n):
                planned = start + i / rate
                delay = planned - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                tasks.append(asyncio.create_task(fire(planned, keep)))
            await asyncio.gather(*tasks)
            return start, time.perf_counter()

        if warmup > 0:
            await phase(warmup, None)
        records: list = []
        cpu0 = client_cpu()
        start, end = await phase(seconds, records)
        cpu = client_cpu() - cpu0
    latencies = [r[0] for r in records]
    service = [r[1] for r in records]
    errors = [r[3] for r in records if not r[2]]
    ok = len(records) - len(errors)
    return {
        "planned": int(seconds * rate), "completed_ok": ok, "errors": len(errors),
        "error_kinds": sorted({str(e) for e in errors}),
        "achieved_rate_per_s": round(ok / (end - start), 1),
        "latency_from_planned_send_ms": {"p50": ms(statistics.median(latencies)), "p95": ms(percentile(latencies, .95)),
                                         "p99": ms(percentile(latencies, .99)), "max": ms(max(latencies))},
        "latency_from_actual_send_ms": {"p50": ms(statistics.median(service)), "p95": ms(percentile(service, .95)),
                                        "p99": ms(percentile(service, .99))},
        "wall_s": round(end - start, 2),
        "load_generator_cpu_ms_per_request": round(cpu * 1000 / max(1, len(records)), 2),
    }


# ----------------------------------------------------------------------------------------------
# Closed loop through wrk
# ----------------------------------------------------------------------------------------------
def wrk_closed_loop(base: str, headers: dict, connections: int, seconds: float, warmup: float) -> dict:
    wrk = shutil.which("wrk")
    if not wrk:
        raise SystemExit("wrk not found (apt-get install wrk)")
    script = Path(__file__).with_name("create.lua")
    env = {**os.environ, "FLOW_BENCH_TOKEN": headers["Authorization"].removeprefix("Bearer "),
           "FLOW_BENCH_BODY": json.dumps({**PAYLOAD, "client_id": "__CLIENT_ID__"})}

    def run(length: float) -> tuple[dict, float]:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        cmd = [wrk, "-t1", f"-c{connections}", f"-d{max(1, round(length))}s", "--timeout", "30s", "-s", str(script),
               base]
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        line = next(x for x in done.stdout.splitlines() if x.startswith("FLOW_BENCH_JSON "))
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return json.loads(line.removeprefix("FLOW_BENCH_JSON ")), cpu

    warm = run(warmup)[0]["requests"] if warmup > 0 else 0
    summary, cpu = run(seconds)
    errors = summary["status_errors"] + summary["socket_errors"] + summary["timeouts"]
    return {
        "connections": connections, "warmup_requests": warm, "completed": summary["requests"], "errors": errors,
        "achieved_rate_per_s": round((summary["requests"] - errors) / summary["duration_s"], 1),
        "latency_ms": {"p50": summary["p50_ms"], "p95": summary["p95_ms"], "p99": summary["p99_ms"],
                       "max": summary["max_ms"]},
        "wall_s": summary["duration_s"],
        "load_generator_cpu_ms_per_request": round(cpu * 1000 / max(1, summary["requests"]), 3),
    }


# ----------------------------------------------------------------------------------------------
# pgbench reference
# ----------------------------------------------------------------------------------------------
def pgbench_path() -> str:
    found = shutil.which("pgbench") or next(iter(sorted(glob.glob("/usr/lib/postgresql/*/bin/pgbench"))), None)
    if not found:
        raise SystemExit("pgbench not found (apt-get install postgresql-client)")
    return found


def pgbench_insert(url: str, seconds: int, clients: int) -> dict:
    """One INSERT of one ticket-shaped row per transaction into a copy of the tickets table."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("create table bench_tickets (like tickets including defaults including indexes)")
        conn.execute("create sequence bench_ticket_seq")
        cur = conn.execute("select * from tickets order by created_at limit 1")
        template = dict(zip([d.name for d in cur.description], cur.fetchone(), strict=True))
        columns, values = [], []
        for column, value in template.items():
            columns.append(psycopg.sql.Identifier(column).as_string(conn))
            if column in ("id", "client_id"):
                values.append("gen_random_uuid()")
            elif column == "ticket_number":
                values.append("'B-' || nextval('bench_ticket_seq')")
            elif column in ("created_at", "updated_at"):
                values.append("now()")
            else:
                if isinstance(value, dict):
                    value = psycopg.types.json.Jsonb(value)
                values.append(psycopg.sql.Literal(value).as_string(conn))
    fd, script = tempfile.mkstemp(suffix=".sql")
    with os.fdopen(fd, "w") as f:
        f.write(f"insert into bench_tickets ({', '.join(columns)}) values ({', '.join(values)});\n")
    cmd = [pgbench_path(), "-n", "-M", "prepared", "-c", str(clients), "-j", str(clients), "-T", str(seconds),
           "-f", script, url]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    tps = float(re.search(r"tps = ([\d.]+)", done.stdout).group(1))
    latency = re.search(r"latency average = ([\d.]+) ms", done.stdout)
    return {"tps": round(tps, 1), "latency_avg_ms": float(latency.group(1)) if latency else None,
            "clients": clients, "seconds": seconds, "command": " ".join(cmd[:-1] + ["<db>"])}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rate", type=float, default=300)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pgbench-seconds", type=int, default=15)
    parser.add_argument("--pgbench-clients", type=int, default=2)
    parser.add_argument("--generator", choices=("asyncio", "wrk"), default="asyncio",
                        help="open loop at --rate from Python, or closed loop from wrk with --connections")
    parser.add_argument("--connections", type=int, default=4, help="wrk's keep-alive connections")
    args = parser.parse_args()
    load_start = os.getloadavg()
    with throwaway_database() as (_admin, url):
        email, password = seed()
        server = Server(args.workers)
        try:
            server.wait_ready()
            headers = sign_in(server.base, email, password)
            cpu0 = server.cpu_seconds()
            if args.generator == "wrk":
                http = wrk_closed_loop(server.base, headers, args.connections, args.seconds, args.warmup)
                requests = http["warmup_requests"] + http["completed"]
            else:
                http = asyncio.run(open_loop(server.base, headers, args.rate, args.seconds, args.warmup))
                requests = int((args.seconds + args.warmup) * args.rate)
            http["api_cpu_ms_per_request"] = round((server.cpu_seconds() - cpu0) * 1000 / max(1, requests), 2)
        finally:
            server.stop()
        pg = pgbench_insert(url, args.pgbench_seconds, args.pgbench_clients)
    what = ("POST /api/tickets over HTTP, closed loop from wrk" if args.generator == "wrk"
            else "POST /api/tickets over HTTP, open loop at a fixed rate")
    generator = (f"wrk, 1 thread, {args.connections} keep-alive connections (bench/tickets/create.lua)"
                 if args.generator == "wrk"
                 else "one asyncio process, httpx.AsyncClient with a keep-alive pool (max 512 connections)")
    result = {
        "what": what + "; pgbench single-row insert beside it",
        "target_rate_per_s": args.rate, "seconds": args.seconds, "warmup_s": args.warmup, "workers": args.workers,
        "http": http, "pgbench_single_row_insert": pg,
        "ratio_api_rate_to_pgbench_tps": round(http["achieved_rate_per_s"] / pg["tps"], 3),
        "load_generator": generator,
        "loadavg_start": [round(x, 2) for x in load_start], "loadavg_end": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
    }
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"http_rate{'-wrk' if args.generator == 'wrk' else ''}.json").write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
