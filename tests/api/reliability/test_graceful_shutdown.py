"""A SIGTERM while a request is in flight lets that request finish before the server exits."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.server  # starts the app as its own process: left out of make test-fast
def test_sigterm_finishes_the_request_in_flight(database_url):
    port = _free_port()
    flow = str(Path(sys.executable).parent / "flow")
    proc = subprocess.Popen([flow, "serve", "--port", str(port)], cwd=ROOT, env={**os.environ},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                assert time.monotonic() < deadline, "the API did not start"
                time.sleep(0.3)
        body = json.dumps({"email": "nobody@example.com", "password": "wrong-password"}).encode()
        conn = socket.create_connection(("127.0.0.1", port), timeout=30)
        # Headers and half the body: the request is in flight when the signal comes.
        conn.sendall(b"POST /api/auth/login HTTP/1.1\r\nHost: flow\r\nContent-Type: application/json\r\n"
                     + f"Content-Length: {len(body)}\r\n\r\n".encode() + body[:10])
        time.sleep(1.0)
        proc.send_signal(signal.SIGTERM)
        time.sleep(1.0)
        assert proc.poll() is None, "the server quit with a request in flight"
        conn.sendall(body[10:])
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = conn.recv(65536)
            assert chunk, f"connection closed without an answer: {answer!r}"
            answer += chunk
        status = int(answer.split(b" ", 2)[1])
        assert status in (401, 429), answer[:200]
        conn.close()
        # uvicorn re-raises the SIGTERM once shut down, so the exit is "terminated by SIGTERM".
        assert proc.wait(25) in (0, -signal.SIGTERM)
        # And once it is gone, nothing answers.
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            raise AssertionError("still accepting connections")
        except OSError:
            pass
    finally:
        if proc.poll() is None:
            proc.kill()
