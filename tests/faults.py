"""Fault injection for the sync tests: the API as a process that can be killed, and a loopback
TCP proxy that loses answers, cuts requests and holds answers."""
from __future__ import annotations

import asyncio
import itertools
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from typing import Self

import httpx

from tests.conftest import ROOT

CLIENT_TIMEOUT = 10.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Api:
    def __init__(self, port: int, env: dict[str, str] | None = None):
        self.port = port
        self.env = env or {}
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "api.main:app", "--host", "127.0.0.1", "--port", str(self.port),
             "--log-level", "warning"],
            cwd=ROOT, env={**os.environ, "FLOW_LOG_FILE": os.devnull, **self.env}, start_new_session=True,
        )
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"http://127.0.0.1:{self.port}/api/healthz", timeout=3).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise AssertionError("the API did not start")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)


class FaultyProxy:
    """Loopback TCP proxy. Each request that starts with `only` (every request when None) gets
    the next fault of FAULTS; others pass. A browser keeps connections alive, so the fault is
    chosen per request, not per connection. `holds` caps how many answers are held (a hold past a
    60 s client time-out is slow)."""

    FAULTS = ("pass", "lose_answer", "pass", "cut_request", "pass", "hold_answer", "pass", "pass", "lose_answer")

    def __init__(self, upstream: int, hold: float = CLIENT_TIMEOUT + 2, only: bytes | None = None,
                 holds: int | None = None, faults: tuple[str, ...] | None = None):
        self.upstream = upstream
        self.faults = faults or self.FAULTS
        self.hold = hold
        self.only = only
        self.holds_left = holds
        self.port = free_port()
        self.counts: Counter[str] = Counter()
        self._n = itertools.count()
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Self:
        self._thread.start()
        self._ready.wait(10)
        return self

    def __exit__(self, *exc) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(asyncio.start_server(self._handle, "127.0.0.1", self.port))
        self._ready.set()
        self._loop.run_forever()
        server.close()
        pending = asyncio.all_tasks(self._loop)
        for task in pending:
            task.cancel()
        self._loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        self._loop.close()

    def _next_fault(self, first_bytes: bytes) -> str:
        if self.only is not None and not first_bytes.startswith(self.only):
            return "pass"
        fault = self.faults[next(self._n) % len(self.faults)]
        if fault == "hold_answer" and self.holds_left is not None:
            if self.holds_left <= 0:
                fault = "pass"
            else:
                self.holds_left -= 1
        self.counts[fault] += 1
        return fault

    async def _handle(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        try:
            up_r, up_w = await asyncio.open_connection("127.0.0.1", self.upstream)
        except OSError:
            self.counts["refused (API down)"] += 1
            client_w.close()
            return
        state = {"fault": "pass", "sent": 0}
        methods = (b"GET ", b"POST ", b"PUT ", b"DELETE ", b"PATCH ", b"HEAD ", b"OPTIONS ")

        async def to_server() -> None:
            while data := await client_r.read(65536):
                if data.startswith(methods):  # a new request on this connection
                    state["fault"], state["sent"] = self._next_fault(data), 0
                if state["fault"] == "cut_request" and state["sent"] + len(data) > 600:
                    up_w.write(data[: max(0, 600 - state["sent"])])
                    await up_w.drain()
                    up_w.close()
                    client_w.close()
                    return
                state["sent"] += len(data)
                up_w.write(data)
                await up_w.drain()

        async def to_client() -> None:
            while data := await up_r.read(65536):
                if state["fault"] == "lose_answer":
                    client_w.close()  # the API did the work; the device never hears of it
                    return
                if state["fault"] == "hold_answer":
                    await asyncio.sleep(self.hold)
                    state["fault"] = "held"
                    if client_r.at_eof():
                        self.counts["client gave up while held"] += 1
                client_w.write(data)
                await client_w.drain()
            client_w.close()

        try:
            await asyncio.gather(to_server(), to_client())
        except (ConnectionError, OSError, asyncio.CancelledError):
            pass  # a cut connection, or the proxy stopping at the end of the test
        finally:
            for w in (up_w, client_w):
                w.close()
