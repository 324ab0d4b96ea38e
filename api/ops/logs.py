"""Structured logs: one JSON object per line, each carrying the request id of the request it
belongs to, and never a secret (tokens, passwords and PINs in query strings are redacted; bodies,
headers and image bytes are never logged)."""
from __future__ import annotations

import json
import logging
import os
import re
from contextvars import ContextVar
from datetime import UTC, datetime

request_id: ContextVar[str | None] = ContextVar("request_id", default=None)

_SECRET = re.compile(r"((?:token|pin|password|secret|access_token|refresh_token)=)[^&\s\"]+", re.IGNORECASE)
_BEARER = re.compile(r"(Bearer\s+)[A-Za-z0-9._~+/=-]+", re.IGNORECASE)


def redact(text: str) -> str:
    return _BEARER.sub(r"\1[redacted]", _SECRET.sub(r"\1[redacted]", text))


class RedactSecrets(logging.Filter):
    """Reset and invite links carry ?token=...; keep those values out of every log line."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in args)
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        return True


class JsonFormatter(logging.Formatter):
    FIELDS = ("method", "path", "route", "status", "duration_ms", "client")

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, tz=UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": redact(record.getMessage()),
            "request_id": getattr(record, "request_id", None) or request_id.get(),
        }
        for name in self.FIELDS:
            if hasattr(record, name):
                line[name] = getattr(record, name)
        if record.exc_info:
            line["error"] = redact(self.formatException(record.exc_info))
        return json.dumps(line, default=str)


def configure_logging(level: int = logging.INFO) -> None:
    """JSON lines on stderr for the app's and uvicorn's loggers (idempotent)."""
    target = os.environ.get("FLOW_LOG_FILE")  # `flow up` keeps the terminal for its status
    handler: logging.Handler = logging.FileHandler(target) if target else logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    handler.addFilter(RedactSecrets())
    root = logging.getLogger()
    root.handlers = [h for h in root.handlers if not getattr(h, "_flow", False)]
    handler._flow = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers = []
        logger.propagate = True
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())
