"""Outgoing mail: SMTP when FLOW_SMTP_HOST is set, else one .eml file per message in the outbox.

Settings are read at send time so a changed environment (or a test's SMTP server) applies at once.
Bodies carry reset and invite links: they are never logged.
"""
from __future__ import annotations

import asyncio
import logging
import smtplib
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

from api.core.config import Settings, get_settings

log = logging.getLogger("flow.mail")


def build_message(to: str, subject: str, body: str, settings: Settings) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = settings.mail_from
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(datetime.now(tz=UTC))
    msg["Message-ID"] = make_msgid(domain="flow.local")
    msg.set_content(body)
    return msg


def _send_smtp(msg: EmailMessage, settings: Settings) -> None:
    # local_hostname: skips a reverse DNS look-up (getfqdn) that can stall for seconds.
    with smtplib.SMTP(settings.smtp_host, settings.smtp_port, local_hostname="localhost", timeout=15) as smtp:
        if settings.smtp_starttls:
            smtp.starttls()
        if settings.smtp_user:
            smtp.login(settings.smtp_user, settings.smtp_password)
        smtp.send_message(msg)


def _write_outbox(msg: EmailMessage, outbox: Path) -> Path:
    outbox.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(tz=UTC).strftime("%Y%m%dT%H%M%S%f")
    path = outbox / f"{stamp}-{uuid.uuid4().hex[:8]}.eml"
    # Write then rename, so a reader never sees half a message.
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(msg.as_bytes())
    tmp.replace(path)
    return path


@dataclass(frozen=True)
class Attachment:
    filename: str
    mime: str  # "application/pdf", "text/csv"
    data: bytes


def send_mail(to: str, subject: str, body: str, attachments: Sequence[Attachment] = ()) -> None:
    """Deliver one plain-text message, with any attachments (blocking)."""
    settings = get_settings()
    msg = build_message(to, subject, body, settings)
    for item in attachments:
        maintype, subtype = item.mime.split("/", 1)
        if maintype == "text":  # as text, so the reader's client knows it is UTF-8
            msg.add_attachment(item.data.decode("utf-8"), subtype=subtype, filename=item.filename)
        else:
            msg.add_attachment(item.data, maintype=maintype, subtype=subtype, filename=item.filename)
    if settings.smtp_host:
        _send_smtp(msg, settings)
        log.info("mail sent by SMTP to %s: %s", to, subject)
    else:
        path = _write_outbox(msg, settings.outbox_dir)
        log.info("mail written to outbox %s for %s: %s", path.name, to, subject)


async def deliver(to: str, subject: str, body: str) -> None:
    """Send without blocking the event loop; a failure is logged (without the body), not raised.

    Callers use this after the answer is decided, so a mail outage never changes what a visitor sees
    (forgot-password must answer the same whether or not a mail went out).
    """
    try:
        await asyncio.to_thread(send_mail, to, subject, body)
    except (OSError, smtplib.SMTPException) as exc:
        log.error("mail to %s failed (%s): %s", to, subject, type(exc).__name__)
