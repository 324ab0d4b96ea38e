"""Ticket-to-dashboard freshness against a running `make run` (API on :8000, Dagster daemon up).

Signs in as the demo manager, notes the dashboard's ticket count for today, creates one ticket
through POST /api/tickets, then polls GET /api/analytics/dashboard every second until the count
moves, and reports the seconds taken (and the warehouse's last_refreshed_at). Repeats --rounds
times with a pause in between so each round waits for the sensor from a quiet state.

    .venv/bin/python -m bench.freshness.run --rounds 5
"""
from __future__ import annotations

import argparse
import json
import time
import uuid
from datetime import date
from pathlib import Path

import httpx

OUT = Path(__file__).resolve().parents[1] / "out" / "freshness.json"
PAYLOAD = {"waste_type": "Food Waste", "destination": "Compost", "container_type": "Slim Jim 23 (23gal)",
           "gross_weight": 57.8, "line_items": [{"waste_type": "Food Waste", "quantity": 50, "unit": "lbs"}]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base-url", default="http://127.0.0.1:8000")
    parser.add_argument("--email", default="manager@bayview.flow.local")
    parser.add_argument("--password", default="FlowDemo2026!")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pause", type=float, default=20.0)
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args()

    with httpx.Client(base_url=args.base_url, timeout=30) as client:
        r = client.post("/api/auth/login", json={"email": args.email, "password": args.password})
        r.raise_for_status()
        headers = {"Authorization": f"Bearer {r.json()['access_token']}"}
        # the demo company's "today" is what the dashboard counts: a wide range covers any zone
        today = date.today().toordinal()
        params = {"start_date": str(date.fromordinal(today - 2)), "end_date": str(date.fromordinal(today + 2))}
        rounds = []
        for n in range(args.rounds):
            before = client.get("/api/analytics/dashboard", params=params, headers=headers).json()
            created = client.post("/api/tickets", json={**PAYLOAD, "client_id": str(uuid.uuid4())}, headers=headers)
            created.raise_for_status()
            started = time.monotonic()
            while True:
                after = client.get("/api/analytics/dashboard", params=params, headers=headers).json()
                if after["total_tickets"] > before["total_tickets"]:
                    waited = time.monotonic() - started
                    break
                if time.monotonic() - started > args.timeout:
                    raise SystemExit(f"round {n}: the ticket did not reach the dashboard in {args.timeout} s")
                time.sleep(1)
            rounds.append(round(waited, 1))
            print(f"round {n + 1}: {waited:.1f} s (refreshed at {after['last_refreshed_at']})", flush=True)
            time.sleep(args.pause)
    ordered = sorted(rounds)
    result = {"rounds_s": rounds, "median_s": ordered[len(ordered) // 2], "max_s": ordered[-1]}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(result, indent=2))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
