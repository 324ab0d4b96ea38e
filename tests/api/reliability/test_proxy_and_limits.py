"""Issue 31, finding 6: limits that could be stepped around.

- uvicorn believed X-Forwarded-For from any loopback client, so a local client rotating it escaped
  the per-address sign-in limit: proxy headers now count only from FLOW_TRUSTED_PROXIES (none by
  default), and `flow serve` / `flow up` run uvicorn with its own proxy_headers off;
- every 429 says when to come back (Retry-After).
The PIN lock (per employee and client address) is in test_hostile_auth.py.
"""
from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import httpx
import pytest
import requests

from tests.conftest import ROOT

FLOW = str(Path(sys.executable).parent / "flow")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _retry_after(r) -> int:
    assert r.status_code == 429, r.text
    value = int(r.headers["Retry-After"])
    assert 1 <= value <= 60, value
    return value


@pytest.mark.server  # starts the app as its own process: left out of make test-fast
def test_flow_serve_counts_a_loopback_client_rotating_x_forwarded_for_as_one_address(database_url, subprocess_rate_window):
    port = _free_port()
    env = {**os.environ, "FLOW_AUTH_IP_ATTEMPTS_PER_MINUTE": "3"}
    env.pop("FLOW_TRUSTED_PROXIES", None)
    proc = subprocess.Popen([FLOW, "serve", "--port", str(port)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, "flow serve exited"
            try:
                if requests.get(f"{base}/api/healthz", timeout=3).ok:
                    break
            except requests.RequestException:
                pass
            assert time.monotonic() < deadline, "flow serve did not start within 120 s"
            time.sleep(0.3)
        codes = []
        # From a loopback address of its own: other tests' servers sign in from 127.0.0.1 in the
        # same minute (the fuzz run does), and their attempts would count against this one.
        own = f"127.{random.randint(1, 254)}.{random.randint(0, 255)}.{random.randint(1, 254)}"
        with httpx.Client(transport=httpx.HTTPTransport(local_address=own), timeout=30) as local:
            for i in range(5):
                r = local.post(f"{base}/api/auth/login",
                               json={"email": f"nobody-{uuid.uuid4().hex[:8]}@example.com", "password": "wrong-pass"},
                               headers={"X-Forwarded-For": f"198.51.100.{i + 1}"})
                codes.append(r.status_code)
        assert codes == [401, 401, 401, 429, 429], codes
        _retry_after(r)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture
def proxied_app(app):
    """The same app behind a trusted proxy at 10.77.0.0/16 (the engine is the session's)."""
    from api.core.config import get_settings
    from api.main import create_app

    return create_app(get_settings().model_copy(update={"trusted_proxies": "10.77.0.0/16"}))


async def _failed_login_ip(application, peer: str, forwarded_for: str, email: str, owner_sql) -> str:
    transport = httpx.ASGITransport(app=application, client=(peer, 40000))
    async with httpx.AsyncClient(transport=transport, base_url="http://flow.test") as c:
        r = await c.post("/api/auth/login", json={"email": email, "password": "not-the-password"},
                         headers={"X-Forwarded-For": forwarded_for})
    assert r.status_code == 401
    rows = owner_sql("select ip from audit_log a join users u on u.id = a.user_id "
                     "where u.email = %s and a.action = 'login_failed' order by a.created_at desc limit 1", (email,))
    return rows[0][0]


async def test_x_forwarded_for_counts_only_from_a_trusted_proxy(app, proxied_app, factory, owner_sql):
    tenant = await factory.tenant(stores=1)
    email = tenant.admin.email
    # No trusted proxy (the default): the header is the client's word, not the client.
    assert await _failed_login_ip(app, "10.77.0.5", "203.0.113.7", email, owner_sql) == "10.77.0.5"
    # From a trusted proxy: the address it forwarded for.
    assert await _failed_login_ip(proxied_app, "10.77.0.5", "203.0.113.7", email, owner_sql) == "203.0.113.7"
    # A client's own X-Forwarded-For, passed on by the proxy, does not replace the proxy's entry.
    assert await _failed_login_ip(proxied_app, "10.77.0.5", "1.2.3.4, 203.0.113.8", email, owner_sql) \
        == "203.0.113.8"
    # The same header from an address outside FLOW_TRUSTED_PROXIES is ignored.
    assert await _failed_login_ip(proxied_app, "192.0.2.9", "203.0.113.7", email, owner_sql) == "192.0.2.9"


async def test_metrics_are_not_open_to_requests_a_proxy_forwarded(app):
    transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 40000))
    async with httpx.AsyncClient(transport=transport, base_url="http://flow.test") as c:
        assert (await c.get("/api/metrics")).status_code == 200
        forwarded = await c.get("/api/metrics", headers={"X-Forwarded-For": "203.0.113.7"})
    assert forwarded.status_code == 401


async def test_every_429_carries_retry_after(client, factory, rate_window):
    tenant = await factory.tenant(stores=1)
    codes = []
    for _ in range(12):
        r = await client.post("/api/auth/login", json={"email": tenant.admin.email, "password": "wrong-pass"})
        codes.append(r.status_code)
        if r.status_code == 429:
            break
    assert codes[-1] == 429, codes
    _retry_after(r)
    # The document promises the header on every operation's 429.
    from api.openapi import openapi_document

    doc = openapi_document()
    login_429 = doc["paths"]["/api/auth/login"]["post"]["responses"]["429"]
    assert "Retry-After" in login_429["headers"]
