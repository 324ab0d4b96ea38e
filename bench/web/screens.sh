#!/usr/bin/env bash
# Time every manager screen on a bench database (issue 35, target 5): starts `flow up` without
# Dagster, demo data or a refresh on the database and published warehouse that
# bench.warehouse.run built, as the store_admin of the company with the most tickets (made if
# missing, as bench.warehouse.http does), runs
# bench/web/screens.mjs against it, then stops it. Run it on a quiet machine.
#   bench/web/screens.sh --rounds 3                      (1 M: flow_bench1m, .flow/bench/flow.duckdb)
#   FLOW_DEV_DB_NAME=flow_bench100k bench/web/screens.sh  (another bench database)
# Needs the built web app (make web) and Chromium (make chromium). Extra arguments go to screens.mjs.
set -euo pipefail
cd "$(dirname "$0")/../.."
export FLOW_DEV_DB_NAME="${FLOW_DEV_DB_NAME:-flow_bench1m}"
export FLOW_WAREHOUSE_PATH="${FLOW_WAREHOUSE_PATH:-$PWD/.flow/bench/flow.duckdb}"
PORT="${FLOW_BENCH_PORT:-8020}"
LOG="$PWD/.flow/logs/bench-screens-up.log"
mkdir -p "$(dirname "$LOG")"
.venv/bin/python - <<'PY'
import os
import psycopg
from bench.warehouse.http import EMAIL, ensure_admin
from bench.warehouse.run import bench_database
url = bench_database(os.environ["FLOW_DEV_DB_NAME"])
with psycopg.connect(url) as conn:
    company = conn.execute("select company_id from tickets group by company_id order by count(*) desc limit 1").fetchone()[0]
    ensure_admin(url, company)
print(f"signing in as {EMAIL}, store_admin of company {company}")
PY
.venv/bin/flow up --port "$PORT" --no-dagster --no-demo --no-refresh > "$LOG" 2>&1 &
UP=$!
trap 'kill -TERM "$UP" 2>/dev/null; wait "$UP" 2>/dev/null || true' EXIT
for _ in $(seq 1 300); do
  grep -q "Flow is running" "$LOG" && break
  kill -0 "$UP" 2>/dev/null || { tail -n 30 "$LOG"; exit 1; }
  sleep 1
done
grep -q "Flow is running" "$LOG" || { echo "flow up did not start in 5 min"; tail -n 30 "$LOG"; exit 1; }
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
node bench/web/screens.mjs --base-url "http://127.0.0.1:$PORT" "$@"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
