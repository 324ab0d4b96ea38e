"""Operating Flow: probes, metrics, structured logs without secrets, security headers."""
from __future__ import annotations

import json
import logging

import httpx

from api.ops.logs import JsonFormatter, RedactSecrets


async def test_healthz_answers_without_reading_anything(client):
    r = await client.get("/api/healthz")
    assert r.status_code == 200 and r.json() == {"status": "ok"}


async def test_readyz_reports_postgres_migrations_and_warehouse(client, tmp_path, monkeypatch):
    r = await client.get("/api/readyz")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["status"] == "ready"
    assert body["postgres"] == {"ok": True, "detail": "reachable"}
    assert body["migrations"] == {"ok": True, "detail": "at head"}
    assert set(body["warehouse"]) == {"present", "age_seconds"}


async def test_readyz_is_503_when_migrations_are_behind(client, monkeypatch):
    from api.ops import router

    monkeypatch.setattr(router, "migration_heads", lambda: frozenset({"not_a_real_head"}))
    r = await client.get("/api/readyz")
    assert r.status_code == 503
    assert r.json()["status"] == "not_ready"
    assert "not_a_real_head" in r.json()["migrations"]["detail"]


async def test_metrics_for_platform_admin_or_loopback_only(app, client, factory):
    tenant = await factory.tenant(stores=1)
    _root, root_token = await factory.system_admin()
    assert (await client.get("/api/metrics")).status_code == 401
    assert (await client.get("/api/metrics", headers=tenant.headers())).status_code == 403
    await client.get("/api/stores", headers=tenant.headers())
    r = await client.get("/api/metrics", headers={"Authorization": f"Bearer {root_token}"})
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/plain")
    text = r.text
    assert 'flow_http_requests_total{method="GET",route="/api/stores",status="200"}' in text
    assert "flow_http_request_duration_seconds_bucket" in text
    assert "flow_warehouse_age_seconds" in text and "flow_tickets_created_total" in text
    # A scraper on the same machine needs no token.
    local = httpx.AsyncClient(transport=httpx.ASGITransport(app=app, client=("127.0.0.1", 5000)),
                              base_url="http://flow.test")
    async with local:
        assert (await local.get("/api/metrics")).status_code == 200


async def test_security_headers_on_api_and_web(client):
    for path in ("/api/healthz", "/", "/api/stores"):
        r = await client.get(path)
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "strict-origin-when-cross-origin"
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
        assert "strict-transport-security" not in r.headers  # plain HTTP: HSTS means nothing
        assert len(r.headers["x-request-id"]) >= 8


async def test_hsts_over_tls(app):
    transport = httpx.ASGITransport(app=app, client=("10.1.1.1", 5000))
    async with httpx.AsyncClient(transport=transport, base_url="https://flow.test") as c:
        r = await c.get("/api/healthz")
    assert r.headers["strict-transport-security"].startswith("max-age=31536000")


async def test_a_given_request_id_is_kept_and_a_bad_one_replaced(client):
    r = await client.get("/api/healthz", headers={"X-Request-ID": "abcdef123456"})
    assert r.headers["x-request-id"] == "abcdef123456"
    r = await client.get("/api/healthz", headers={"X-Request-ID": "bad id\nwith newline"})
    assert r.headers["x-request-id"] != "bad id\nwith newline"


async def test_log_lines_are_json_with_request_id_and_no_secrets(client, caplog):
    caplog.set_level(logging.INFO, logger="flow.access")
    r = await client.post("/api/auth/login?token=SECRETTOKEN123&pin=4321",
                          json={"email": "nobody@example.com", "password": "Hunter2Password!"},
                          headers={"X-Request-ID": "req-0123456789", "Authorization": "Bearer eyJSECRETJWT"})
    assert r.status_code in (400, 401, 422, 429)
    records = [rec for rec in caplog.records if getattr(rec, "request_id", None) == "req-0123456789"]
    assert records, "the access line carries the request id"
    formatter = JsonFormatter()
    for rec in records:
        RedactSecrets().filter(rec)
        line = json.loads(formatter.format(rec))
        assert line["request_id"] == "req-0123456789"
        assert line["route"] == "/api/auth/login" and line["status"] == r.status_code
        dumped = json.dumps(line)
        for secret in ("SECRETTOKEN123", "4321", "Hunter2Password!", "eyJSECRETJWT"):
            assert secret not in dumped


def test_redaction_covers_bearer_tokens_and_query_secrets():
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "called %s with Bearer abc.def.ghi",
                               ("/reset?token=abc123&password=pw",), None)
    RedactSecrets().filter(record)
    line = record.getMessage()
    assert "abc123" not in line and "pw" not in line.split("password=")[1] and "abc.def.ghi" not in line


async def test_ticket_creates_and_sync_batches_are_counted(client, factory):
    from api.ops import metrics
    from tests.api.tickets.lists import ensure_lists
    from tests.api.tickets.test_create import OUTBOUND

    tenant = await factory.tenant(stores=1)
    await ensure_lists(tenant)
    before = metrics.TICKETS_CREATED._value.get()
    batches = metrics.SYNC_BATCHES.labels("ok")._value.get()
    assert (await client.post("/api/tickets", json=OUTBOUND, headers=tenant.headers())).status_code == 201
    import uuid

    batch = [{**OUTBOUND, "client_id": str(uuid.uuid4())} for _ in range(2)]
    r = await client.post("/api/tickets/batch", json={"tickets": batch}, headers=tenant.headers())
    assert r.status_code == 200 and r.json()["created"] == 2, r.text
    assert metrics.TICKETS_CREATED._value.get() == before + 3
    assert metrics.SYNC_BATCHES.labels("ok")._value.get() == batches + 1
