"""Probes and metrics for operators: /api/healthz, /api/readyz, /api/metrics."""
from __future__ import annotations

import ipaddress
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

import psycopg
from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials
from pydantic import BaseModel, Field

from api.access.deps import Public, Unauthorized, bearer, current_user
from api.core.config import get_settings
from api.core.deps import Db
from api.kit.errors import ErrorBody, Forbidden
from api.ops import metrics

router = APIRouter(tags=["operations"])


class Health(BaseModel):
    status: Literal["ok"]


class Check(BaseModel):
    ok: bool
    detail: str


class WarehouseCheck(BaseModel):
    present: bool
    age_seconds: float | None = Field(description="Seconds since the warehouse file was last published")


class Readiness(BaseModel):
    status: Literal["ready", "not_ready"]
    postgres: Check
    migrations: Check
    warehouse: WarehouseCheck


@router.get("/healthz", response_model=Health, dependencies=[Public])
async def healthz() -> Health:
    """The process is up and answering (liveness). Reads nothing."""
    return Health(status="ok")


@lru_cache(maxsize=1)
def migration_heads() -> frozenset[str]:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config(str(Path(__file__).resolve().parents[1] / "alembic.ini"))
    return frozenset(ScriptDirectory.from_config(cfg).get_heads())


@router.get("/readyz", response_model=Readiness, dependencies=[Public],
            responses={503: {"model": Readiness, "description": "Postgres unreachable or migrations behind"}})
async def readyz() -> JSONResponse:
    """Ready for traffic: Postgres answers and is at the latest migration. The warehouse file and
    its age are reported; a missing or old warehouse does not stop tickets being taken."""
    postgres = Check(ok=False, detail="unreachable")
    migrations = Check(ok=False, detail="unknown")
    url = get_settings().database_url.replace("postgresql+psycopg://", "postgresql://")
    try:
        # Its own short connection as the schema owner: the app's role may not read alembic_version.
        async with await psycopg.AsyncConnection.connect(url, connect_timeout=3, autocommit=True) as conn:
            postgres = Check(ok=True, detail="reachable")
            rows = await (await conn.execute("select version_num from alembic_version")).fetchall()
        at, heads = {r[0] for r in rows}, set(migration_heads())
        migrations = Check(ok=at == heads, detail="at head" if at == heads else f"at {sorted(at)}, head is {sorted(heads)}")
    except (psycopg.Error, OSError) as exc:
        if postgres.ok:
            migrations = Check(ok=False, detail=type(exc).__name__)
    age = metrics.warehouse_age()
    ready = postgres.ok and migrations.ok
    body = Readiness(status="ready" if ready else "not_ready", postgres=postgres, migrations=migrations,
                     warehouse=WarehouseCheck(present=age is not None,
                                              age_seconds=None if age is None else round(age, 1)))
    return JSONResponse(body.model_dump(mode="json"), status_code=200 if ready else 503)


def _loopback(request: Request) -> bool:
    # A request a proxy forwarded is not a local scraper, even from a proxy on this machine whose
    # X-Forwarded-For is not trusted (FLOW_TRUSTED_PROXIES unset): its client is somewhere else.
    if "x-forwarded-for" in request.headers or "forwarded" in request.headers:
        return False
    host = request.client.host if request.client else ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


async def metrics_reader(
    request: Request, db: Db,
    creds: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> None:
    """A scraper on the same machine (loopback) or a signed-in platform admin."""
    if _loopback(request):
        return
    if creds is None:
        raise Unauthorized("Not authenticated")
    user = await current_user(request, db, creds)
    if user.role != "system_admin":
        raise Forbidden("You do not have permission to perform this action")


# The document says what metrics_reader does: a token is optional (`{}` beside the bearer
# scheme), because a scraper on loopback needs none (issue 31: schemathesis's ignored_auth).
@router.get("/metrics", response_class=Response, dependencies=[Public, Depends(metrics_reader)],
            openapi_extra={"security": [{}]},
            responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}},
                             "description": "Prometheus text exposition format"},
                       401: {"model": ErrorBody}, 403: {"model": ErrorBody}})
async def prometheus_metrics() -> Response:
    """Request counts and latency by route, ticket creates, sync batches, warehouse age. A scraper
    on this machine (loopback, not forwarded) needs no token; from elsewhere, a platform admin's."""
    return Response(metrics.exposition(), media_type="text/plain; version=0.0.4; charset=utf-8")
