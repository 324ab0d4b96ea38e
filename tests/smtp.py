"""A real SMTP server on loopback for tests that read the mail Flow sends.

Use it from any test module:  `from tests.smtp import smtp  # noqa: F401`  then take `smtp` as a
fixture; `smtp.messages` holds parsed messages, `smtp.last_to(address)` the newest for one address.
"""
from __future__ import annotations

import email
import socket
from email.message import Message
from email.policy import default as default_policy

import pytest
from aiosmtpd.controller import Controller


class _Collector:
    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server, session, envelope):
        msg = email.message_from_bytes(envelope.content, policy=default_policy)
        self.messages.append(msg)
        return "250 Message accepted for delivery"


class _Maildrop:
    """Writes each message received, as sent, to one .eml file in a folder (the browser specs read it)."""

    def __init__(self, folder) -> None:
        self.folder = folder
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        from datetime import UTC, datetime
        from pathlib import Path

        folder = Path(self.folder)
        folder.mkdir(parents=True, exist_ok=True)
        self.count += 1
        path = folder / f"{datetime.now(tz=UTC):%Y%m%dT%H%M%S%f}-smtp{self.count:05d}.eml"
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(envelope.original_content or envelope.content)
        tmp.replace(path)  # a reader never sees half a message
        return "250 Message accepted for delivery"


def maildrop_server(folder) -> tuple[Controller, int]:
    """A loopback SMTP server that drops what it receives into `folder`; start() it and stop() it."""
    port = _free_port()
    return Controller(_Maildrop(folder), hostname="127.0.0.1", port=port, server_hostname="localhost",
                      ready_timeout=10), port


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LoopbackSmtp:
    def __init__(self) -> None:
        self.handler = _Collector()
        self.port = _free_port()
        self.controller = Controller(self.handler, hostname="127.0.0.1", port=self.port,
                                     server_hostname="localhost", ready_timeout=10)

    @property
    def messages(self) -> list[Message]:
        return self.handler.messages

    def to(self, address: str) -> list[Message]:
        return [m for m in self.messages if address.lower() in str(m["To"]).lower()]

    def last_to(self, address: str) -> Message:
        found = self.to(address)
        assert found, f"no mail was sent to {address}"
        return found[-1]

    @staticmethod
    def body(msg: Message) -> str:
        return msg.get_body(preferencelist=("plain",)).get_content()


@pytest.fixture
def smtp(monkeypatch: pytest.MonkeyPatch):
    """Start the server and point Flow's mail settings at it for one test."""
    from api.core.config import get_settings

    server = LoopbackSmtp()
    server.controller.start()
    monkeypatch.setenv("FLOW_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("FLOW_SMTP_PORT", str(server.port))
    get_settings.cache_clear()
    try:
        yield server
    finally:
        server.controller.stop()
        monkeypatch.undo()
        get_settings.cache_clear()
