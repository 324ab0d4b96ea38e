"""One ASGI layer around every request: request id, access log line, metrics, security headers."""
from __future__ import annotations

import logging
import re
import time
import uuid

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.ops import metrics
from api.ops.logs import request_id

log = logging.getLogger("flow.access")

_GOOD_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")

# The web app: its own scripts and styles (recharts and inline style attributes need
# 'unsafe-inline' styles), images from itself, data: and blob: (camera captures), reCAPTCHA.
CSP = (
    "default-src 'self'; "
    "script-src 'self' https://www.google.com https://www.gstatic.com; "
    "style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; "
    "font-src 'self' data:; "
    "connect-src 'self'; "
    "worker-src 'self' blob:; "
    "manifest-src 'self'; "
    "frame-src https://www.google.com https://recaptcha.google.com; "
    "frame-ancestors 'none'; "
    "base-uri 'self'; "
    "form-action 'self'; "
    "object-src 'none'"
)
# Swagger UI loads its scripts from a CDN; the document page gets the other headers only.
_NO_CSP = ("/api/docs",)
HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"strict-origin-when-cross-origin"),
    (b"x-frame-options", b"DENY"),
    (b"permissions-policy", b"camera=(self), geolocation=(), microphone=()"),
]
HSTS = (b"strict-transport-security", b"max-age=31536000; includeSubDomains")


def route_of(scope: Scope) -> str:
    """The route template that answered (/api/tickets/{ticket_id}), so metrics stay few series."""
    from fastapi import routing

    fastapi_scope = scope.get(routing._FASTAPI_SCOPE_KEY) or {}
    context = fastapi_scope.get(routing._FASTAPI_EFFECTIVE_ROUTE_CONTEXT_KEY)
    path = getattr(context, "path", None) or getattr(scope.get("route"), "path", None)
    if path and path != "/{path:path}":
        return path
    return "/api/<unmatched>" if scope.get("path", "").startswith("/api") else "<web>"


class Operations:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers", [])).get(b"x-request-id", b"").decode("latin-1")
        rid = given if _GOOD_ID.match(given) else uuid.uuid4().hex
        token = request_id.set(rid)
        started = time.perf_counter()
        status = 500
        path = scope.get("path", "")
        extra = [(b"x-request-id", rid.encode())]
        extra += HEADERS
        if not path.startswith(_NO_CSP):
            extra.append((b"content-security-policy", CSP.encode()))
        if scope.get("scheme") == "https":
            extra.append(HSTS)

        async def send_with_headers(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(h for h in extra if h[0] not in present)]
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        finally:
            seconds = time.perf_counter() - started
            route = route_of(scope)
            metrics.observe(scope["method"], route, status, seconds)
            if path.startswith("/api") and route != "/api/healthz":
                log.info("%s %s %s", scope["method"], path, status,
                         extra={"method": scope["method"], "path": path, "route": route, "status": status,
                                "duration_ms": round(seconds * 1000, 1), "request_id": rid})
            request_id.reset(token)
