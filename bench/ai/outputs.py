"""The local reader's outputs on a set of photos, kept to compare two versions of the reader.

A change meant only to make the reader faster must not change what it answers. Record the
outputs before and after, then compare them photo by photo:

    .venv/bin/python -m bench.ai.outputs record --seed 20261207 --out /tmp/before.json
    .venv/bin/python -m bench.ai.outputs record --dir bench/out/ai-wide-seed602 --out /tmp/before-wide.json
    ... change the reader ...
    .venv/bin/python -m bench.ai.outputs record --seed 20261207 --out /tmp/after.json
    .venv/bin/python -m bench.ai.outputs compare /tmp/before.json /tmp/after.json

Compared per photo: weight, unit, confidence, accepted or not, the operator's message, the raw
text and the doubts. The detector passes each photo took (the size of each picture) and
CPU (time.process_time) and wall seconds are kept too and summed up
(p50, p95) for both files, so one pair of runs on the same photos in the same window also gives
the speed-up. --every N and --part I/N split a set (two processes, one per core; never the held-
out second source: it stays unseen while tuning).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from bench.ai import evaluate

FIELDS = ("weight_lb", "unit", "confidence", "accepted", "reason", "raw_text", "doubts")


def record(args: argparse.Namespace) -> None:
    from api.ai import images, local_reader
    from api.ai.local_reader import engine, read_weight_sync
    from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE

    folder = Path(args.dir) if args.dir else (evaluate.OUT.with_name(f"ai-seed{args.seed}") if args.seed
                                              else evaluate.OUT)
    if "heldout" in str(folder):
        sys.exit("the second source stays unseen while the reader is tuned (bench/README.md)")
    rows = json.loads((folder / "manifest.json").read_text())["weights"][:: args.every]
    part, parts = (int(x) for x in args.part.split("/"))
    rows = rows[part::parts]
    engine()
    # Each detector pass counted with the last look begun (0 the whole photo's first look, 1 the
    # straightened panel's; the whole photo's later looks, taken after the panel's, count under 1)
    # and the size of the picture it got, which tells the pictures apart: the passes a photo takes
    # are what its time is made of (one detector pass is most of a reading).
    passes: list[str] = []
    looks = [0]
    recognise, look = local_reader.recognise, local_reader._first_look

    def counted(img, *a, **k):
        passes.append(f"{looks[0] - 1}:{img.width}x{img.height}")
        return recognise(img, *a, **k)

    def counted_look(*a, **k):
        looks[0] += 1
        return look(*a, **k)

    local_reader.recognise, local_reader._first_look = counted, counted_look
    max_bytes = evaluate.get_settings().max_image_bytes
    out = {"folder": str(folder), "load_start": os.getloadavg()[0], "photos": {}}
    for row in rows:
        raw = (folder / row["file"]).read_bytes()
        passes.clear()
        looks[0] = 0
        start, cpu_start = time.perf_counter(), time.process_time()
        reading = read_weight_sync(images.open_image(raw, max_bytes))
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        out["photos"][row["file"]] = {
            "expected_lb": row["expected_lb"],
            "weight_lb": str(reading.weight_lb) if reading.weight_lb is not None else None,
            "unit": reading.unit_detected, "confidence": reading.confidence,
            "accepted": reading.found and reading.confidence >= DEFAULT_ACCEPT_CONFIDENCE,
            "reason": reading.reason, "raw_text": reading.raw_text, "doubts": list(reading.doubts),
            "seconds": wall, "cpu_seconds": cpu,
            "passes": list(passes)}
    out["load_end"] = os.getloadavg()[0]
    Path(args.out).write_text(json.dumps(out, indent=1))
    summary(args.out, out)


def summary(name: str, data: dict) -> None:
    photos = data["photos"].values()
    wall, cpu = [p["seconds"] for p in photos], [p["cpu_seconds"] for p in photos]
    q = evaluate.quantile
    right = sum(p["accepted"] and p["weight_lb"] == p["expected_lb"] for p in photos)
    misreads = sum(p["accepted"] and p["weight_lb"] != p["expected_lb"] for p in photos)
    print(f"{name}: {len(wall)} photos, right and accepted {right}, confident misreads {misreads}; "
          f"wall p50 {q(wall, 0.5):.3f} p95 {q(wall, 0.95):.3f}; CPU p50 {q(cpu, 0.5):.3f} p95 {q(cpu, 0.95):.3f} "
          f"(mean {sum(cpu) / max(1, len(cpu)):.3f}); load {data['load_start']:.2f} -> {data['load_end']:.2f}")


def merged(paths: list[str]) -> dict:
    data = {"photos": {}, "load_start": 0.0, "load_end": 0.0}
    for path in paths:
        part = json.loads(Path(path).read_text())
        data["photos"].update(part["photos"])
        data["load_start"] = max(data["load_start"], part["load_start"])
        data["load_end"] = max(data["load_end"], part["load_end"])
    return data


def compare(args: argparse.Namespace) -> None:
    before, after = merged(args.before.split(",")), merged(args.after.split(","))
    summary("before", before)
    summary("after", after)
    common = sorted(set(before["photos"]) & set(after["photos"]))
    differ = 0
    for name in common:
        a, b = before["photos"][name], after["photos"][name]
        changed = [f for f in FIELDS if a[f] != b[f]]
        if changed:
            differ += 1
            print(f"  {name} (expected {a['expected_lb']}):")
            for f in changed:
                print(f"    {f}: {a[f]!r} -> {b[f]!r}")
    print(f"{len(common)} photos in both, {differ} differ")
    for label, data in (("before", before), ("after", after)):
        counts = [len(data["photos"][n].get("passes", ())) for n in common]
        if any(counts):
            tally = {k: counts.count(k) for k in sorted(set(counts))}
            print(f"detector passes a photo, {label}: " + ", ".join(f"{k}: {v}" for k, v in tally.items()))
    sys.exit(1 if differ else 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--seed", type=int, default=0)
    rec.add_argument("--dir", help="a set's folder (bench/out/ai-wide-seed602)")
    rec.add_argument("--every", type=int, default=1)
    rec.add_argument("--part", default="0/1", help="I/N: every Nth photo from the Ith (split over processes)")
    rec.add_argument("--out", required=True)
    cmp_ = sub.add_parser("compare")
    cmp_.add_argument("before", help="a file, or several joined by commas (parts)")
    cmp_.add_argument("after")
    args = parser.parse_args()
    record(args) if args.command == "record" else compare(args)


if __name__ == "__main__":
    main()
