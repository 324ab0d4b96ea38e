"""api/mail: SMTP when FLOW_SMTP_HOST is set, the outbox folder otherwise, never a body in the logs."""
from __future__ import annotations

import logging
import socket

from api.core.config import get_settings
from api.mail.service import deliver, send_mail
from tests.smtp import LoopbackSmtp


class TestMail:
    async def test_with_smtp_host_the_message_reaches_the_server(self, smtp):
        send_mail("chef@example.com", "Hello", "Body with a line")
        msg = smtp.last_to("chef@example.com")
        assert msg["Subject"] == "Hello"
        assert msg["From"] == get_settings().mail_from
        assert LoopbackSmtp.body(msg).strip() == "Body with a line"

    async def test_without_smtp_host_the_message_is_an_eml_file_in_the_outbox(self, tmp_path, monkeypatch):
        monkeypatch.setenv("FLOW_SMTP_HOST", "")
        monkeypatch.setenv("FLOW_OUTBOX_DIR", str(tmp_path / "box"))
        get_settings.cache_clear()
        try:
            send_mail("chef@example.com", "Outbox", "Stored for later")
        finally:
            monkeypatch.undo()
            get_settings.cache_clear()
        files = list((tmp_path / "box").glob("*.eml"))
        assert len(files) == 1
        text = files[0].read_text()
        assert "Subject: Outbox" in text and "Stored for later" in text

    async def test_unreachable_smtp_is_logged_without_the_body(self, monkeypatch, caplog):
        with socket.socket() as s:  # a port with nobody listening
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        monkeypatch.setenv("FLOW_SMTP_HOST", "127.0.0.1")
        monkeypatch.setenv("FLOW_SMTP_PORT", str(port))
        get_settings.cache_clear()
        try:
            with caplog.at_level(logging.INFO, logger="flow.mail"):
                await deliver("chef@example.com", "Reset", "secret-link-token-123")
        finally:
            monkeypatch.undo()
            get_settings.cache_clear()
        assert "failed" in caplog.text
        assert "secret-link-token-123" not in caplog.text


class TestNoSecretsInLogs:
    async def test_reset_flow_logs_neither_token_nor_password(self, client, factory, smtp, caplog):
        import re
        from urllib.parse import unquote

        t = await factory.tenant()
        with caplog.at_level(logging.DEBUG):
            await client.post("/api/auth/forgot-password", json={"email": t.admin.email})
            token = unquote(re.search(r"token=([^\s&]+)", LoopbackSmtp.body(smtp.last_to(t.admin.email))).group(1))
            await client.post("/api/auth/reset-password", json={"token": token, "new_password": "logged-never"})
        assert token not in caplog.text
        assert "logged-never" not in caplog.text
