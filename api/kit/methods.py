"""405 with the whole `Allow` for a wrong method on an /api path (issue 31, finding 5).

Starlette answers a wrong method from the first route whose path matches, so `Allow` named one
method (DELETE /api/tickets: 'POST', though GET is there too), and a path that another route's
template also matches went there instead (PUT /api/tickets/count reached PUT
/api/tickets/{ticket_id} and answered 422). Here a request is matched to its most specific path
template (fewest parameters: /api/tickets/count before /api/tickets/{ticket_id}); a method that
template does not have answers 405 listing every method it has.
"""
from __future__ import annotations

import json
import re

from fastapi.routing import APIRoute
from starlette.types import ASGIApp, Receive, Scope, Send


class MethodGuard:
    def __init__(self, app: ASGIApp, routes_of) -> None:
        self.app = app
        self.routes_of = routes_of  # the FastAPI app: its routes are read once, on the first request
        self.templates: list[tuple[re.Pattern, list[str]]] | None = None

    def _index(self) -> list[tuple[re.Pattern, list[str]]]:
        methods: dict[str, set[str]] = {}
        patterns: dict[str, re.Pattern] = {}
        for route in self.routes_of.routes:
            # Included routers hold their routes as contexts (FastAPI 0.165); plain routes are their own.
            contexts = route.effective_route_contexts() if hasattr(route, "effective_route_contexts") else [route]
            for ctx in contexts:
                if isinstance(getattr(ctx, "original_route", ctx), APIRoute) and ctx.path.startswith("/api/"):
                    methods.setdefault(ctx.path, set()).update(ctx.methods or ())
                    patterns[ctx.path] = ctx.path_regex

        def specificity(path: str) -> tuple:
            params = path.count("{")
            first = path.find("{")
            return params, -(first if first >= 0 else len(path)), -len(path)

        return [(patterns[p], sorted(methods[p])) for p in sorted(methods, key=specificity)]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        if self.templates is None:
            self.templates = self._index()
        path, method = scope["path"], scope["method"]
        for pattern, allowed in self.templates:
            if pattern.match(path):
                if method not in allowed:  # OPTIONS too: no CORS here, the answer lists the methods
                    body = json.dumps({"detail": "Method Not Allowed"}).encode()
                    await send({"type": "http.response.start", "status": 405, "headers": [
                        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                        (b"allow", ", ".join(allowed).encode())]})
                    await send({"type": "http.response.body", "body": body})
                    return
                break
        await self.app(scope, receive, send)
