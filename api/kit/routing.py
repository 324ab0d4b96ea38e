"""The domain routers' routes placed on the app itself, one flat list, instead of `include_router`.

Since 0.137 FastAPI's `include_router` keeps each included router as a node that it walks on every
request, setting and restoring scope keys for each route it tries, and a request is matched twice
(once to find the node, once inside it). With 22 routers under /api, `GET /api/healthz` (the last
router) cost 2.0-2.3 CPU ms in-process and 0.85-1.1 ms with the routes flat, on every call before
any of the route's own work (`bench/HISTORY.md`, "Per-request cost, 29 Nov"). Routes declared on
the app are plain `APIRoute`s matched by one regex each, as before 0.137.

`include_flat` gives each route what `include_router` would: the app's responses, tags and
dependencies, its operation-id function and response class, `dependency_overrides`, the prefix.
tests/api/test_routing.py holds the OpenAPI document and every route's dependencies equal to what
`include_router` builds, so a FastAPI upgrade that adds a route attribute is caught there.
"""
from __future__ import annotations

from fastapi import APIRouter, FastAPI
from fastapi.datastructures import DefaultPlaceholder
from fastapi.routing import APIRoute
from starlette.routing import Match, get_route_path
from starlette.types import Scope


class PrefixedRoute(APIRoute):
    """An APIRoute that rules itself out by its literal start before trying its regex.

    The app tries its ~190 routes in order; each APIRoute.matches costs some microseconds of scope
    bookkeeping before its regex runs. A path that does not start with the route's text before its
    first parameter cannot match the regex, which starts with that text, so the answer is the same
    (tests/api/test_routing.py walks every route)."""

    def __init__(self, path: str, *args, **kwargs) -> None:
        super().__init__(path, *args, **kwargs)
        self.literal_start = path.split("{", 1)[0]

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        if scope["type"] == "http" and not get_route_path(scope).startswith(self.literal_start):
            return Match.NONE, {}
        return super().matches(scope)


def _explicit(value):
    """A route's own setting, or None where it kept its router's default (the app's then applies)."""
    return None if isinstance(value, DefaultPlaceholder) else value


def include_flat(app: FastAPI, router: APIRouter, prefix: str = "", *, tags: tuple = (),
                 dependencies: tuple = (), responses: dict | None = None) -> None:
    """Add every route of `router` (and of routers it includes) to `app` under `prefix`; a nested
    router's inclusion adds its prefix, tags, dependencies and responses before the route's own."""
    for route in router.routes:
        nested = getattr(route, "original_router", None)
        if nested is not None:  # a router included in this one (`router.include_router(...)`)
            context = route.include_context
            if context.callbacks or _explicit(context.default_response_class) or context.max_body_size:
                raise ValueError("include_flat: a nested router with options it does not carry over")
            include_flat(app, nested, prefix + context.prefix, tags=(*tags, *context.tags),
                         dependencies=(*dependencies, *context.dependencies),
                         responses={**(responses or {}), **context.responses})
            continue
        if not isinstance(route, APIRoute):
            raise TypeError(f"include_flat: {type(route).__name__} routes are not supported")
        options = {
            "response_class": _explicit(route.response_class) or _explicit(router.default_response_class),
            "generate_unique_id_function": _explicit(route.generate_unique_id_function)
            or _explicit(router.generate_unique_id_function),
            "strict_content_type": _explicit(route.strict_content_type),
            "max_body_size": route.max_body_size,
        }
        app.router.add_api_route(
            prefix + route.path,
            route.endpoint,
            response_model=route.response_model,
            status_code=route.status_code,
            tags=[*tags, *route.tags],
            dependencies=[*dependencies, *route.dependencies],
            summary=route.summary,
            description=route.description,
            response_description=route.response_description,
            responses={**(responses or {}), **route.responses},
            deprecated=route.deprecated,
            methods=route.methods,
            operation_id=route.operation_id,
            response_model_include=route.response_model_include,
            response_model_exclude=route.response_model_exclude,
            response_model_by_alias=route.response_model_by_alias,
            response_model_exclude_unset=route.response_model_exclude_unset,
            response_model_exclude_defaults=route.response_model_exclude_defaults,
            response_model_exclude_none=route.response_model_exclude_none,
            include_in_schema=route.include_in_schema,
            name=route.name,
            callbacks=list(route.callbacks or []),
            openapi_extra=route.openapi_extra,
            route_class_override=PrefixedRoute,
            **{key: value for key, value in options.items() if value is not None},
        )
