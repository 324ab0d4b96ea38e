"""Dashboards and reports from the published warehouse (HTTP only: the window and scope rules are
in service.make_filter, queries in service/impact, PDF and mail in report_exports).

DuckDB calls are blocking: they run in the thread pool so the event loop keeps serving.
"""
from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Callable
from functools import partial
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query, Response
from starlette.concurrency import run_in_threadpool

from api.access.deps import AdminUser, CurrentCompany, LocationScope
from api.analytics import ai_analytics, impact, report_exports, service
from api.analytics.export_schemas import ReportEmailRequest, ReportEmailSent, ReportExportFilters
from api.analytics.schemas import (
    AiAnalyticsRead,
    AiNarrativeRead,
    BasicReportRead,
    CostAnalysisRead,
    DashboardRead,
    EsgReportRead,
    Freshness,
    TicketReportRead,
    WarehouseRefreshRead,
)
from api.core.deps import Db
from api.kit.calendar import company_today
from api.kit.errors import ErrorBody
from api.kit.validation import IsoDate
from api.subscription import plans
from api.subscription.deps import require_feature
from api.warehouse import freshness
from api.warehouse import reader as warehouse

router = APIRouter(tags=["analytics"])
MAIL_FAILED = {502: {"model": ErrorBody, "description": "The mail server did not accept the message"}}


async def report_filter(
    company: CurrentCompany,
    _user: AdminUser,
    scope: LocationScope,
    start_date: Annotated[IsoDate | None, Query(description="First local day (default: 30 days ago)")] = None,
    end_date: Annotated[IsoDate | None, Query(description="Last local day, inclusive (default: today)")] = None,
    store_id: Annotated[uuid.UUID | None, Query(description="One location")] = None,
    waste_type: str | None = None,
    destination: str | None = None,
    ticket_type: Literal["all", "inbound", "outbound"] = "all",
) -> service.ReportFilter:
    return service.make_filter(company, scope, start_date=start_date, end_date=end_date, store_id=store_id,
                               waste_type=waste_type, destination=destination, ticket_type=ticket_type)


Filter = Annotated[service.ReportFilter, Depends(report_filter)]


@router.get("/analytics/refreshed", response_model=WarehouseRefreshRead)
async def get_warehouse_refreshed(_user: AdminUser) -> WarehouseRefreshRead:
    """When the warehouse was last published: open screens ask every few seconds and reload
    their figures only when it moves (cheap: no company data, cached per published file). A new
    publish is announced once the API has read on it again what screens last asked (warehouse
    reader's warming, at most ANNOUNCE_WAIT_SECONDS), so their reload is answered from the result cache."""
    warmed = await run_in_threadpool(warehouse.warming)
    deadline = time.monotonic() + warehouse.ANNOUNCE_WAIT_SECONDS
    while not warmed.is_set() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return WarehouseRefreshRead(last_refreshed_at=await run_in_threadpool(warehouse.published_refreshed_at))


_STAMP_FIELDS = {"refreshing", "pending_since"}


def _encoded(model: type[Freshness], build: Callable[[], dict]) -> bytes:
    """The answer validated against its response model and encoded as FastAPI would, without the
    two freshness fields (freshness.stamp_json puts them in per request)."""
    return model.model_validate(build()).model_dump_json(by_alias=True, exclude=_STAMP_FIELDS).encode()


async def answered(db: Db, f: service.ReportFilter, model: type[Freshness], build: Callable[[], dict],
                   *variant) -> Response:
    """A figures answer from the per-version answer cache (warehouse.cached_answer: built, validated
    and encoded once per publish, route and filter), stamped with this request's freshness."""
    key = (model.__name__, f, *variant)
    # Kept already: no worker thread (the usual case once a screen was read on this version).
    body = warehouse.kept_answer(key) or await run_in_threadpool(
        warehouse.cached_answer, key, partial(_encoded, model, build))
    return Response(freshness.stamp_json(body, await freshness.pending_since(db, f.company_id)),
                    media_type="application/json")


@router.get("/analytics/dashboard", response_model=DashboardRead)
async def get_dashboard(db: Db, f: Filter) -> Response:
    return await answered(db, f, DashboardRead, partial(service.dashboard, f))


@router.get("/reports/basic", response_model=BasicReportRead)
async def get_basic_report(db: Db, f: Filter) -> Response:
    return await answered(db, f, BasicReportRead, partial(service.basic_report, f))


@router.get("/reports/tickets", response_model=TicketReportRead)
async def get_ticket_report(db: Db, f: Filter, include_breakdowns: bool = False) -> Response:
    build = partial(service.ticket_report, f, include_breakdowns=include_breakdowns)
    return await answered(db, f, TicketReportRead, build, include_breakdowns)


@router.get("/reports/esg", response_model=EsgReportRead,
            dependencies=[Depends(require_feature(plans.ESG_ADVANCED))])
async def get_esg_report(db: Db, f: Filter) -> Response:
    return await answered(db, f, EsgReportRead, partial(impact.esg_report, f))


@router.get("/reports/cost-analysis", response_model=CostAnalysisRead)
async def get_cost_analysis(db: Db, f: Filter) -> Response:
    return await answered(db, f, CostAnalysisRead, partial(impact.cost_analysis, f))


@router.get("/reports/ai-analytics", response_model=AiAnalyticsRead,
            dependencies=[Depends(require_feature(plans.AI_ANALYTICS))])
async def get_ai_analytics(db: Db, f: Filter, company: CurrentCompany) -> dict:
    """AI Analytics (enterprise): waste per location, product and weekday, the weekly trend, anomalies
    (complete days only: today is not over) with their statistic, photo share and AI readings accepted
    vs corrected, and recommendations."""
    answer = await run_in_threadpool(ai_analytics.ai_report, f, company_today(company))
    return await freshness.stamped(db, f.company_id, answer)


@router.get("/reports/ai-analytics/narrative", response_model=AiNarrativeRead,
            dependencies=[Depends(require_feature(plans.AI_ANALYTICS))])
async def get_ai_analytics_narrative(f: Filter, company: CurrentCompany) -> dict:
    """A short summary written by the configured OpenAI model from this report's figures only;
    status 'off' with a plain message when no key is configured (the report is complete without it)."""
    figures = await run_in_threadpool(ai_analytics.ai_report, f, company_today(company))
    return await ai_analytics.narrative(figures)


# ---- PDF export and e-mail (spec 3 s2.13, s2.14) ----------------------------------------------
# Who may call: the company's managers (store_admin), as for every report and dashboard here;
# employees get 403 (docs/access.md). A report is mailed only to one of the company's users
# (api/mail/recipients.py). E-mail is rate limited per sender, per company and per recipient.
PDF_RESPONSE = {200: {"content": {report_exports.PDF_MIME: {}}, "description": "The report as a PDF file"}}
def _pdf(name: str, pdf: bytes) -> Response:
    return Response(pdf, media_type=report_exports.PDF_MIME,
                    headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"})


@router.post("/reports/basic/export", response_class=Response, response_model=None, responses=PDF_RESPONSE)
async def export_basic_report(db: Db, company: CurrentCompany, _user: AdminUser, scope: LocationScope,
                              filters: ReportExportFilters) -> Response:
    """The Basic Report generator as a PDF, recomputed from the warehouse (client figures are never used)."""
    name, pdf, _f = await report_exports.render_report("basic", db, company, scope, filters)
    return _pdf(name, pdf)


@router.post("/reports/esg/export", response_class=Response, response_model=None, responses=PDF_RESPONSE,
             dependencies=[Depends(require_feature(plans.ESG_ADVANCED))])
async def export_esg_report(db: Db, company: CurrentCompany, _user: AdminUser, scope: LocationScope,
                            filters: ReportExportFilters) -> Response:
    name, pdf, _f = await report_exports.render_report("esg", db, company, scope, filters)
    return _pdf(name, pdf)


@router.post("/reports/basic/email", response_model=ReportEmailSent, responses=MAIL_FAILED)
async def email_basic_report(db: Db, company: CurrentCompany, user: AdminUser, scope: LocationScope,
                             body: ReportEmailRequest) -> ReportEmailSent:
    """Mail the Basic Report PDF to one address (422 'Please enter a valid email address' without an @)."""
    return await report_exports.email_report("basic", db, user, company, scope, body)


@router.post("/reports/esg/email", response_model=ReportEmailSent, responses=MAIL_FAILED,
             dependencies=[Depends(require_feature(plans.ESG_ADVANCED))])
async def email_esg_report(db: Db, company: CurrentCompany, user: AdminUser, scope: LocationScope,
                           body: ReportEmailRequest) -> ReportEmailSent:
    return await report_exports.email_report("esg", db, user, company, scope, body)
