"""Ticket calls of spec 2 s7 and spec 3 s7. HTTP only: rules live in service/edits/queries."""
from __future__ import annotations

import uuid
from typing import Annotated, Literal
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Depends, File, Form, Header, Query, Request, Response, UploadFile, status
from fastapi.responses import StreamingResponse

from api.access.deps import AdminUser, CurrentCompany, LocationScope, StaffUser
from api.companies.logo import logo_png
from api.core.config import get_settings
from api.core.deps import Db
from api.kit.calendar import company_zone_name
from api.kit.contract import PHOTO, UUID_HEADER, body_rule, upload
from api.kit.errors import ErrorBody, Invalid, NotFound
from api.ops import metrics
from api.ratelimit.service import client_ip as ratelimit_ip
from api.tickets import batch, edits, exports, locations, mailing, queries, service
from api.tickets.images import ImageTooLarge
from api.tickets.schemas import (
    COMPLETE_OR_DRAFT,
    BatchResults,
    ImageKind,
    InProgressTickets,
    TicketBatch,
    TicketCount,
    TicketCreate,
    TicketEmailRequest,
    TicketEmailSent,
    TicketImageRead,
    TicketList,
    TicketLocationAssign,
    TicketLocationAssigned,
    TicketQuery,
    TicketRead,
    TicketUpdate,
    TicketVoid,
    UnlocatedTickets,
)
from api.tickets.views import image_read, read_tickets, ticket_read

router = APIRouter(prefix="/tickets", tags=["tickets"])
IMAGE_CACHE = "private, max-age=300"


def caller(user: StaffUser, company: CurrentCompany, scope: LocationScope) -> service.Caller:
    return service.Caller(user=user, company=company, scope=scope)


TicketCaller = Annotated[service.Caller, Depends(caller)]
Filters = Annotated[TicketQuery, Query()]


async def _one(db, ticket) -> TicketRead:
    return (await read_tickets(db, [ticket]))[0]


@router.post(
    "", response_model=TicketRead, status_code=status.HTTP_201_CREATED,
    responses={200: {"model": TicketRead, "description": "Retry of a known client_id: the first ticket"}},
    openapi_extra=body_rule(COMPLETE_OR_DRAFT),
)
async def create_ticket(
    body: TicketCreate, db: Db, who: TicketCaller, response: Response,
    idempotency_key: Annotated[str | None, Header(
        alias="Idempotency-Key", json_schema_extra=UUID_HEADER,
        description="The ticket's idempotency key, as the body's client_id is (give either; when both are "
                    "given they must be the same UUID, else 422). A key already used for a different "
                    "ticket is a 422; the same ticket again answers 200 with the first one.",
    )] = None,
) -> TicketRead:
    """Create an outbound ticket (outbound or simple payload). A retried client_id returns 200."""
    ticket, created, lines, images, store_name = await service.create_ticket(db, who, body, idempotency_key)
    if not created:
        response.status_code = status.HTTP_200_OK
        return await _one(db, ticket)
    return ticket_read(ticket, lines, images, store_name)


@router.post("/batch", response_model=BatchResults)
async def create_ticket_batch(body: TicketBatch, db: Db, who: TicketCaller) -> BatchResults:
    """Offline sync: many tickets in one transaction, one savepoint each; answers per ticket."""
    results = await batch.create_batch(db, who, body)
    created = sum(r.status == "created" for r in results)
    metrics.TICKETS_CREATED.inc(created)
    return BatchResults(
        results=results,
        created=created,
        duplicates=sum(r.status == "duplicate" for r in results),
        errors=sum(r.status == "error" for r in results),
    )


@router.get("", response_model=TicketList)
async def list_tickets(db: Db, who: TicketCaller, filters: Filters) -> TicketList:
    tickets, total = await queries.list_tickets(db, who, filters)
    return TicketList(tickets=await read_tickets(db, tickets), total=total)


@router.get("/count", response_model=TicketCount)
async def count_tickets(
    db: Db, who: TicketCaller,
    year: Annotated[int | None, Query(ge=2000, le=2100)] = None,
    month: Annotated[int | None, Query(ge=1, le=12)] = None,
) -> TicketCount:
    """Completed tickets in a company-local month (an employee: their own)."""
    now_year, now_month = queries.current_local_month(company_zone_name(who.company))
    year, month = year or now_year, month or now_month
    return TicketCount(count=await queries.month_count(db, who, year, month), year=year, month=month)


@router.get("/in-progress", response_model=InProgressTickets)
async def in_progress_tickets(db: Db, who: TicketCaller) -> InProgressTickets:
    found = await queries.in_progress(db, who)
    reads = await read_tickets(db, found["draft"] + found["saved"])
    return InProgressTickets(
        draft_tickets=[r for r in reads if r.status == "draft"],
        saved_tickets=[r for r in reads if r.status == "saved"],
    )


@router.get(
    "/export/{format}", response_model=None, response_class=Response,
    responses={200: {"content": {mime: {} for mime, _ext in exports.FORMATS.values()}},
               404: {"model": ErrorBody, "description": "No data to export"}},
)
async def export_tickets(
    format: Literal["csv", "xlsx", "excel", "pdf"], db: Db, who: TicketCaller, filters: Filters
) -> Response:
    """The ticket list as a file, streamed; same filters as GET /api/tickets, completed by default.
    Up to 100,000 tickets: beyond that the answer is a 422 asking for a narrower date range."""
    if not filters.status:
        filters = filters.model_copy(update={"status": "completed"})
    count, first, last = await queries.export_extent(db, who, filters)
    if not count:
        raise NotFound("No data to export")
    if count > queries.EXPORT_ROW_CAP:
        raise Invalid(f"More than {queries.EXPORT_ROW_CAP:,} tickets match: choose a shorter date range "
                      "(start_date, end_date) and export it in parts")
    tz = company_zone_name(who.company)
    label, file_part = exports.period_label(filters.start_date, filters.end_date, first, last, tz)
    table = exports.ExportTable(who.company.name, label, ZoneInfo(tz), logo_png(who.company))
    batches = queries.export_batches(who, filters, exports.EXPORT_BATCH)
    mime, ext = exports.FORMATS[format]
    headers = {
        "Content-Disposition": f'attachment; filename="flow_tickets_export_{file_part}.{ext}"',
        "Cache-Control": "no-store",
    }
    if format == "pdf":
        return Response(await exports.pdf_bytes(table, batches), media_type=mime, headers=headers)
    return StreamingResponse(exports.stream(format, table, batches), media_type=mime, headers=headers)


@router.post(
    "/email", response_model=TicketEmailSent,
    responses={404: {"model": ErrorBody, "description": "No data to export"},
               429: {"model": ErrorBody, "description": "Too many emails sent; wait and try again"},
               502: {"model": ErrorBody, "description": "The mail server did not accept the message"}},
)
async def email_tickets(body: TicketEmailRequest, request: Request, db: Db, who: TicketCaller,
                        _admin: AdminUser) -> TicketEmailSent:
    """EMAIL (Ticket Search, Ticket Report): the tickets of these filters mailed now as PDF and CSV.
    Managers only (docs/access.md); same scope as the export; recipients comma-separated, each one
    of the company's users (the bad one is named); rate limited per user, company and recipient; audited."""
    return await mailing.email_tickets(db, who, body, ratelimit_ip(request))


@router.get("/without-location", response_model=UnlocatedTickets)
async def tickets_without_location(db: Db, _admin: AdminUser) -> UnlocatedTickets:
    """Managers: tickets stored before every ticket had its location, to say where each was weighed."""
    found, total = await locations.without_location(db)
    return UnlocatedTickets(tickets=await read_tickets(db, found), total=total,
                            location_required=await locations.column_required(db))


@router.put("/location", response_model=TicketLocationAssigned)
async def assign_ticket_location(
    body: TicketLocationAssign, db: Db, admin: AdminUser, company: CurrentCompany
) -> TicketLocationAssigned:
    """Managers: the location where these tickets without one were weighed (audited)."""
    who = service.Caller(user=admin, company=company, scope=None)
    assigned = await locations.assign(db, who, body.ticket_ids, body.store_id)
    _found, remaining = await locations.without_location(db, limit=0)
    return TicketLocationAssigned(assigned=assigned, remaining=remaining)


@router.get("/{ticket_id}", response_model=TicketRead)
async def get_ticket(ticket_id: uuid.UUID, db: Db, who: TicketCaller) -> TicketRead:
    return await _one(db, await service.visible_ticket(db, who, ticket_id))


@router.put("/{ticket_id}", response_model=TicketRead)
async def update_ticket(ticket_id: uuid.UUID, body: TicketUpdate, db: Db, who: TicketCaller) -> TicketRead:
    """Edit or complete a draft/saved ticket; completed tickets are only voided."""
    return await _one(db, await edits.update_ticket(db, who, ticket_id, body))


@router.post("/{ticket_id}/void", response_model=TicketRead)
async def void_ticket(
    ticket_id: uuid.UUID, body: TicketVoid, db: Db, admin: AdminUser, company: CurrentCompany
) -> TicketRead:
    """Admins void a ticket with a reason (kept with the ticket and in the audit log)."""
    who = service.Caller(user=admin, company=company, scope=None)
    return await _one(db, await service.void_ticket(db, who, ticket_id, body.reason))


@router.post(
    "/{ticket_id}/images", response_model=TicketImageRead, status_code=status.HTTP_201_CREATED,
    responses={200: {"model": TicketImageRead, "description": "The same photo again: the existing image"}},
    openapi_extra=upload("file", *PHOTO),
)
async def add_ticket_image(
    ticket_id: uuid.UUID, db: Db, who: TicketCaller, response: Response,
    file: Annotated[UploadFile, File(description="JPEG, PNG or WebP")],
    kind: Annotated[ImageKind, Form()] = "additional",
) -> TicketImageRead:
    max_bytes = get_settings().max_image_bytes
    raw = await file.read(max_bytes + 1)
    if len(raw) > max_bytes:
        raise ImageTooLarge(f"Image is too large (maximum {max_bytes // (1024 * 1024)} MB)")
    image, created = await edits.add_image(db, who, ticket_id, kind, raw)
    if not created:
        response.status_code = status.HTTP_200_OK
    return image_read(image)


async def _image(db, who, ticket_id, image_id, *, thumbnail: bool) -> Response:
    data, mime = await edits.load_image(db, who, ticket_id, image_id, thumbnail=thumbnail)
    return Response(data, media_type=mime, headers={"Cache-Control": IMAGE_CACHE, "X-Content-Type-Options": "nosniff"})


@router.get("/{ticket_id}/images/{image_id}", response_model=None, response_class=Response,
            responses={200: {"content": {"image/jpeg": {}}}})
async def get_ticket_image(ticket_id: uuid.UUID, image_id: uuid.UUID, db: Db, who: TicketCaller) -> Response:
    return await _image(db, who, ticket_id, image_id, thumbnail=False)


@router.get("/{ticket_id}/images/{image_id}/thumbnail", response_model=None, response_class=Response,
            responses={200: {"content": {"image/jpeg": {}}}})
async def get_ticket_image_thumbnail(ticket_id: uuid.UUID, image_id: uuid.UUID, db: Db, who: TicketCaller) -> Response:
    return await _image(db, who, ticket_id, image_id, thumbnail=True)
