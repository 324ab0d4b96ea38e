"""SB 1383 compliance (spec 3 s2.16-2.18): store_admin of a company with sb1383_compliance_enabled.

Figures come from the published sb1383_* marts (DuckDB calls run in the thread pool); the
activity log is the compliance_events table, written as events happen.
"""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Response
from sqlalchemy import func, select
from starlette.concurrency import run_in_threadpool

from api.analytics.service import company_today
from api.compliance import ear, service
from api.compliance.deps import ComplianceCompany
from api.compliance.location_report import to_pdf as location_report_pdf
from api.compliance.models import ComplianceEvent, FoodRecoveryAgreement, FoodRecoveryPartner
from api.compliance.recovery_router import router as recovery_router
from api.compliance.schemas import ComplianceDashboardRead, EarReportRead
from api.core.deps import Db
from api.kit.errors import Conflict, ErrorBody
from api.settings.models import CompanySettings

router = APIRouter(tags=["compliance"])
router.include_router(recovery_router)
LOG_ENTRIES = 20


@router.get("/compliance/dashboard", response_model=ComplianceDashboardRead)
async def get_dashboard(
    db: Db, company: ComplianceCompany,
    year: Annotated[int | None, Query(ge=2000, le=2100, description="Calendar year (default: latest with tickets)")] = None,
) -> dict:
    target = await db.scalar(select(CompanySettings.sb1383_target_percent)
                             .where(CompanySettings.company_id == company.id))
    body = await run_in_threadpool(service.dashboard, str(company.id), year, company_today(company).year, target)
    events = await db.scalars(select(ComplianceEvent).where(ComplianceEvent.company_id == company.id)
                              .order_by(ComplianceEvent.created_at.desc()).limit(LOG_ENTRIES))
    body["compliance_log"] = [{"event": e.event, "description": e.description, "severity": e.severity,
                               "timestamp": e.created_at} for e in events]
    return body


@router.get("/compliance/location-report", response_class=Response, response_model=None,
            responses={200: {"content": {"application/pdf": {}}, "description": "The report as PDF"}})
async def location_report(
    db: Db, company: ComplianceCompany,
    year: Annotated[int | None, Query(ge=2000, le=2100, description="Calendar year (default: latest with tickets)")] = None,
    format: Literal["pdf"] = "pdf",
) -> Response:
    """The Compliance Report tab's per-location SB 1383 report for one year, as PDF."""
    body = await get_dashboard(db, company, year)
    data = await run_in_threadpool(location_report_pdf, company.name, body, datetime.now(tz=UTC))
    return Response(data, media_type="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="sb1383_location_report_{body["year"]}.{format}"',
        "Cache-Control": "no-store"})


Year = Annotated[int | None, Query(ge=2000, le=2100, description="Reporting year (default: the latest with tickets)")]


async def _year(company, year: int | None) -> int:
    if year is not None:
        return year
    found = await run_in_threadpool(service.latest_year, str(company.id))
    return found or company_today(company).year


async def _report(db, company, year: int) -> dict:
    # Active partners with a contract or written agreement on file that has not expired.
    today = company_today(company)
    partners = await db.scalar(select(func.count(func.distinct(FoodRecoveryAgreement.partner_id))).join(
        FoodRecoveryPartner, FoodRecoveryPartner.id == FoodRecoveryAgreement.partner_id).where(
        FoodRecoveryAgreement.company_id == company.id, FoodRecoveryPartner.is_active.is_(True),
        (FoodRecoveryAgreement.end_date.is_(None)) | (FoodRecoveryAgreement.end_date >= today)))
    return await run_in_threadpool(ear.report, str(company.id), year, partners or 0)


@router.get("/compliance/ear-report", response_model=EarReportRead)
async def get_ear_report(db: Db, company: ComplianceCompany, year: Year = None) -> dict:
    """Summary and preparation checklist of the SB 1383 annual report for one calendar year."""
    return await _report(db, company, await _year(company, year))


EXPORT_RESPONSES = {200: {"content": {mime: {} for mime in ear.MIME.values()}, "description": "The EAR file"},
                    409: {"model": ErrorBody, "description": "Not eligible for submission yet (the reason is the detail)"}}


@router.post("/compliance/ear-report/export", response_class=Response, response_model=None,
             responses=EXPORT_RESPONSES)
async def export_ear_report(db: Db, company: ComplianceCompany, year: Year = None,
                            format: Literal["json", "csv", "xlsx", "pdf"] = "json") -> Response:
    """The EAR files, allowed only when eligible_for_submission (else 409 with the reason).
    JSON by default (the spec's file named with the year); CSV and XLSX carry the same figures per
    location, month, material and destination (pounds and tons); PDF is the summary."""
    y = await _year(company, year)
    rep = await _report(db, company, y)
    if not rep["eligible_for_submission"]:
        raise Conflict(rep["reason"])
    detail = await run_in_threadpool(ear.lines, str(company.id), y)
    now = datetime.now(tz=UTC)
    if format == "json":
        body = ear.to_json(company.name, rep, detail, now)
    elif format == "csv":
        body = ear.to_csv(detail)
    elif format == "xlsx":
        body = await run_in_threadpool(ear.to_xlsx, company.name, rep, detail)
    else:
        body = await run_in_threadpool(ear.to_pdf, company.name, rep, detail, now)
    db.add(ComplianceEvent(company_id=company.id, event="ear_exported", severity="info",
                           description=f"EAR report for {y} exported as {format.upper()}"))
    await db.flush()
    name = f"ear_report_{y}.{format}"
    return Response(body, media_type=ear.MIME[format],
                    headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"})

