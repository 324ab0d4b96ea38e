"""Dashboards and reports from the published warehouse (HTTP only; queries in service/impact).

DuckDB calls are blocking: they run in the thread pool so the event loop keeps serving.
"""
from __future__ import annotations

import uuid
from datetime import date, timedelta
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query, Response
from starlette.concurrency import run_in_threadpool

from api.analytics import impact, report_exports, service, warehouse
from api.analytics.export_schemas import ReportEmailRequest, ReportEmailSent, ReportExportFilters
from api.analytics.schemas import (
    BasicReportRead,
    CostAnalysisRead,
    DashboardRead,
    EsgReportRead,
    TicketReportRead,
    WarehouseRefreshRead,
)
from api.auth.deps import CurrentCompany, LocationScope, StaffUser
from api.core.deps import Db
from api.kit.errors import ErrorBody, Forbidden, Invalid
from api.kit.validation import IsoDate
from api.subscription import plans
from api.subscription.deps import require_feature

router = APIRouter(tags=["analytics"])
MAIL_FAILED = {502: {"model": ErrorBody, "description": "The mail server did not accept the message"}}

DEFAULT_DAYS = 30
MAX_DAYS = 3660


def make_filter(
    company, scope: uuid.UUID | None, *, start_date: date | None, end_date: date | None,
    store_id: uuid.UUID | None, waste_type: str | None, destination: str | None, ticket_type: str,
) -> service.ReportFilter:
    """The caller's report filter: their company always, their location when they are assigned one."""
    # "Today" is the company's local day: near midnight the server's (UTC) date is another day.
    end = end_date or report_exports.company_today(company)
    start = start_date or end - timedelta(days=DEFAULT_DAYS - 1)
    if start > end:
        raise Invalid("start_date must be on or before end_date")
    if (end - start).days > MAX_DAYS:
        raise Invalid("The date range may cover at most 10 years")
    if scope is not None and store_id is not None and store_id != scope:
        raise Forbidden("You can only view reports for your assigned location")
    location = scope or store_id
    return service.ReportFilter(
        company_id=str(company.id), start=start, end=end, location_id=str(location) if location else None,
        waste_type=waste_type or None, destination=destination or None, direction=ticket_type,
    )


async def report_filter(
    company: CurrentCompany,
    _user: StaffUser,
    scope: LocationScope,
    start_date: Annotated[IsoDate | None, Query(description="First local day (default: 30 days ago)")] = None,
    end_date: Annotated[IsoDate | None, Query(description="Last local day, inclusive (default: today)")] = None,
    store_id: Annotated[uuid.UUID | None, Query(description="One location")] = None,
    waste_type: str | None = None,
    destination: str | None = None,
    ticket_type: Literal["all", "inbound", "outbound"] = "all",
) -> service.ReportFilter:
    return make_filter(company, scope, start_date=start_date, end_date=end_date, store_id=store_id,
                       waste_type=waste_type, destination=destination, ticket_type=ticket_type)


Filter = Annotated[service.ReportFilter, Depends(report_filter)]


@router.get("/analytics/refreshed", response_model=WarehouseRefreshRead)
async def get_warehouse_refreshed(_user: StaffUser) -> WarehouseRefreshRead:
    """When the warehouse was last published: open screens ask every few seconds and reload
    their figures only when it moves (cheap: no company data, cached per published file)."""
    return WarehouseRefreshRead(last_refreshed_at=await run_in_threadpool(warehouse.published_refreshed_at))


@router.get("/analytics/dashboard", response_model=DashboardRead)
async def get_dashboard(f: Filter) -> dict:
    return await run_in_threadpool(service.dashboard, f)


@router.get("/reports/basic", response_model=BasicReportRead)
async def get_basic_report(f: Filter) -> dict:
    return await run_in_threadpool(service.basic_report, f)


@router.get("/reports/tickets", response_model=TicketReportRead)
async def get_ticket_report(f: Filter, include_breakdowns: bool = False) -> dict:
    return await run_in_threadpool(service.ticket_report, f, include_breakdowns=include_breakdowns)


@router.get("/reports/esg", response_model=EsgReportRead,
            dependencies=[Depends(require_feature(plans.ESG_ADVANCED))])
async def get_esg_report(f: Filter) -> dict:
    return await run_in_threadpool(impact.esg_report, f)


@router.get("/reports/cost-analysis", response_model=CostAnalysisRead)
async def get_cost_analysis(f: Filter) -> dict:
    return await run_in_threadpool(impact.cost_analysis, f)


# ---- PDF export and e-mail (spec 3 s2.13, s2.14) ----------------------------------------------
# Who may call: whoever may read the report. Staff (store_admin, store_employee) of the company;
# an employee assigned to a location gets that location only (another store_id is a 403).
# E-mail is rate limited per sender, per company and per recipient (api/ratelimit).
PDF_RESPONSE = {200: {"content": {report_exports.PDF_MIME: {}}, "description": "The report as a PDF file"}}
REPORTS = {"basic": ("Basic Report", report_exports.render_basic),
           "esg": ("ESG Impact Report", report_exports.render_esg)}


async def _render(kind: str, db: Db, company, scope, filters: ReportExportFilters) -> tuple[str, bytes, service.ReportFilter]:
    f = make_filter(company, scope, **filters.model_dump())
    header = await report_exports.report_header(db, company, f)
    pdf = await run_in_threadpool(REPORTS[kind][1], f, header)
    return report_exports.filename(kind, company), pdf, f


def _pdf(name: str, pdf: bytes) -> Response:
    return Response(pdf, media_type=report_exports.PDF_MIME,
                    headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"})


async def _email(kind: str, db: Db, user, company, scope, body: ReportEmailRequest) -> ReportEmailSent:
    await report_exports.limit_report_mail(user.id, company.id, body.email)
    name, pdf, f = await _render(kind, db, company, scope, body.filters)
    sender = " ".join(p for p in (user.first_name, user.last_name) if p) or user.email
    subject, text = report_exports.mail_text(REPORTS[kind][0], company, f, sender)
    await run_in_threadpool(report_exports.send_report, body.email, subject, text, name, pdf)
    return ReportEmailSent(message=report_exports.SENT.format(email=body.email), email=body.email, filename=name)


@router.post("/reports/basic/export", response_class=Response, response_model=None, responses=PDF_RESPONSE)
async def export_basic_report(db: Db, company: CurrentCompany, _user: StaffUser, scope: LocationScope,
                              filters: ReportExportFilters) -> Response:
    """The Basic Report generator as a PDF, recomputed from the warehouse (client figures are never used)."""
    name, pdf, _f = await _render("basic", db, company, scope, filters)
    return _pdf(name, pdf)


@router.post("/reports/esg/export", response_class=Response, response_model=None, responses=PDF_RESPONSE,
             dependencies=[Depends(require_feature(plans.ESG_ADVANCED))])
async def export_esg_report(db: Db, company: CurrentCompany, _user: StaffUser, scope: LocationScope,
                            filters: ReportExportFilters) -> Response:
    name, pdf, _f = await _render("esg", db, company, scope, filters)
    return _pdf(name, pdf)


@router.post("/reports/basic/email", response_model=ReportEmailSent, responses=MAIL_FAILED)
async def email_basic_report(db: Db, company: CurrentCompany, user: StaffUser, scope: LocationScope,
                             body: ReportEmailRequest) -> ReportEmailSent:
    """Mail the Basic Report PDF to one address (422 'Please enter a valid email address' without an @)."""
    return await _email("basic", db, user, company, scope, body)


@router.post("/reports/esg/email", response_model=ReportEmailSent, responses=MAIL_FAILED,
             dependencies=[Depends(require_feature(plans.ESG_ADVANCED))])
async def email_esg_report(db: Db, company: CurrentCompany, user: StaffUser, scope: LocationScope,
                           body: ReportEmailRequest) -> ReportEmailSent:
    return await _email("esg", db, user, company, scope, body)
