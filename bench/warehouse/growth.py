"""The warehouse's growth curve (issue 35, target 6): full refresh, incremental refresh, cold read
p95 and warehouse size against the number of tickets, drawn with plotly.

The points live in bench/warehouse/growth.json (committed, one per size and machine, each with its
load, date and commit). Each machine is its own line: sessions run on machines of different speeds
(a pure-Python loop of 30 M additions, `--machine`), and one curve must not join two of them. A
point is added from one size's bench outputs:

    .venv/bin/python -m bench.warehouse.growth --add \\
        --refresh <worktree>/bench/out/warehouse-3000000.json --cold bench/out/http-<tickets>-cold.json \\
        --commit <hash> --machine "29 Nov evening (30 M additions 1.75 s)" [--note "..."]
    .venv/bin/python -m bench.warehouse.growth          # draws bench/warehouse/growth.html and .png

growth.html loads plotly.js from its CDN (a few kB in the repository); growth.png is the same chart
drawn by the machine's Chromium from a copy with plotly.js inlined, so it reads offline.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import plotly.graph_objects as go
from plotly.subplots import make_subplots

HERE = Path(__file__).resolve().parent
POINTS = HERE / "growth.json"
CONFIG = {"displayModeBar": False}


def load_points() -> list[dict]:
    return json.loads(POINTS.read_text()) if POINTS.exists() else []


DEFAULT_MACHINE = "29 Nov morning (30 M additions 4.6 s)"  # the points taken before machines were named


def add_point(refresh_file: Path, cold_file: Path | None, commit: str, note: str, machine: str) -> dict:
    refresh = json.loads(refresh_file.read_text())
    point = {
        "tickets": refresh["tickets"],
        "machine": machine,
        "full_refresh_s": refresh["full_refresh"]["total_s"],
        "full_refresh_stages_s": refresh["full_refresh"]["stages_s"],
        "parquet_floor_read_s": refresh["parquet_floor"]["duckdb_read_parquet_s"],
        "incremental_s": refresh["incremental_refresh"]["total_s"],
        "incremental_stages_s": refresh["incremental_refresh"]["stages_s"],
        "warehouse_mb": refresh["incremental_refresh"]["build_file_mb"],
        "refresh_load": [refresh["load_average_at_start"], refresh["load_average_at_end"]],
        "commit": commit,
        "taken": datetime.now(tz=UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "note": note,
    }
    if cold_file:
        cold = json.loads(cold_file.read_text())
        point["cold_read_p95_ms"] = {name: s["p95_ms"] for name, s in cold["http"].items()}
        point["cold_read_worst_p95_ms"] = max(point["cold_read_p95_ms"].values())
        point["cold_read_cpu_ms_per_call"] = cold["api_cpu_ms_per_request"]
        point["cold_read_load"] = [cold["load_average_before_http"], cold["load_average_after_http"]]
    points = [p for p in load_points()
              if (p["tickets"], p.get("machine", DEFAULT_MACHINE)) != (point["tickets"], machine)] + [point]
    points.sort(key=lambda p: (p.get("machine", DEFAULT_MACHINE), p["tickets"]))
    POINTS.write_text(json.dumps(points, indent=1) + "\n")
    return point


def figure(points: list[dict]) -> go.Figure:
    fig = make_subplots(rows=2, cols=2, subplot_titles=(
        "Full refresh (s)", "Incremental refresh, +10,000 tickets (s)",
        "Cold read, worst call's p95 over HTTP, 8 clients (ms)", "Warehouse file (MB)"))
    machines = sorted({p.get("machine", DEFAULT_MACHINE) for p in points})
    palette = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd")
    for index, machine in enumerate(machines):
        mine = [p for p in points if p.get("machine", DEFAULT_MACHINE) == machine]
        style = {"mode": "lines+markers", "legendgroup": machine, "line": {"color": palette[index % len(palette)]}}
        millions = [p["tickets"] / 1e6 for p in mine]
        fig.add_trace(go.Scatter(x=millions, y=[p["full_refresh_s"] for p in mine], name=machine, **style), 1, 1)
        fig.add_trace(go.Scatter(x=millions, y=[p["incremental_s"] for p in mine], name=machine,
                                 showlegend=False, **style), 1, 2)
        cold = [p for p in mine if "cold_read_worst_p95_ms" in p]
        fig.add_trace(go.Scatter(x=[p["tickets"] / 1e6 for p in cold], y=[p["cold_read_worst_p95_ms"] for p in cold],
                                 name=machine, showlegend=False, **style), 2, 1)
        fig.add_trace(go.Scatter(x=millions, y=[p["warehouse_mb"] for p in mine], name=machine,
                                 showlegend=False, **style), 2, 2)
    targets = {(1, 1): 60, (1, 2): 10, (2, 1): 50}  # issue 35's targets at 10 M
    for (row, col), value in targets.items():
        fig.add_hline(y=value, line_dash="dot", line_color="firebrick", row=row, col=col,
                      annotation_text=f"target {value}", annotation_position="top left")
    fig.update_xaxes(title_text="tickets (millions)", type="log", tickvals=[1, 3, 10, 30], ticktext=["1", "3", "10", "30"])
    fig.update_yaxes(rangemode="tozero")
    fig.update_layout(title="Flow's warehouse on one 2-core machine (bench/warehouse/growth.json)",
                      showlegend=True, legend={"orientation": "h", "y": -0.12}, width=1100, height=800,
                      template="plotly_white")
    return fig


def draw(points: list[dict]) -> None:
    fig = figure(points)
    fig.write_html(HERE / "growth.html", include_plotlyjs="cdn", config=CONFIG)
    chromium = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "growth.html"
        fig.write_html(page, include_plotlyjs=True, config=CONFIG)
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        "--window-size=1120,820", f"--screenshot={HERE / 'growth.png'}", page.as_uri()],
                       check=True, capture_output=True, timeout=120)
    print(f"drew {len(points)} points: {HERE / 'growth.html'}, {HERE / 'growth.png'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--add", action="store_true", help="add (or replace) the point of one size")
    parser.add_argument("--refresh", type=Path, help="bench.warehouse.run's warehouse-<tickets>.json")
    parser.add_argument("--cold", type=Path, help="bench.warehouse.http --cold's http-<tickets>-cold.json")
    parser.add_argument("--commit", default="", help="the code the figures were taken on")
    parser.add_argument("--note", default="", help="load, anything a reader must know")
    parser.add_argument("--machine", default=DEFAULT_MACHINE,
                        help="the machine's name and speed (its own line on the chart)")
    args = parser.parse_args()
    if args.add:
        if not args.refresh:
            parser.error("--add needs --refresh")
        print(json.dumps(add_point(args.refresh, args.cold, args.commit, args.note, args.machine), indent=1))
    draw(load_points())


if __name__ == "__main__":
    main()
