-- wrk script for bench.tickets.http_rate --generator wrk: POST /api/tickets with a fresh
-- client_id per request (so each one creates a ticket), and a JSON summary at the end with the
-- percentiles wrk's own report leaves out (p95). The body and token come from the environment.
local body_template = os.getenv("FLOW_BENCH_BODY")
local token = os.getenv("FLOW_BENCH_TOKEN")
local counter = 0

local function client_id()
  -- a version-4 UUID from Lua's generator, seeded per thread in setup()
  local template = "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx"
  return (template:gsub("[xy]", function(c)
    local v = (c == "x") and math.random(0, 15) or math.random(8, 11)
    return string.format("%x", v)
  end))
end

local thread_index = 0
function setup(thread)
  thread_index = thread_index + 1
  thread:set("seed", os.time() * 100 + thread_index)
end

function init(args)
  math.randomseed(seed)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Authorization"] = "Bearer " .. token
end

function request()
  counter = counter + 1
  local body = body_template:gsub("__CLIENT_ID__", client_id())
  return wrk.format(nil, "/api/tickets", nil, body)
end

function done(summary, latency, requests)
  local function p(q) return latency:percentile(q) / 1000.0 end
  io.write(string.format(
    'FLOW_BENCH_JSON {"requests": %d, "duration_s": %.3f, "status_errors": %d, "socket_errors": %d, ' ..
    '"timeouts": %d, "p50_ms": %.2f, "p95_ms": %.2f, "p99_ms": %.2f, "max_ms": %.2f}\n',
    summary.requests, summary.duration / 1e6, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write, summary.errors.timeout,
    p(50), p(95), p(99), latency.max / 1000.0))
end
