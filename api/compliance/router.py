"""SB 1383 compliance (spec 3 s2.16-2.18): store_admin of a company with sb1383_compliance_enabled.

Figures come from the published sb1383_* marts (DuckDB calls run in the thread pool); the
activity log is the compliance_events table, written as events happen.
"""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Response

from api.access.deps import AdminUser, CurrentCompany
from api.compliance import ear, service, state_laws, state_laws_export
from api.compliance.deps import ComplianceCompany
from api.compliance.recovery_router import router as recovery_router
from api.compliance.schemas import ComplianceDashboardRead, ComplianceLog, EarReportRead
from api.compliance.state_laws_schemas import StateLawsRead
from api.core.deps import Db
from api.kit.calendar import company_today
from api.kit.errors import ErrorBody
from api.kit.fields import MAX_OFFSET
from api.kit.validation import IsoDate
from api.warehouse import freshness

router = APIRouter(tags=["compliance"])
router.include_router(recovery_router)


@router.get("/compliance/dashboard", response_model=ComplianceDashboardRead)
async def get_dashboard(
    db: Db, company: ComplianceCompany,
    year: Annotated[int | None, Query(ge=2000, le=2100, description="Calendar year (default: latest with tickets)")] = None,
) -> dict:
    return await freshness.stamped(db, company.id, await service.read_dashboard(db, company, year))


@router.get("/compliance/activity-log", response_model=ComplianceLog)
async def get_activity_log(
    db: Db, company: ComplianceCompany,
    year: Annotated[int | None, Query(ge=2000, le=2100, description="The year of the trend events (default: the "
                                                                     "dashboard's)")] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 20, offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
) -> ComplianceLog:
    """The Compliance Activity Log a page at a time, newest first; `total` counts every entry (the
    dashboard carries only the newest 20)."""
    entries, total = await service.activity_log(db, company, year, limit, offset)
    return ComplianceLog(entries=entries, total=total)


@router.get("/compliance/location-report", response_class=Response, response_model=None,
            responses={200: {"content": {"application/pdf": {}}, "description": "The report as PDF"}})
async def location_report(
    db: Db, company: ComplianceCompany,
    year: Annotated[int | None, Query(ge=2000, le=2100, description="Calendar year (default: latest with tickets)")] = None,
    format: Literal["pdf"] = "pdf",
) -> Response:
    """The Compliance Report tab's per-location SB 1383 report for one year, as PDF."""
    data, y = await service.location_report(db, company, year)
    return Response(data, media_type="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="sb1383_location_report_{y}.{format}"',
        "Cache-Control": "no-store"})


Year = Annotated[int | None, Query(ge=2000, le=2100, description="Reporting year (default: the latest with tickets)")]


@router.get("/compliance/ear-report", response_model=EarReportRead)
async def get_ear_report(db: Db, company: ComplianceCompany, year: Year = None) -> dict:
    """Summary and preparation checklist of the SB 1383 annual report for one calendar year."""
    answer = await service.ear_report(db, company, await service.report_year(company, year))
    return await freshness.stamped(db, company.id, answer)


EXPORT_RESPONSES = {200: {"content": {mime: {} for mime in ear.MIME.values()}, "description": "The EAR file"},
                    409: {"model": ErrorBody, "description": "Not eligible for submission yet (the reason is the detail)"}}


@router.post("/compliance/ear-report/export", response_class=Response, response_model=None,
             responses=EXPORT_RESPONSES)
async def export_ear_report(db: Db, company: ComplianceCompany, year: Year = None,
                            format: Literal["json", "csv", "xlsx", "pdf"] = "json") -> Response:
    """The EAR files, allowed only when eligible_for_submission (else 409 with the reason).
    JSON by default (the spec's file named with the year); CSV and XLSX carry the same figures per
    location, month, material and destination (pounds and tons); PDF is the summary."""
    body, name = await service.export_ear(db, company, year, format)
    return Response(body, media_type=ear.MIME[format],
                    headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"})


@router.get("/compliance/state-laws", response_model=StateLawsRead,
            responses={200: {"content": {"text/csv": {}, "application/pdf": {}},
                             "description": "The state laws of each location (JSON, or CSV / PDF for an inspector)"},
                       422: {"model": ErrorBody, "description": "A location has no state in its address (named)"}})
async def get_state_laws(
    db: Db, company: CurrentCompany, _admin: AdminUser,
    on: Annotated[IsoDate | None, Query(description="The date the laws' steps are read at (default: today)")] = None,
    format: Literal["json", "csv", "pdf"] = "json",
) -> Any:
    """Which state organics laws cover each active location, from its own weights: the trailing
    average of its latest weeks with data (up to 52) against each law's threshold in force. Asked
    for today, a location above a threshold for the first time is logged once (activity log) and
    mailed to the company's managers."""
    today = company_today(company)
    body = await state_laws.coverage(db, company, on or today, alert=on in (None, today))
    if format == "json":
        return await freshness.stamped(db, company.id, body)
    day = body["as_of"]
    if format == "csv":
        data, mime = state_laws_export.to_csv(body), "text/csv"
    else:
        data, mime = state_laws_export.to_pdf(company.name, body, datetime.now(UTC)), "application/pdf"
    return Response(data, media_type=mime, headers={
        "Content-Disposition": f'attachment; filename="state_laws_{day}.{format}"', "Cache-Control": "no-store"})
