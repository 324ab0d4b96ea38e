"""Errors as {"detail": "..."} with the spec's wording; never a stack trace."""
from __future__ import annotations

import logging

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

log = logging.getLogger("flow")


class FieldError(BaseModel):
    field: str = Field(description="Dotted path of the field in the body or the query parameter's name")
    message: str


class ErrorBody(BaseModel):
    """The one shape of every 4xx answer: a sentence for people, the fields for forms."""

    detail: str = Field(description="What went wrong, in words a user can act on")
    errors: list[FieldError] | None = Field(None, description="One entry per invalid field (422)")


_STATUS_TEXT = {
    400: "The request breaks a rule of the product",
    401: "Not signed in, or the session has ended",
    403: "Signed in, but this role or plan may not do this",
    404: "Not found (or belongs to another company)",
    409: "Conflicts with the current state (a duplicate, a closed period)",
    413: "The request body or upload is too large",
    422: "A field is missing or invalid; `errors` names each field",
    429: "Too many attempts; try again later",
}
# Declared on every operation (FastAPI(responses=...)), so the document promises what is sent.
ERROR_RESPONSES: dict[int | str, dict] = {
    status: {"model": ErrorBody, "description": text} for status, text in _STATUS_TEXT.items()
}
ERROR_RESPONSES[429]["headers"] = {
    "Retry-After": {"description": "Seconds to wait before trying again", "schema": {"type": "integer", "minimum": 1}},
}


class DomainError(Exception):
    """A rule of the product was broken; carries the HTTP status and the user-facing message."""

    status_code = 400

    def __init__(self, detail: str, status_code: int | None = None, *, field: str | None = None):
        super().__init__(detail)
        self.detail = detail
        self.field = field  # the body field at fault, listed in `errors` like a validation error
        if status_code is not None:
            self.status_code = status_code


class NotFound(DomainError):
    status_code = 404


class Conflict(DomainError):
    status_code = 409


class Forbidden(DomainError):
    status_code = 403


class Invalid(DomainError):
    status_code = 422


def _field_message(err: dict) -> str:
    loc = [str(p) for p in err.get("loc", ()) if p not in ("body", "query", "path", "header")]
    msg = err.get("msg", "Invalid value")
    if msg.startswith("Value error, "):
        return msg.removeprefix("Value error, ")
    return f"{'.'.join(loc)}: {msg}" if loc else msg


def _field_name(err: dict) -> str:
    cause = (err.get("ctx") or {}).get("error")
    named = getattr(cause, "field", None)
    loc = [str(p) for p in err.get("loc", ())[1:]]
    if isinstance(named, str):
        return ".".join([*loc, named])
    return ".".join(loc)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(DomainError)
    async def _domain(_req: Request, exc: DomainError) -> JSONResponse:
        body: dict = {"detail": exc.detail}
        if exc.field:
            body["errors"] = [{"field": exc.field, "message": exc.detail}]
        return JSONResponse(body, status_code=exc.status_code, headers=_headers(exc))

    def _headers(exc: DomainError) -> dict[str, str] | None:
        headers = dict(getattr(exc, "headers", None) or {})
        if exc.status_code == 429:
            # Every 429 says when to come back (RFC 9110 10.2.3); the limits here are per minute.
            headers.setdefault("Retry-After", "60")
        return headers or None

    @app.exception_handler(RequestValidationError)
    async def _validation(_req: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        detail = _field_message(errors[0]) if errors else "Invalid request"
        fields = [{"field": _field_name(e), "message": _field_message(e)} for e in errors]
        return JSONResponse({"detail": detail, "errors": fields}, status_code=422)

    @app.exception_handler(HTTPException)
    async def _http(_req: Request, exc: HTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        if exc.status_code == 429:
            headers.setdefault("Retry-After", "60")
        return JSONResponse({"detail": exc.detail}, status_code=exc.status_code, headers=headers or None)

    @app.exception_handler(Exception)
    async def _unexpected(req: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", req.method, req.url.path)
        return JSONResponse({"detail": "Internal server error"}, status_code=500)
