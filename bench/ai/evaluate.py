"""Measure the AI readers on the generated set: accuracy, false reads and latency per condition.

    .venv/bin/python -m bench.ai.generate
    .venv/bin/python -m bench.ai.evaluate [--provider local|openai|auto] [--limit N] [--seed N]

A false read is a wrong weight given with a confidence the screen accepts without a second
look (api.ai.reader.DEFAULT_ACCEPT_CONFIDENCE): the worst case, a wrong number on a ticket.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

if __package__ in (None, ""):  # run as a file: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from api.ai import images
from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE
from api.ai.service import reader_for
from api.core.config import get_settings

OUT = Path(__file__).resolve().parents[1] / "out" / "ai"
OUT_DIR = OUT  # the set being measured; --seed points it at a held-out set


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


async def evaluate_weights(reader, rows: list[dict]) -> list[dict]:
    results = []
    max_bytes = get_settings().max_image_bytes
    for row in rows:
        raw = (OUT_DIR / row["file"]).read_bytes()
        start, cpu_start = time.perf_counter(), time.process_time()
        reading = await reader.read_weight(images.open_image(raw, max_bytes))
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        expected = Decimal(row["expected_lb"])
        got = reading.weight_lb
        results.append({**row, "got": str(got) if got is not None else None, "confidence": reading.confidence,
                        "raw_text": reading.raw_text, "seconds": elapsed, "cpu_seconds": cpu,
                        "exact": got == expected, "near": got is not None and abs(got - expected) <= Decimal("0.1"),
                        "false_read": got is not None and got != expected
                        and reading.confidence >= DEFAULT_ACCEPT_CONFIDENCE,
                        "accepted": got is not None and reading.confidence >= DEFAULT_ACCEPT_CONFIDENCE})
    return results


async def evaluate_plates(reader, rows: list[dict]) -> list[dict]:
    results = []
    max_bytes = get_settings().max_image_bytes
    for row in rows:
        raw = (OUT_DIR / row["file"]).read_bytes()
        start = time.perf_counter()
        reading = await reader.read_plate(images.open_image(raw, max_bytes))
        elapsed = time.perf_counter() - start
        results.append({**row, "got": reading.plate, "confidence": reading.confidence, "seconds": elapsed,
                        "exact": reading.plate == row["expected_plate"]})
    return results


def weight_table(provider: str, results: list[dict]) -> str:
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in results:
        groups[r["condition"]].append(r)
        groups[f"style:{r['style']}"].append(r)
        groups["ALL"].append(r)
    lines = [f"Weights, provider {provider}, accept at confidence >= {DEFAULT_ACCEPT_CONFIDENCE:g}",
             "| group | n | exact | within 0.1 lb | accepted | false reads | p50 s | p95 s | p95 CPU s |",
             "|---|---|---|---|---|---|---|---|---|"]
    for name, rs in groups.items():
        secs = [r["seconds"] for r in rs]
        lines.append(f"| {name} | {len(rs)} | {pct(sum(r['exact'] for r in rs), len(rs))} | "
                     f"{pct(sum(r['near'] for r in rs), len(rs))} | {pct(sum(r['accepted'] for r in rs), len(rs))} | "
                     f"{pct(sum(r['false_read'] for r in rs), len(rs))} | {quantile(secs, 0.5):.3f} | "
                     f"{quantile(secs, 0.95):.3f} | {quantile([r['cpu_seconds'] for r in rs], 0.95):.3f} |")
    return "\n".join(lines)


def plate_table(provider: str, results: list[dict]) -> str:
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in results:
        groups[r["condition"]].append(r)
        groups["ALL"].append(r)
    lines = [f"Plates, provider {provider}", "| group | n | exact | p50 s | p95 s |", "|---|---|---|---|---|"]
    for name, rs in groups.items():
        secs = [r["seconds"] for r in rs]
        lines.append(f"| {name} | {len(rs)} | {pct(sum(r['exact'] for r in rs), len(rs))} | "
                     f"{quantile(secs, 0.5):.3f} | {quantile(secs, 0.95):.3f} |")
    return "\n".join(lines)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--provider", default="local", choices=["local", "openai", "auto"])
    parser.add_argument("--limit", type=int, default=0, help="only the first N pictures of each kind")
    parser.add_argument("--every", type=int, default=1, help="every Nth picture (a quick look)")
    parser.add_argument("--skip-plates", action="store_true")
    parser.add_argument("--seed", type=int, default=0,
                        help="measure the held-out set made by `generate --seed N` (bench/out/ai-seedN)")
    args = parser.parse_args()
    global OUT_DIR
    OUT_DIR = OUT.with_name(f"ai-seed{args.seed}") if args.seed else OUT
    manifest = json.loads((OUT_DIR / "manifest.json").read_text())
    reader = reader_for(args.provider, get_settings())
    if args.provider == "local":  # load the model before timing, as a running API has
        from api.ai.local_reader import engine

        engine()
    weight_rows = manifest["weights"][:: args.every][: args.limit or None]
    weight_results = await evaluate_weights(reader, weight_rows)
    report = [weight_table(reader.name, weight_results)]
    plate_results = []
    if not args.skip_plates:
        plate_results = await evaluate_plates(reader, manifest["plates"][:: args.every][: args.limit or None])
        report.append(plate_table(reader.name, plate_results))
    (OUT_DIR / f"results-{args.provider}.json").write_text(json.dumps(
        {"weights": weight_results, "plates": plate_results}, indent=1, default=str))
    print("\n\n".join(report))
    print(f"\nmedian of all latencies: {statistics.median(r['seconds'] for r in weight_results):.3f} s; "
          f"load average when done: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    asyncio.run(main())
