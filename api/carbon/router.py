"""Carbon credits (spec 3 s2.19): store_admin of a company whose carbon credits are enabled.

Estimates and factors come from the published carbon marts (DuckDB calls run in the thread
pool); a verification decision is a carbon_credits row per ticket, audited with its reason.
"""
from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Depends, Query
from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from api.audit.service import audit
from api.auth.deps import AdminUser, CurrentCompany
from api.carbon import service
from api.carbon.models import CarbonCredit
from api.carbon.schemas import (
    PERIOD_PATTERN,
    CarbonCreditList,
    CarbonCreditRead,
    CarbonSummaryRead,
    VerificationUpdate,
)
from api.companies.models import Company
from api.core.deps import Db
from api.kit.errors import Forbidden, NotFound
from api.settings.service import get_settings_row, platform_settings

router = APIRouter(tags=["carbon"])
DISABLED = "Carbon Credits Disabled"


async def require_carbon(db: Db, company: CurrentCompany, _user: AdminUser) -> Company:
    """enable_carbon_credits (on unless explicitly false) for the company and the platform, or a 403."""
    row = await get_settings_row(db, company.id)
    if row.enable_carbon_credits is False or (await platform_settings(db)).enable_carbon_credits is False:
        raise Forbidden(f"{DISABLED}: enable carbon credits in the settings to see estimates")
    return company


CarbonCompany = Annotated[Company, Depends(require_carbon)]
Period = Annotated[str, Query(pattern=PERIOD_PATTERN, description="all, YYYY-MM or YYYY-Qn")]


async def _decisions(db, company: Company) -> dict[str, CarbonCredit]:
    found = await db.scalars(select(CarbonCredit).where(CarbonCredit.company_id == company.id,
                                                        CarbonCredit.ticket_id.is_not(None)))
    return {str(c.ticket_id): c for c in found}


def _read(row: dict, decision: CarbonCredit | None) -> dict:
    status = decision.verification_status if decision else "pending"
    return {**row, "verification_status": status, "verification_reason": decision.verification_reason if decision
            else None, "is_estimate": status != "verified"}


@router.get("/carbon-credits/summary", response_model=CarbonSummaryRead)
async def get_summary(db: Db, company: CarbonCompany, period: Period = "all") -> dict:
    """Totals, verified and pending, monthly trend, yearly projection and the methodology panel."""
    decided = {k: c.verification_status for k, c in (await _decisions(db, company)).items()
               if c.verification_status != "pending"}
    return await run_in_threadpool(service.summary, str(company.id), period, decided)


@router.get("/carbon-credits", response_model=CarbonCreditList)
async def list_credits(db: Db, company: CarbonCompany, period: Period = "all",
                       limit: Annotated[int, Query(ge=1, le=500)] = 50) -> dict:
    """The newest entries of the period (50 by default), one per ticket."""
    found, total = await run_in_threadpool(service.entries, str(company.id), period, limit)
    decided = await _decisions(db, company)
    return {"carbon_credits": [_read(r, decided.get(r["id"])) for r in found], "total": total}


@router.put("/carbon-credits/{credit_id}/verification", response_model=CarbonCreditRead)
async def set_verification(db: Db, company: CarbonCompany, user: AdminUser, credit_id: uuid.UUID,
                           body: VerificationUpdate) -> dict:
    """Mark one estimate pending, verified or rejected, with a reason (audited)."""
    found = await run_in_threadpool(service.entry, str(company.id), str(credit_id))
    if found is None:
        raise NotFound("Carbon credit not found")
    decision = await db.scalar(select(CarbonCredit).where(CarbonCredit.company_id == company.id,
                                                          CarbonCredit.ticket_id == credit_id).with_for_update())
    before = decision.verification_status if decision else "pending"
    if decision is None:
        decision = CarbonCredit(company_id=company.id, ticket_id=credit_id)
        db.add(decision)
    # The figures as they stood when decided: a later factor change does not rewrite what was verified.
    decision.credit_type = found["credit_type"]
    decision.diversion_method = found["diversion_method"]
    decision.methodology = found["methodology"]
    decision.co2_avoided_kg = found["co2_avoided_kg"]
    decision.total_co2e_tons = round(found["total_co2e_tons"], 3)
    decision.credit_value_usd = found["credit_value_usd"]
    decision.verification_status = body.verification_status
    decision.verification_reason = body.reason
    decision.verified_by_id = user.id
    await db.flush()
    await audit(db, "carbon_credit_verification", company_id=company.id, user_id=user.id, ticket_id=credit_id,
                before=before, after=body.verification_status, reason=body.reason)
    return _read(found, decision)
