"""Latency of the local weight reader per photo, model loaded: p50 and p95, wall and CPU time.

Run it on a quiet machine, pinned to one core (the issue's figure is one core):

    taskset -c 0 .venv/bin/python -m bench.ai.latency              # the tuned set (bench/out/ai)
    taskset -c 0 .venv/bin/python -m bench.ai.latency --seed N     # a held-out set

The sets come from `python -m bench.ai.generate [--seed N]`. The load average at the start and
end is printed with the figures: with other work on the machine they are not the reader's.
"""
from __future__ import annotations

import argparse
import asyncio
import os

from bench.ai import evaluate


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=0, help="a held-out set made by `generate --seed N`")
    parser.add_argument("--every", type=int, default=1, help="every Nth photo")
    args = parser.parse_args()
    evaluate.OUT_DIR = evaluate.OUT.with_name(f"ai-seed{args.seed}") if args.seed else evaluate.OUT
    rows = evaluate.json.loads((evaluate.OUT_DIR / "manifest.json").read_text())["weights"][:: args.every]
    from api.ai.local_reader import engine

    engine()  # loaded before timing, as in a running API
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    load_start = os.getloadavg()[0]
    results = await evaluate.evaluate_weights(evaluate.reader_for("local", evaluate.get_settings()), rows)
    wall = [r["seconds"] for r in results]
    cpu = [r["cpu_seconds"] for r in results]
    q = evaluate.quantile
    print(f"{len(results)} photos from {evaluate.OUT_DIR}, on cores {cores}")
    print(f"wall per photo: p50 {q(wall, 0.5):.3f} s, p95 {q(wall, 0.95):.3f} s, max {max(wall):.3f} s")
    print(f"CPU per photo:  p50 {q(cpu, 0.5):.3f} s, p95 {q(cpu, 0.95):.3f} s")
    print(f"load average: {load_start:.2f} at the start, {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    asyncio.run(main())
