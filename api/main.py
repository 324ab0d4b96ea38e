"""The ASGI app: api.main:app. Every route lives under /api; the web build is served beside it."""
from __future__ import annotations

import gc
import mimetypes
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.routing import APIRoute
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from api.address.router import router as address_router
from api.admin.router import router as admin_router
from api.ai.router import router as ai_router
from api.analytics.router import router as analytics_router
from api.auth.router import router as auth_router
from api.carbon.router import router as carbon_router
from api.companies.router import router as companies_router
from api.compliance.router import router as compliance_router
from api.core.config import Settings, get_settings
from api.core.db import dispose_engine, init_engine
from api.email_alerts.router import router as email_alerts_router
from api.inbound.router import router as inbound_router
from api.inventory.router import router as inventory_router
from api.invoices.router import router as invoices_router
from api.kit import contract
from api.kit.errors import ERROR_RESPONSES, install_error_handlers
from api.kit.guard import RequestGuard
from api.kit.methods import MethodGuard
from api.kit.routing import include_flat
from api.lists.router import router as lists_router
from api.ops.logs import RedactSecrets, configure_logging
from api.ops.middleware import Operations
from api.ops.router import router as ops_router
from api.outbound.router import router as outbound_router
from api.payables.router import router as payables_router
from api.regions.router import router as regions_router
from api.settings.router import router as settings_router
from api.stores.router import router as stores_router
from api.subscription.router import router as subscription_router
from api.tickets.router import router as tickets_router
from api.users.router import router as users_router
from api.wiring import wire

# One router per domain (DESIGN.md), mounted in this order under /api: the app's composition.
ROUTERS = (
    auth_router, settings_router, subscription_router, companies_router, stores_router, regions_router,
    users_router, admin_router, address_router, lists_router, tickets_router, outbound_router,
    ai_router, inbound_router, invoices_router, payables_router, inventory_router, analytics_router,
    compliance_router, carbon_router, email_alerts_router, ops_router,
)

__all__ = ["RedactSecrets", "app", "create_app"]


def _operation_id(route: APIRoute) -> str:
    return f"{route.tags[0]}-{route.name}" if route.tags else route.name


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    configure_logging()
    wire()  # the domains that act on ticket events (api/wiring.py)

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        settings.require_secret_key()  # no key, no server: never a token signed with a known one
        init_engine(settings)
        # What start-up built (modules, routes, models: hundreds of thousands of objects) lives as long
        # as the process: out of the collector's sight, so a full collection no longer walks it. Those
        # walks held every request in flight for 100-280 ms at a time (bench/HISTORY.md, 29 Nov evening).
        froze = not gc.get_freeze_count()  # once per process (tests start many apps in one)
        if froze:
            gc.collect()
            gc.freeze()
        yield
        await dispose_engine()
        if froze:  # back in the collector's sight, so the interpreter's exit frees them (and says nothing)
            gc.unfreeze()
            gc.collect()

    app = FastAPI(
        title="Flow API",
        version="0.1.0",
        description="Food-waste weighing, scale tickets, inbound billing and organics-law compliance.",
        generate_unique_id_function=_operation_id,
        lifespan=lifespan,
        docs_url="/api/docs",
        openapi_url="/api/openapi.json",
        redoc_url=None,
        responses=ERROR_RESPONSES,
    )
    install_error_handlers(app)
    app.add_middleware(MethodGuard, routes_of=app)  # 405 with the path's every method in Allow
    app.add_middleware(RequestGuard)
    app.add_middleware(Operations)  # every answer gets an id, headers and a metric
    if settings.trusted_proxies.strip():
        # Outermost: the client address (rate limits, audit, metrics) and the scheme (HSTS) come
        # from X-Forwarded-For/-Proto only when the connection is from a trusted proxy. The
        # server itself trusts none (`flow serve`/`flow up` run uvicorn with proxy_headers off).
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.trusted_proxies)
    for router in ROUTERS:  # flat on the app: include_router's nodes cost every request (api/kit/routing.py)
        include_flat(app, router, prefix="/api")

    default_openapi = app.openapi

    def openapi() -> dict:  # the server's own rules declared (api/kit/contract.py)
        if app.openapi_schema is None:
            app.openapi_schema = contract.finish(default_openapi())
        return app.openapi_schema

    app.openapi = openapi

    _serve_web(app, settings.web_dist)
    return app


# Encodings the build writes beside each text file (web/scripts/compress-assets.mjs), best first.
_ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
_IMMUTABLE = "public, max-age=31536000, immutable"


def _accepted(accept_encoding: str) -> set[str]:
    """The codings an Accept-Encoding header allows (a q of 0 refuses one; `*` allows the rest)."""
    allowed: set[str] = set()
    refused: set[str] = set()
    for part in accept_encoding.lower().split(","):
        name, _, param = (piece.strip() for piece in part.partition(";"))
        try:
            weight = float(param.removeprefix("q=")) if param.startswith("q=") else 1.0
        except ValueError:
            weight = 1.0
        (allowed if weight > 0 else refused).add(name)
    if "*" in allowed:
        allowed |= {coding for coding, _ in _ENCODINGS} - refused
    return allowed - refused


def _web_file(file: Path, request: Request, cache_control: str | None) -> FileResponse:
    """A file of the build, in the best pre-compressed form the client accepts (never compressed here)."""
    media_type = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
    headers = {"Vary": "Accept-Encoding"}
    if cache_control:
        headers["Cache-Control"] = cache_control
    accepted = _accepted(request.headers.get("accept-encoding", ""))
    for coding, suffix in _ENCODINGS:
        sibling = file.with_name(file.name + suffix)
        # A sibling older than its file is left over from another build: never serve it.
        if coding in accepted and sibling.is_file() and sibling.stat().st_mtime >= file.stat().st_mtime:
            return FileResponse(sibling, media_type=media_type, headers={**headers, "Content-Encoding": coding})
    return FileResponse(file, media_type=media_type, headers=headers)


def _inside(root: Path, path: str) -> Path | None:
    """The file `path` names under `root`, or None (missing, a folder, or outside `root`)."""
    if path.endswith((".br", ".gz")):  # the encoded siblings are only ever sent as an encoding
        return None
    candidate = (root / path).resolve()
    if path and candidate.is_file() and root.resolve() in candidate.parents:
        return candidate
    return None


def _serve_web(app: FastAPI, dist: Path) -> None:
    """The built web app on the same origin, with an SPA fallback for its real URLs.

    Files go out pre-compressed (br, gzip) when the client accepts it; the hashed files under
    /assets are cached for a year, index.html and the service worker are revalidated each time.
    The app's URLs (/app/...) get app.html, the same page with the app chunk preloaded (the build
    writes it, vite.config.ts), so a phone fetches it beside the entry, not one round trip later."""
    index = dist / "index.html"
    app_index = dist / "app.html"

    @app.api_route("/assets/{path:path}", methods=["GET", "HEAD"], include_in_schema=False)
    async def assets(path: str, request: Request):
        file = _inside(dist / "assets", path)
        if file is None:  # an old chunk after a deploy must fail as a script, never get index.html
            return JSONResponse({"detail": "Not Found"}, status_code=404)
        return _web_file(file, request, _IMMUTABLE)

    @app.get("/{path:path}", include_in_schema=False)
    async def spa(path: str, request: Request):
        if path.startswith("api/") or path == "api":
            return JSONResponse({"detail": "Not Found"}, status_code=404)
        file = _inside(dist, path)
        if file is not None:
            return _web_file(file, request, "no-cache" if path in ("sw.js", "manifest.webmanifest") else None)
        page = app_index if (path == "app" or path.startswith("app/")) and app_index.is_file() else index
        if page.is_file():
            return _web_file(page, request, "no-cache")
        return JSONResponse({"detail": "The web app is not built yet: run `make web`"}, status_code=503)


app = create_app()
