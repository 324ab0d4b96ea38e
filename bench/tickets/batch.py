"""Offline sync over real HTTP: 500 tickets through POST /api/tickets/batch, beside a COPY of the
same rows into scratch copies of the tables, in the same run.

    .venv/bin/python -m bench.tickets.batch [--tickets 500] [--rounds 3] [--workers 2]

The API under `uvicorn --workers N` on a loopback port against a throw-away database (see
bench.tickets.http_rate), sign-in over HTTP. Each round syncs `--tickets` new offline tickets
(one line item each, weighed over the past days) in calls of at most 500, the contract's cap
(TicketBatch.tickets maxItems), one after the other, as a device coming back online does; the
figure is tickets per second over the round (median of the rounds). The reference COPYs the
rows the API wrote (same columns, values read back first, so it times the write alone) into
`like tickets including defaults including indexes` (and the line items into a copy of
ticket_line_items) in one transaction. Writes bench/out/tickets/batch.json.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time
import uuid
from datetime import UTC, datetime, timedelta

import psycopg

from bench.db import throwaway_database
from bench.tickets.http_rate import OUT, PAYLOAD, Server, seed, sign_in

CALL_CAP = 500


def offline_tickets(n: int) -> list[dict]:
    now = datetime.now(tz=UTC)
    return [{**PAYLOAD, "status": "completed", "client_id": str(uuid.uuid4()), "gross_weight": 40 + i % 30,
             "ticket_at": (now - timedelta(days=i % 5, minutes=i)).isoformat()} for i in range(n)]


def sync_round(base: str, headers: dict, n: int) -> dict:
    import httpx

    tickets = offline_tickets(n)
    calls = []
    with httpx.Client(base_url=base, headers=headers, timeout=300) as client:
        start = time.perf_counter()
        for i in range(0, n, CALL_CAP):
            part = tickets[i:i + CALL_CAP]
            t0 = time.perf_counter()
            r = client.post("/api/tickets/batch", json={"tickets": part})
            calls.append(time.perf_counter() - t0)
            r.raise_for_status()
            body = r.json()
            if body["created"] != len(part):
                raise RuntimeError(f"batch created {body['created']} of {len(part)}: {r.text[:500]}")
        total = time.perf_counter() - start
    return {"seconds": total, "calls_ms": [round(c * 1000, 1) for c in calls],
            "client_ids": [t["client_id"] for t in tickets]}


def copy_reference(url: str, client_ids: list[str]) -> dict:
    """COPY the rows the API wrote for these client_ids into scratch copies of the tables."""
    with psycopg.connect(url) as conn:
        conn.execute("create table if not exists scratch_tickets (like tickets including defaults including indexes)")
        conn.execute("create table if not exists scratch_lines "
                     "(like ticket_line_items including defaults including indexes)")
        conn.execute("truncate scratch_tickets, scratch_lines")
        conn.commit()
        cur = conn.execute("select * from tickets where client_id = any(%s::uuid[])", (client_ids,))
        t_cols = [d.name for d in cur.description]
        t_rows = cur.fetchall()
        cur = conn.execute("select l.* from ticket_line_items l join tickets t on t.id = l.ticket_id "
                           "where t.client_id = any(%s::uuid[])", (client_ids,))
        l_cols = [d.name for d in cur.description]
        l_rows = cur.fetchall()
        conn.commit()

        def copy(table: str, cols: list[str], rows: list[tuple]) -> None:
            names = ", ".join(f'"{c}"' for c in cols)
            with conn.cursor().copy(f"copy {table} ({names}) from stdin") as cp:
                for row in rows:
                    cp.write_row(row)

        start = time.perf_counter()
        copy("scratch_tickets", t_cols, t_rows)
        conn.commit()
        tickets_only = time.perf_counter() - start
        conn.execute("truncate scratch_tickets, scratch_lines")
        conn.commit()
        start = time.perf_counter()
        copy("scratch_tickets", t_cols, t_rows)
        copy("scratch_lines", l_cols, l_rows)
        conn.commit()
        with_lines = time.perf_counter() - start
    return {"rows": len(t_rows), "line_rows": len(l_rows), "tickets_only_s": tickets_only,
            "with_line_items_s": with_lines}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tickets", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    load_start = os.getloadavg()
    rounds, copies = [], []
    with throwaway_database() as (_admin, url):
        email, password = seed()
        server = Server(args.workers)
        try:
            server.wait_ready()
            headers = sign_in(server.base, email, password)
            sync_round(server.base, headers, min(args.tickets, CALL_CAP))  # warm-up: imports, pools, counter rows
            for _ in range(args.rounds):
                done = sync_round(server.base, headers, args.tickets)
                rounds.append(done)
                copies.append(copy_reference(url, done["client_ids"]))
        finally:
            server.stop()
    api_rate = statistics.median(args.tickets / r["seconds"] for r in rounds)
    copy_rate = statistics.median(c["rows"] / c["tickets_only_s"] for c in copies)
    copy_lines_rate = statistics.median(c["rows"] / c["with_line_items_s"] for c in copies)
    result = {
        "what": f"{args.tickets} offline tickets through POST /api/tickets/batch over HTTP (calls of <= {CALL_CAP}), "
                "beside COPY of the same rows",
        "tickets": args.tickets, "rounds": args.rounds, "workers": args.workers,
        "api_tickets_per_s": round(api_rate, 1),
        "api_round_ms": [round(r["seconds"] * 1000, 1) for r in rounds],
        "api_calls_ms": [r["calls_ms"] for r in rounds],
        "copy_tickets_per_s": round(copy_rate, 1),
        "copy_with_line_items_tickets_per_s": round(copy_lines_rate, 1),
        "ratio_api_to_copy": round(api_rate / copy_rate, 4),
        "target_tickets_per_s": 2000,
        "loadavg_start": [round(x, 2) for x in load_start], "loadavg_end": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
    }
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "batch.json").write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
