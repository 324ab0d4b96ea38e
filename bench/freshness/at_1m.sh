#!/usr/bin/env bash
# Ticket-to-dashboard freshness under `flow up` on the 1 M bench database (bench/README.md,
# "Ticket to dashboard", issue 30). Starts `flow up` on flow_bench1m and its warehouse, waits for
# it, runs bench.freshness.run against it, then stops it. Run it inside a slot on a shared machine:
#   /work/bin/slot bench/freshness/at_1m.sh --rounds 20
# The database and warehouse come from bench.warehouse.run (see the README); override with
# FLOW_DEV_DB_NAME / FLOW_WAREHOUSE_PATH. Extra arguments go to bench.freshness.run.
set -euo pipefail
cd "$(dirname "$0")/../.."
export FLOW_DEV_DB_NAME="${FLOW_DEV_DB_NAME:-flow_bench1m}"
export FLOW_WAREHOUSE_PATH="${FLOW_WAREHOUSE_PATH:-$PWD/.flow/bench/flow.duckdb}"
export FLOW_DAGSTER_DB="${FLOW_DAGSTER_DB:-flow_dagster_bench1m}"
PORT="${FLOW_BENCH_PORT:-8010}"
LOG="$PWD/.flow/logs/bench-freshness-up.log"
mkdir -p "$(dirname "$LOG")"
.venv/bin/flow up --port "$PORT" --dagster-port "$((PORT - 5000))" > "$LOG" 2>&1 &
UP=$!
trap 'kill -TERM "$UP" 2>/dev/null; wait "$UP" 2>/dev/null || true' EXIT
for _ in $(seq 1 1200); do  # the first start seeds the demo tenant and refreshes: minutes
  grep -q "Flow is running" "$LOG" && break
  kill -0 "$UP" 2>/dev/null || { tail -n 30 "$LOG"; exit 1; }
  sleep 1
done
grep -q "Flow is running" "$LOG" || { echo "flow up did not start in 20 min"; exit 1; }
sleep 30  # let the sensor take in what the start-up wrote, so round 1 starts from a quiet state
.venv/bin/python -m bench.freshness.run --base-url "http://127.0.0.1:$PORT" --out bench/out/freshness-1m.json "$@"
