"""Dashboards and reports from the published warehouse (HTTP only; queries in service/impact).

DuckDB calls are blocking: they run in the thread pool so the event loop keeps serving.
"""
from __future__ import annotations

import uuid
from datetime import date, timedelta
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query
from starlette.concurrency import run_in_threadpool

from api import plans
from api.analytics import impact, service
from api.analytics.schemas import (
    BasicReportRead,
    CostAnalysisRead,
    DashboardRead,
    EsgReportRead,
    TicketReportRead,
)
from api.core.deps import CurrentCompany, LocationScope, StaffUser, require_feature
from api.kit.errors import Forbidden, Invalid

router = APIRouter(tags=["analytics"])

DEFAULT_DAYS = 30
MAX_DAYS = 3660


async def report_filter(
    company: CurrentCompany,
    _user: StaffUser,
    scope: LocationScope,
    start_date: Annotated[date | None, Query(description="First local day (default: 30 days ago)")] = None,
    end_date: Annotated[date | None, Query(description="Last local day, inclusive (default: today)")] = None,
    store_id: Annotated[uuid.UUID | None, Query(description="One location")] = None,
    waste_type: str | None = None,
    destination: str | None = None,
    ticket_type: Literal["all", "inbound", "outbound"] = "all",
) -> service.ReportFilter:
    end = end_date or date.today()
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


Filter = Annotated[service.ReportFilter, Depends(report_filter)]


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
