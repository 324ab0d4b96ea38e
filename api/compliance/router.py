"""SB 1383 compliance (spec 3 s2.16-2.18): store_admin of a company with sb1383_compliance_enabled.

Figures come from the published sb1383_* marts (DuckDB calls run in the thread pool); the
activity log is the compliance_events table, written as events happen.
"""
from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from api.analytics.service import company_today
from api.compliance import service
from api.compliance.deps import ComplianceCompany
from api.compliance.models import ComplianceEvent
from api.compliance.schemas import ComplianceDashboardRead
from api.core.deps import Db
from api.settings.models import CompanySettings

router = APIRouter(tags=["compliance"])
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
