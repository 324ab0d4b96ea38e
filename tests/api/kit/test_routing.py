"""The app's routes placed flat (api.kit.routing.include_flat) are the routes include_router builds:
the same OpenAPI document, the same route chosen for every path and method, the same dependencies."""
from __future__ import annotations

import re
import uuid

import pytest
from fastapi import APIRouter, FastAPI
from fastapi.routing import APIRoute
from starlette.routing import Match

from api.kit.errors import ERROR_RESPONSES
from api.kit.routing import PrefixedRoute, include_flat
from api.main import ROUTERS, _operation_id, app

SAMPLE = {"uuid": str(uuid.UUID(int=7)), "int": "3", "path": "a/b.txt", "str": "x1", "float": "1.5"}


def bare_app() -> FastAPI:
    return FastAPI(generate_unique_id_function=_operation_id, responses=ERROR_RESPONSES)


def included() -> FastAPI:
    reference = bare_app()
    for router in ROUTERS:
        reference.include_router(router, prefix="/api")
    return reference


def flat() -> FastAPI:
    built = bare_app()
    for router in ROUTERS:
        include_flat(built, router, prefix="/api")
    return built


def routes_of(built: FastAPI) -> list:
    """Every route in the order the app tries them (an included router's contexts in its place)."""
    out = []
    for route in built.router.routes:
        out.extend(route.effective_route_contexts() if hasattr(route, "effective_route_contexts") else [route])
    return out


def concrete(template: str) -> str:
    def fill(m: re.Match) -> str:
        return SAMPLE[m.group(2) or "str"]
    return re.sub(r"{(\w+)(?::(\w+))?}", fill, template)


def chosen(routes: list, path: str, method: str) -> str | None:
    scope = {"type": "http", "path": path, "root_path": "", "method": method, "headers": []}
    for route in routes:
        match, _ = route.matches(scope)
        if match == Match.FULL:
            return f"{method} {route.path}"
    return None


def dependency_names(dependant) -> list[str]:
    names = []
    for dep in dependant.dependencies:
        names.append(getattr(dep.call, "__name__", repr(dep.call)))
        names.extend(dependency_names(dep))
    return names


def test_the_app_holds_no_included_router_node():
    assert not [r for r in app.router.routes if hasattr(r, "original_router")]
    api = [r for r in app.router.routes if isinstance(r, APIRoute) and r.path.startswith("/api/")]
    assert len(api) > 150 and all(isinstance(r, PrefixedRoute) for r in api)


def test_the_flat_routes_document_the_same_api():
    assert flat().openapi() == included().openapi()


def test_every_path_and_method_reaches_the_same_route_with_the_same_dependencies():
    reference, flat_routes = routes_of(included()), routes_of(flat())
    by_key = {(m, r.path): r for r in flat_routes if isinstance(r, APIRoute) for m in r.methods}
    checked = 0
    for route in reference:
        if not isinstance(getattr(route, "original_route", route), APIRoute):
            continue  # the document's own pages (/openapi.json, /docs)
        for method in sorted(route.methods):
            path = concrete(route.path)
            assert chosen(flat_routes, path, method) == chosen(reference, path, method), path
            twin = by_key[(method, route.path)]
            assert dependency_names(twin.dependant) == dependency_names(route.dependant), route.path
            assert (twin.status_code, twin.response_model, twin.name) == (route.status_code, route.response_model, route.name)
            checked += 1
    assert checked == len(by_key) > 150


@pytest.mark.parametrize(("path", "root_path", "expected"), [
    ("/api/reports/tickets", "", Match.FULL),
    ("/api/reports/ticketsx", "", Match.NONE),
    ("/api/report/tickets", "", Match.NONE),
    ("/app/api/reports/tickets", "/app", Match.FULL),  # behind a proxy's prefix, as Starlette routes it
])
def test_a_prefixed_route_rules_out_only_paths_that_cannot_match(path, root_path, expected):
    router = APIRouter()

    @router.get("/reports/tickets")
    def tickets() -> dict:
        return {}

    built = bare_app()
    include_flat(built, router, prefix="/api")
    (route,) = [r for r in built.router.routes if isinstance(r, APIRoute) and r.path.startswith("/api/")]
    scope = {"type": "http", "path": path, "root_path": root_path, "method": "GET", "headers": []}
    assert route.matches(scope)[0] == expected
    assert route.literal_start == "/api/reports/tickets"


def test_a_nested_router_keeps_its_prefix_tags_and_dependencies():
    def audit() -> None:
        return None

    inner = APIRouter(tags=["inner"])

    @inner.get("/{item_id}")
    def item(item_id: int) -> dict:
        return {"id": item_id}

    from fastapi import Depends
    outer = APIRouter(tags=["outer"])
    outer.include_router(inner, prefix="/items", tags=["nested"], dependencies=[Depends(audit)])
    built = bare_app()
    include_flat(built, outer, prefix="/api")
    reference = bare_app()
    reference.include_router(outer, prefix="/api")
    assert built.openapi() == reference.openapi()
    (route,) = [r for r in built.router.routes if getattr(r, "path", "") == "/api/items/{item_id}"]
    assert route.tags == ["outer", "nested", "inner"] and dependency_names(route.dependant)[0] == "audit"
