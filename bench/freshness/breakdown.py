"""Where a sensor run's time goes, read from the Dagster instance's own event log (issue 30).

For each of the last --runs sensor runs of the warehouse job: the sensor tick that asked for it,
then RUN_ENQUEUED, RUN_STARTING (dequeued and launched), RUN_START (the run process has loaded
the code location; Dagster stores these as PIPELINE_*), each step's start and end (inside the dbt step, its first and last dbt event: dbt's
start-up and parse before the first), RUN_SUCCESS, and the gap to the next run's tick. Seconds
between consecutive marks; the median over the runs at the end.

    .venv/bin/python -m bench.freshness.breakdown --database flow_dagster_fresh --runs 10
"""
from __future__ import annotations

import argparse
import json
import statistics
from datetime import datetime
from itertools import pairwise

import psycopg

PHASES = ("tick->enqueued", "enqueued->starting (dequeue, launch)", "starting->start (run process load)",
          "start->extract", "extract", "extract->dbt", "dbt start-up", "dbt nodes", "dbt end",
          "dbt->checks", "checks", "checks->publish", "publish", "publish->success")


def run_marks(conn: psycopg.Connection, run_id: str) -> dict[str, datetime]:
    marks: dict[str, datetime] = {}
    rows = conn.execute(
        "select dagster_event_type, step_key, timestamp from event_logs where run_id = %s"
        " and dagster_event_type is not null order by id", (run_id,)).fetchall()
    for kind, step, at in rows:
        step = (step or "").split(".")[-1]
        key = f"{kind}:{step}" if step else kind
        marks.setdefault(key, at)
        if kind in ("ASSET_MATERIALIZATION", "ASSET_CHECK_EVALUATION") and step == "flow_dbt_models":
            marks.setdefault("dbt_first", at)
            marks["dbt_last"] = at
    return marks


def phases(tick: datetime, m: dict[str, datetime]) -> dict[str, float]:
    points = [("tick", tick), ("enq", m.get("PIPELINE_ENQUEUED")),
              ("starting", m.get("PIPELINE_STARTING")), ("start", m.get("PIPELINE_START")),
              ("x0", m.get("STEP_START:raw_tables")), ("x1", m.get("STEP_SUCCESS:raw_tables")),
              ("d0", m.get("STEP_START:flow_dbt_models")), ("df", m.get("dbt_first")),
              ("dl", m.get("dbt_last")), ("d1", m.get("STEP_SUCCESS:flow_dbt_models")),
              ("q0", m.get("STEP_START:quality_expectations")), ("q1", m.get("STEP_SUCCESS:quality_expectations")),
              ("p0", m.get("STEP_START:published_warehouse")), ("p1", m.get("STEP_SUCCESS:published_warehouse")),
              ("end", m.get("PIPELINE_SUCCESS"))]
    out = {}
    for name, (a, b) in zip(PHASES, pairwise(points), strict=True):
        if a[1] and b[1]:
            out[name] = round((b[1] - a[1]).total_seconds(), 2)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="postgresql://postgres@127.0.0.1:54329/")
    parser.add_argument("--database", default="flow_dagster")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with psycopg.connect(args.url.rstrip("/") + "/" + args.database) as conn:
        ticks = []
        for body, at in conn.execute("select tick_body, timestamp from job_ticks where type = 'SENSOR'"
                                     " and status = 'SUCCESS' order by id desc limit %s", (args.runs,)).fetchall():
            run_ids = json.loads(body).get("run_ids") or []
            if run_ids:
                ticks.append((at, run_ids[0]))
        ticks.reverse()
        rows = []
        for n, (tick, run_id) in enumerate(ticks):
            marks = run_marks(conn, run_id)
            row = {"run": run_id[:8], "tick": tick.isoformat(timespec="seconds"), **phases(tick, marks)}
            if "PIPELINE_SUCCESS" in marks:
                row["total"] = round((marks["PIPELINE_SUCCESS"] - tick).total_seconds(), 2)
                if n + 1 < len(ticks):
                    row["end->next tick"] = round((ticks[n + 1][0] - marks["PIPELINE_SUCCESS"]).total_seconds(), 2)
            rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    columns = [*PHASES, "total", "end->next tick"]
    for row in rows:
        print(row["run"], row["tick"], " ".join(f"{c}={row[c]}" for c in columns if c in row))
    print("median:", " ".join(f"{c}={statistics.median(r[c] for r in rows if c in r):.2f}"
                              for c in columns if any(c in r for r in rows)))


if __name__ == "__main__":
    main()
