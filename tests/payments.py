"""A payment provider on loopback that speaks api/subscription/payments.py's HTTP contract.

`provider.decline = True` declines the next charges; every request is kept in `provider.charges`.
"""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


class LoopbackProvider:
    def __init__(self) -> None:
        self.charges: list[dict] = []
        self.decline = False
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                provider.charges.append({"path": self.path, "auth": self.headers.get("Authorization"), **body})
                n = len(provider.charges)
                answer = ({"id": f"ch_{n}", "status": "failed", "failure_message": "Your card was declined."}
                          if provider.decline else {"id": f"ch_{n}", "status": "succeeded"})
                data = json.dumps(answer).encode()
                self.send_response(402 if provider.decline else 200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)


@pytest.fixture
def payments(monkeypatch: pytest.MonkeyPatch):
    from api.core.config import get_settings

    provider = LoopbackProvider()
    provider.thread.start()
    monkeypatch.setenv("FLOW_PAYMENT_PROVIDER_URL", provider.url)
    monkeypatch.setenv("FLOW_PAYMENT_PROVIDER_KEY", "sk_test_loopback")
    get_settings.cache_clear()
    try:
        yield provider
    finally:
        provider.server.shutdown()
        monkeypatch.undo()
        get_settings.cache_clear()
