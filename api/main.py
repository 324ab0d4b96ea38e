"""The ASGI app: api.main:app. Every route lives under /api; the web build is served beside it."""
from __future__ import annotations

import importlib
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles

from api.core.config import Settings, get_settings
from api.core.db import dispose_engine, init_engine
from api.kit.errors import ERROR_RESPONSES, install_error_handlers
from api.kit.guard import RequestGuard
from api.ops.logs import RedactSecrets, configure_logging
from api.ops.middleware import Operations

# One router module per domain (DESIGN.md); each exposes `router`.
DOMAINS = (
    "auth", "settings", "subscription", "companies", "stores", "regions", "users", "admin", "address",
    "lists", "tickets", "outbound", "ai", "inbound", "invoices", "payables", "inventory", "analytics",
    "compliance", "carbon", "email_alerts", "ops",
)

__all__ = ["RedactSecrets", "app", "create_app"]


def _operation_id(route: APIRoute) -> str:
    return f"{route.tags[0]}-{route.name}" if route.tags else route.name


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    configure_logging()

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        init_engine(settings)
        yield
        await dispose_engine()

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
    app.add_middleware(RequestGuard)
    app.add_middleware(Operations)  # outermost: every answer gets an id, headers and a metric
    for name in DOMAINS:
        module = importlib.import_module(f"api.{name}.router")
        app.include_router(module.router, prefix="/api")

    @app.get("/api/health", tags=["health"], include_in_schema=False)
    async def health() -> dict:
        return {"status": "ok"}

    _serve_web(app, settings.web_dist)
    return app


def _serve_web(app: FastAPI, dist: Path) -> None:
    """The built web app on the same origin, with an SPA fallback for its real URLs."""
    index = dist / "index.html"
    if (dist / "assets").is_dir():
        app.mount("/assets", StaticFiles(directory=dist / "assets"), name="assets")

    @app.get("/{path:path}", include_in_schema=False)
    async def spa(path: str, request: Request):
        if path.startswith("api/") or path == "api":
            return JSONResponse({"detail": "Not Found"}, status_code=404)
        candidate = (dist / path).resolve()
        if path and candidate.is_file() and dist.resolve() in candidate.parents:
            headers = {"Cache-Control": "no-cache"} if path in ("sw.js", "manifest.webmanifest") else None
            return FileResponse(candidate, headers=headers)
        if index.is_file():
            return FileResponse(index, headers={"Cache-Control": "no-cache"})
        return JSONResponse({"detail": "The web app is not built yet: run `make web`"}, status_code=503)


app = create_app()
