"""Request checks that hold for every route, before any handler or database sees the request.

- A body larger than MAX_BODY_BYTES is refused with 413: from its Content-Length before a byte
  is read, or as soon as a chunked body passes the cap.
- A NUL character (U+0000) anywhere in a JSON body, a form field, the query string or the path
  is refused with 422 naming the field. PostgreSQL cannot store NUL in text, so without this
  every string that reaches it (login e-mail, names, filters) turned into a 500.
"""
from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qsl, unquote

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES = 32 * 1024 * 1024
NUL_MESSAGE = "must not contain a NUL character"


def _error(detail: str, field: str | None, status: int) -> tuple[int, bytes]:
    errors = [{"field": field, "message": detail}] if field is not None else []
    return status, json.dumps({"detail": detail, "errors": errors}).encode()


def find_nul(value: Any, path: str = "") -> str | None:
    """Dotted path of the first string (or key) holding U+0000, '' for the top level; None if clean."""
    if isinstance(value, str):
        return path if "\x00" in value else None
    if isinstance(value, dict):
        for key, item in value.items():
            child = f"{path}.{key}" if path else str(key)
            if "\x00" in str(key):
                return child
            found = find_nul(item, child)
            if found is not None:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = find_nul(item, f"{path}.{i}" if path else str(i))
            if found is not None:
                return found
    return None


def _nul_in_pairs(pairs: list[tuple[str, str]]) -> str | None:
    for key, value in pairs:
        if "\x00" in key or "\x00" in value:
            return key.replace("\x00", "") or "query"
    return None


class RequestGuard:
    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await self._answer(send, *_error(self._too_large(), None, 413))
            return
        if "\x00" in unquote(scope.get("path", "")):
            await self._answer(send, *_error(f"path {NUL_MESSAGE}", "path", 422))
            return
        query = scope.get("query_string", b"").decode("latin-1")
        if "%00" in query or "\x00" in query:
            field = _nul_in_pairs(parse_qsl(query, keep_blank_values=True))
            if field is not None:
                await self._answer(send, *_error(f"{field}: {NUL_MESSAGE}", field, 422))
                return

        content_type = headers.get("content-type", "").split(";")[0].strip().lower()
        checks_body = content_type.endswith("json") or content_type == "application/x-www-form-urlencoded"
        if not checks_body and length is not None:
            await self.app(scope, receive, send)  # multipart uploads: bytes may hold NUL legitimately
            return

        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await self._answer(send, *_error(self._too_large(), None, 413))
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)

        if checks_body and body:
            field = self._nul_field(body, content_type)
            if field is not None:
                label = field or "body"
                await self._answer(send, *_error(f"{label}: {NUL_MESSAGE}", label, 422))
                return

        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    @staticmethod
    def _nul_field(body: bytes, content_type: str) -> str | None:
        if content_type == "application/x-www-form-urlencoded":
            return _nul_in_pairs(parse_qsl(body.decode("latin-1"), keep_blank_values=True))
        if b"\\u0000" not in body and b"\x00" not in body:
            return None
        try:
            data = json.loads(body)
        except ValueError:
            return None  # FastAPI answers malformed JSON with its own 422
        return find_nul(data)

    def _too_large(self) -> str:
        return f"The request body is too large (at most {self.max_body // (1024 * 1024)} MB)"

    @staticmethod
    async def _answer(send: Send, status: int, payload: bytes) -> None:
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(payload)).encode())]})
        await send({"type": "http.response.body", "body": payload})
