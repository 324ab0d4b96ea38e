"""Measure the AI readers on the generated set: accuracy, false reads and latency per condition.

    .venv/bin/python -m bench.ai.generate
    .venv/bin/python -m bench.ai.evaluate [--provider local|openai|auto] [--limit N] [--seed N]
    .venv/bin/python -m bench.ai.evaluate --provider openai --record FILE   # real model, keep its answers
    .venv/bin/python -m bench.ai.evaluate --provider openai --replay FILE   # loopback server replaying them
    .venv/bin/python -m bench.ai.evaluate --dir bench/out/ai-heldout-TAG --skip-plates   # the second source

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
from bench.ai.replay import ReplayServer, image_key

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
                        "raw_text": reading.raw_text, "reason": reading.reason,
                        "doubts": list(getattr(reading, "doubts", ())), "seconds": elapsed, "cpu_seconds": cpu,
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
                        "detected_text": reading.detected_text,
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


def kind_of_error(r: dict) -> str | None:
    """kg/lb confusion, a 10x error (a lost or extra decimal point or digit), or another misread."""
    if r["got"] is None or r["exact"]:
        return None
    got, expected, shown = Decimal(r["got"]), Decimal(r["expected_lb"]), Decimal(r["shown"])
    if r["unit"] == "kg" and abs(got - shown) <= Decimal("0.1"):
        return "kg read as lb"
    if r["unit"] == "lb" and abs(got - shown * Decimal("2.20462")) <= Decimal("0.2"):
        return "lb read as kg"
    for factor in (Decimal(10), Decimal(100), Decimal("0.1"), Decimal("0.01")):
        if expected and abs(got - expected * factor) <= max(Decimal("0.2"), abs(expected * factor) / 1000):
            return "10x"
    return "other"


BINS = ((0, 40), (40, 60), (60, 70), (70, 80), (80, 90), (90, 95), (95, 100.01))


def reliability_table(results: list[dict]) -> str:
    """Readings that gave a weight, binned by confidence, against the share that was right."""
    lines = ["Reliability (weights given, binned by confidence)", "| confidence | n | right | share right |",
             "|---|---|---|---|"]
    found = [r for r in results if r["got"] is not None]
    for lo, hi in BINS:
        rs = [r for r in found if lo <= r["confidence"] < hi]
        lines.append(f"| {lo:g}-{min(hi, 100):g} | {len(rs)} | {sum(r['exact'] for r in rs)} | "
                     f"{pct(sum(r['exact'] for r in rs), len(rs))} |")
    return "\n".join(lines)


def targets_table(results: list[dict]) -> str:
    """The issue-19 figures: right and accepted, confident misreads by kind, per group."""
    def right_accepted(rs):
        return pct(sum(r["exact"] and r["accepted"] for r in rs), len(rs))

    false = [r for r in results if r["false_read"]]
    kinds = defaultdict(int)
    for r in false:
        kinds[kind_of_error(r)] += 1
    by = defaultdict(list)
    for r in results:
        by[r["condition"]].append(r)
    n_right_accepted = sum(r["exact"] and r["accepted"] for r in results)
    lines = ["| figure | value |", "|---|---|",
             f"| right and accepted, all | {right_accepted(results)} ({n_right_accepted} of {len(results)}) |",
             f"| confident misreads, all | {pct(len(false), len(results))} ({len(false)}) |",
             f"| of which kg/lb confusions | {kinds['kg read as lb'] + kinds['lb read as kg']} |",
             f"| of which 10x errors | {kinds['10x']} |"]
    for group in ("rotation", "glare", "low_light"):
        if by[group]:
            lines.append(f"| right and accepted, {group} | {right_accepted(by[group])} |")
    reasons = defaultdict(int)
    for r in results:
        if r["got"] is not None and not r["accepted"]:
            reasons[r.get("reason") or "-"] += 1
    lines.append("")
    lines.append("Why weights were not accepted (the words the screen gets): " + "; ".join(
        f"{k} ({v})" for k, v in sorted(reasons.items(), key=lambda kv: -kv[1])))
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
    parser.add_argument("--only", default="", help="weights of these conditions only (comma separated)")
    parser.add_argument("--record", type=Path, help="write the remote model's answers to this file")
    parser.add_argument("--replay", type=Path,
                        help="answer as recorded in this file from a loopback server (bench/ai/replay.py)")
    parser.add_argument("--seed", type=int, default=0,
                        help="measure the held-out set made by `generate --seed N` (bench/out/ai-seedN)")
    parser.add_argument("--dir", type=Path, help="measure the set in this folder (its manifest.json), e.g. one "
                        "made by the second source, bench/ai_heldout/render.py (never imported here)")
    args = parser.parse_args()
    global OUT_DIR
    OUT_DIR = args.dir or (OUT.with_name(f"ai-seed{args.seed}") if args.seed else OUT)
    manifest = json.loads((OUT_DIR / "manifest.json").read_text())
    if args.replay:
        with ReplayServer(replay_answers(json.loads(args.replay.read_text()))) as server:
            settings = get_settings().model_copy(update={"openai_api_key": "replay", "openai_base_url": server.base_url})
            await run(args, manifest, reader_for(args.provider, settings))
    else:
        await run(args, manifest, reader_for(args.provider, get_settings()))


def replay_answers(recording: dict) -> dict[str, dict]:
    """The recorded answers keyed by the image the reader will send for each photo."""
    max_bytes = get_settings().max_image_bytes
    answers = {}
    for kind in ("weights", "plates"):
        for name, answer in recording.get(kind, {}).items():
            data_url = images.for_remote(images.open_image((OUT_DIR / name).read_bytes(), max_bytes))
            answers[image_key(data_url)] = answer
    return answers


def recording_of(weight_results: list[dict], plate_results: list[dict], model: str) -> dict:
    """What the remote model answered for each photo (failures are left out: they replay as none)."""
    weights = {}
    for r in weight_results:
        try:
            answer = json.loads(r["raw_text"])
        except ValueError:
            continue
        if isinstance(answer, dict):
            weights[r["file"]] = answer
    plates = {r["file"]: {"plate": r["detected_text"], "confidence": r["confidence"]}
              for r in plate_results if r.get("detected_text")}
    return {"model": model, "recorded_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "weights": weights, "plates": plates}


async def run(args, manifest: dict, reader) -> None:
    if args.provider == "local":  # load the model before timing, as a running API has
        from api.ai.local_reader import engine

        engine()
    weight_rows = [r for r in manifest["weights"] if not args.only or r["condition"] in args.only.split(",")]
    weight_rows = weight_rows[:: args.every][: args.limit or None]
    weight_results = await evaluate_weights(reader, weight_rows)
    report = [weight_table(reader.name, weight_results), targets_table(weight_results),
              reliability_table(weight_results)]
    plate_results = []
    if not args.skip_plates:
        plate_results = await evaluate_plates(reader, manifest["plates"][:: args.every][: args.limit or None])
        report.append(plate_table(reader.name, plate_results))
    (OUT_DIR / f"results-{args.provider}{'-' + args.only if args.only else ''}.json").write_text(json.dumps(
        {"weights": weight_results, "plates": plate_results}, indent=1, default=str))
    if args.record:
        args.record.write_text(json.dumps(recording_of(weight_results, plate_results,
                                                       get_settings().openai_model), indent=1))
    print("\n\n".join(report))
    print(f"\nmedian of all latencies: {statistics.median(r['seconds'] for r in weight_results):.3f} s; "
          f"load average when done: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    asyncio.run(main())
