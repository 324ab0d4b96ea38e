"""Prometheus metrics (text exposition at /api/metrics). One process: `flow serve` runs a single
worker; with several, each answers for itself."""
from __future__ import annotations

import time

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from api.core.config import get_settings

REGISTRY = CollectorRegistry(auto_describe=True)

REQUESTS = Counter("flow_http_requests_total", "HTTP requests answered, by route template and status",
                   ["method", "route", "status"], registry=REGISTRY)
LATENCY = Histogram("flow_http_request_duration_seconds", "Time to answer, by route template",
                    ["method", "route"], registry=REGISTRY,
                    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10))
TICKETS_CREATED = Counter("flow_tickets_created_total", "Tickets created (online, offline sync, inbound)",
                          registry=REGISTRY)
SYNC_BATCHES = Counter("flow_sync_batches_total", "Offline sync batches received", ["outcome"],
                       registry=REGISTRY)
WAREHOUSE_AGE = Gauge("flow_warehouse_age_seconds", "Seconds since the published warehouse file changed "
                      "(-1 when there is none)", registry=REGISTRY)


def warehouse_age() -> float | None:
    path = get_settings().warehouse_path
    try:
        return max(0.0, time.time() - path.stat().st_mtime)
    except OSError:
        return None


WAREHOUSE_AGE.set_function(lambda: -1.0 if (age := warehouse_age()) is None else age)

# Business events read from the route that answered (no domain code needs to know metrics exist).
_TICKET_CREATES = {("POST", "/api/tickets"), ("POST", "/api/inbound/tickets")}
_SYNC_BATCH = ("POST", "/api/tickets/batch")


def observe(method: str, route: str, status: int, seconds: float) -> None:
    REQUESTS.labels(method, route, str(status)).inc()
    LATENCY.labels(method, route).observe(seconds)
    if (method, route) in _TICKET_CREATES and status == 201:
        TICKETS_CREATED.inc()
    elif (method, route) == _SYNC_BATCH:
        SYNC_BATCHES.labels("ok" if status < 400 else "refused").inc()


def exposition() -> bytes:
    return generate_latest(REGISTRY)
