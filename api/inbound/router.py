"""Inbound calls of spec 3 s7 and DESIGN's wave-2 names. HTTP only: rules live in the services.

Every route passes the inbound gate (enterprise plan and inbound_module_enabled, else 403). Customers,
vehicles and the ticket list are the managers'; the weigh-in routes are an employee's too when the
company turns inbound_employee_weigh_in_enabled on (api/inbound/deps.py, docs/access.md).
"""
from __future__ import annotations

import uuid
from typing import Annotated, Literal

from fastapi import APIRouter, File, Header, Query, Request, Response, UploadFile, status

from api.access.deps import AdminUser
from api.core.deps import Db
from api.inbound import bulk, customers, exports, tickets
from api.inbound.deps import InboundAdmin, WeighInCaller
from api.inbound.schemas import (
    BulkUploadResult,
    CustomerList,
    CustomerRead,
    CustomerWrite,
    InboundInProgress,
    InboundPlateLookup,
    InboundPreview,
    InboundPreviewRequest,
    InboundTicketCreate,
    InboundTicketList,
    InboundTicketRead,
    InboundTicketUpdate,
    InboundVehicleRead,
    VehicleList,
    VehicleWrite,
)
from api.kit.contract import UUID_HEADER, upload
from api.kit.errors import DomainError
from api.kit.fields import MAX_OFFSET
from api.kit.validation import IsoDate
from api.reports.spreadsheet import EXPORT_RESPONSES, ExportFormat, export_response
from api.subscription.deps import InboundCompany
from api.tickets.public import Caller, TicketVoid, client_id_of

router = APIRouter(prefix="/inbound", tags=["inbound"])


class TooLarge(DomainError):
    status_code = 413


# ---- customers ----------------------------------------------------------------------------------
@router.get("/customers", response_model=CustomerList)
async def list_customers(
    db: Db, _who: WeighInCaller,
    search: Annotated[str | None, Query(max_length=100)] = None,
    customer_type: Annotated[Literal["all", "payee", "hauler"], Query()] = "all",
    limit: Annotated[int | None, Query(ge=1, le=1000, description="A page of this many (default: every match, "
                                                                  "for pickers)")] = None,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
) -> CustomerList:
    """Payees and haulers by name, `limit` from `offset` (no limit: all of them); `matching` counts
    the search's whole set (the pager's), total/payees/haulers the whole list (the screen's cards)."""
    counts = await customers.count_customers(db)
    shown, matching = await customers.page_customers(db, search, customer_type, limit, offset)
    return CustomerList(customers=await customers.reads(db, shown), matching=matching, **counts)


@router.get("/customers/export", response_class=Response, response_model=None, responses=EXPORT_RESPONSES)
async def export_customers(
    db: Db, _admin: InboundAdmin,
    search: Annotated[str | None, Query(max_length=100)] = None,
    customer_type: Annotated[Literal["all", "payee", "hauler"], Query()] = "all",
    format: ExportFormat = "csv",
) -> Response:
    """Every customer of the list's search and type as CSV or Excel (managers; the price a number)."""
    rows = await exports.customer_rows(db, search, customer_type)
    return export_response(format, "customers", "Customers", exports.CUSTOMER_COLUMNS, rows)


@router.post("/customers", response_model=CustomerRead, status_code=status.HTTP_201_CREATED)
async def create_customer(body: CustomerWrite, db: Db, who: InboundAdmin) -> CustomerRead:
    """Operators add a customer from the wizard too; the account number is generated when absent."""
    customer = await customers.create_customer(db, who.company.id, body)
    return (await customers.reads(db, [customer]))[0]


@router.get("/customers/template", response_class=Response, response_model=None,
            responses={200: {"content": {"text/csv": {}}}})
async def customer_template(_who: InboundAdmin) -> Response:
    """The import template: the spec's columns and one example row."""
    return Response(bulk.template_csv(), media_type="text/csv", headers={
        "Content-Disposition": 'attachment; filename="customer_import_template.csv"', "Cache-Control": "no-store",
    })


@router.post("/customers/bulk-upload", response_model=BulkUploadResult, openapi_extra=upload("file", "text/csv"))
async def bulk_upload_customers(
    request: Request, db: Db, _admin: AdminUser, company: InboundCompany,
    file: Annotated[UploadFile, File(description="CSV with the template's columns")],
) -> BulkUploadResult:
    """Streamed import: bad rows are listed as 'Line N: reason', good rows are kept; matching
    customers (account number, else name and email) are updated, not duplicated."""
    limit = bulk.MAX_UPLOAD_BYTES
    declared = request.headers.get("content-length")
    if (declared and declared.isdigit() and int(declared) > limit + 64 * 1024) or (file.size or 0) > limit:
        raise TooLarge(f"The file is too large (maximum {limit // (1024 * 1024)} MB)")
    outcome = await bulk.import_customers(db, company.id, file.file)
    return BulkUploadResult(successful=outcome.created + outcome.updated, created=outcome.created,
                            updated=outcome.updated, errors=outcome.errors)


@router.put("/customers/{customer_id}", response_model=CustomerRead)
async def update_customer(customer_id: uuid.UUID, body: CustomerWrite, db: Db, _admin: AdminUser,
                          _company: InboundCompany) -> CustomerRead:
    """The full customer (Edit, Enable/Disable and Make Hauler/Payee all send it)."""
    customer = await customers.update_customer(db, customer_id, body)
    return (await customers.reads(db, [customer]))[0]


# ---- vehicles -----------------------------------------------------------------------------------
@router.get("/customers/{customer_id}/vehicles", response_model=VehicleList)
async def list_vehicles(customer_id: uuid.UUID, db: Db, _who: WeighInCaller) -> VehicleList:
    return VehicleList(vehicles=await customers.vehicles_of(db, customer_id))


@router.post("/customers/{customer_id}/vehicles", response_model=InboundVehicleRead, status_code=status.HTTP_201_CREATED)
async def add_vehicle(customer_id: uuid.UUID, body: VehicleWrite, db: Db, _who: InboundAdmin) -> InboundVehicleRead:
    return InboundVehicleRead.model_validate(await customers.add_vehicle(db, customer_id, body))


@router.put("/vehicles/{vehicle_id}", response_model=InboundVehicleRead)
async def update_vehicle(vehicle_id: uuid.UUID, body: VehicleWrite, db: Db, _who: InboundAdmin) -> InboundVehicleRead:
    return InboundVehicleRead.model_validate(await customers.update_vehicle(db, vehicle_id, body))


@router.get("/license-plate-lookup/{plate}", response_model=InboundPlateLookup)
async def license_plate_lookup(plate: str, db: Db, _who: WeighInCaller) -> InboundPlateLookup:
    """found false (200) when no vehicle has the plate; plates compare without case, spaces or dashes."""
    return await customers.lookup_plate(db, plate)


# ---- tickets ------------------------------------------------------------------------------------
@router.post(
    "/tickets", response_model=InboundTicketRead, status_code=status.HTTP_201_CREATED,
    responses={200: {"model": InboundTicketRead, "description": "Retry of a known client_id: the first ticket"}},
)
async def create_inbound_ticket(
    body: InboundTicketCreate, db: Db, who: WeighInCaller, response: Response,
    idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key", json_schema_extra=UUID_HEADER)] = None,
) -> InboundTicketRead:
    """Weigh in and out in one go (completed), weigh in only (saved), or keep a draft."""
    ticket, created = await tickets.create(db, who, body, client_id_of(body, idempotency_key))
    if not created:
        response.status_code = status.HTTP_200_OK
    return (await tickets.inbound_reads(db, [ticket]))[0]


@router.post("/tickets/price-preview", response_model=InboundPreview)
async def preview_inbound_ticket(body: InboundPreviewRequest, db: Db, who: WeighInCaller) -> InboundPreview:
    """Before Complete: the net weight, its split over the lines and the price, as Complete will
    bill them (loads are billed as weighed, not on typed quantities). Writes nothing."""
    return await tickets.preview(db, who, body)


StartDay = Annotated[IsoDate | None, Query(description="Company-local date, inclusive")]
EndDay = Annotated[IsoDate | None, Query(description="Company-local date, inclusive")]
PartyId = Annotated[uuid.UUID | None, Query(description="Payee or hauler")]
TicketStatus = Annotated[Literal["completed", "saved", "draft", "void", "all"], Query(alias="status")]


@router.get("/tickets", response_model=InboundTicketList)
async def list_inbound_tickets(
    db: Db, who: InboundAdmin, start_date: StartDay = None, end_date: EndDay = None, customer_id: PartyId = None,
    status_filter: TicketStatus = "completed",
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
) -> InboundTicketList:
    found = await tickets.list_inbound(db, who, start_date, end_date, customer_id, status_filter, limit, offset)
    return InboundTicketList(**found)


@router.get("/tickets/export", response_class=Response, response_model=None, responses=EXPORT_RESPONSES)
async def export_inbound_tickets(
    db: Db, who: InboundAdmin, start_date: StartDay = None, end_date: EndDay = None, customer_id: PartyId = None,
    status_filter: TicketStatus = "completed", format: ExportFormat = "csv",
) -> Response:
    """Every inbound ticket of the list's filters (not one page) as CSV or Excel: times in the
    company's zone, net weight and total as numbers."""
    rows, zone = await exports.ticket_rows(db, who, start_date, end_date, customer_id, status_filter)
    days = "_".join(f"{d:%Y%m%d}" for d in (start_date, end_date) if d) or "all"
    return export_response(format, f"inbound_tickets_{days}", "Inbound tickets", exports.TICKET_COLUMNS, rows,
                           zone=zone)


@router.get("/tickets/in-progress", response_model=InboundInProgress)
async def inbound_in_progress(db: Db, who: WeighInCaller) -> InboundInProgress:
    return InboundInProgress(**await tickets.in_progress(db, who))


@router.get("/tickets/{ticket_id}", response_model=InboundTicketRead)
async def get_inbound_ticket(ticket_id: uuid.UUID, db: Db, who: WeighInCaller) -> InboundTicketRead:
    return (await tickets.inbound_reads(db, [await tickets.visible(db, who, ticket_id)]))[0]


@router.put("/tickets/{ticket_id}", response_model=InboundTicketRead)
async def update_inbound_ticket(ticket_id: uuid.UUID, body: InboundTicketUpdate, db: Db,
                                who: WeighInCaller) -> InboundTicketRead:
    """Edit a draft or saved ticket; status 'completed' weighs it out (tare) and completes it."""
    ticket = await tickets.update(db, who, ticket_id, body)
    return (await tickets.inbound_reads(db, [ticket]))[0]


@router.post("/tickets/{ticket_id}/void", response_model=InboundTicketRead)
async def void_inbound_ticket(ticket_id: uuid.UUID, body: TicketVoid, db: Db, admin: AdminUser,
                              company: InboundCompany) -> InboundTicketRead:
    """Admins void an inbound ticket with a reason: its inventory goes out again and it leaves its
    invoice, in one transaction; 409 when part of the load already left in an outbound load or
    its invoice has payments (no credit notes)."""
    ticket = await tickets.void(db, Caller(user=admin, company=company, scope=None), ticket_id, body.reason)
    return (await tickets.inbound_reads(db, [ticket]))[0]
