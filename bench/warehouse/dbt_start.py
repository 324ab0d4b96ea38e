"""What starting dbt costs a sensor run: a `dbt` subprocess against dbt in this process with the
parsed project kept (pipelines/defs/transform/in_process.py), the same build on the same files.

    .venv/bin/python -m bench.warehouse.dbt_start --warehouse .flow/bench/flow.duckdb --rounds 5

The sensor's build (selector ticket_change, its data tests, no unit tests) runs alternately both
ways on a warehouse a refresh has built, with no new rows: what differs is only how dbt starts
(Python, imports, parse) and ends. The subprocess is given dbt's partial-parse state, as
dagster-dbt gave it. Results: bench/out/dbt-start.json.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["build", "--selector", "ticket_change", "--exclude-resource-type", "unit_test"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--warehouse", type=Path, required=True, help="the published file a refresh has made")
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()

    from pipelines.defs.transform import in_process
    from pipelines.defs.transform.project import DBT_EXECUTABLE, MANIFEST
    from pipelines.paths import build_path

    build_file = build_path(options.warehouse.resolve())
    load_before = os.getloadavg()
    started = time.perf_counter()
    assert in_process.warm(build_file), "dbt could not parse the project"
    warm_s = time.perf_counter() - started
    times: dict[str, list[float]] = {"subprocess": [], "in_process": []}
    for _ in range(options.rounds):
        with tempfile.TemporaryDirectory() as target:
            state = MANIFEST.with_name("partial_parse.msgpack")
            if state.exists():
                shutil.copyfile(state, Path(target) / state.name)
            env = {**in_process.build_env(build_file), "DBT_TARGET_PATH": target, "DBT_LOG_PATH": target}
            t0 = time.perf_counter()
            done = subprocess.run([DBT_EXECUTABLE, *ARGS, "--quiet"], env=env, cwd=ROOT / "dbt",
                                  capture_output=True, text=True, check=False)
            times["subprocess"].append(time.perf_counter() - t0)
            assert done.returncode == 0, done.stdout[-3000:]
        with tempfile.TemporaryDirectory() as target:
            lines: list[bytes] = []
            t0 = time.perf_counter()
            code = in_process.run(ARGS, {**in_process.build_env(build_file), "DBT_TARGET_PATH": target}, lines)
            times["in_process"].append(time.perf_counter() - t0)
            assert code == 0, lines[-5:]
        print({k: round(v[-1], 2) for k, v in times.items()}, flush=True)
    result = {"warehouse": str(options.warehouse), "rounds": options.rounds, "warm_up_parse_s": round(warm_s, 2),
              "median_s": {k: round(statistics.median(v), 2) for k, v in times.items()},
              "runs_s": {k: [round(x, 2) for x in v] for k, v in times.items()},
              "load_average_at_start": [round(x, 2) for x in load_before],
              "load_average_at_end": [round(x, 2) for x in os.getloadavg()]}
    out = ROOT / "bench" / "out" / "dbt-start.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
