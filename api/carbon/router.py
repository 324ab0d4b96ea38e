"""Carbon credits (spec 3 s2.19): store_admin of a company whose carbon credits are enabled.

Estimates and factors come from the published carbon marts (DuckDB calls run in the thread
pool); a verification decision is a carbon_credits row per ticket, audited with its reason.
"""
from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Query

from api.access.deps import AdminUser
from api.carbon import service
from api.carbon.deps import CarbonCompany
from api.carbon.schemas import (
    PERIOD_PATTERN,
    CarbonCreditList,
    CarbonCreditRead,
    CarbonSummaryRead,
    VerificationUpdate,
)
from api.core.deps import Db
from api.warehouse import freshness

router = APIRouter(tags=["carbon"])
Period = Annotated[str, Query(pattern=PERIOD_PATTERN, description="all, YYYY-MM or YYYY-Qn")]


@router.get("/carbon-credits/summary", response_model=CarbonSummaryRead)
async def get_summary(db: Db, company: CarbonCompany, period: Period = "all") -> dict:
    """Totals, verified and pending, monthly trend, yearly projection and the methodology panel."""
    return await freshness.stamped(db, company.id, await service.read_summary(db, company.id, period))


@router.get("/carbon-credits", response_model=CarbonCreditList)
async def list_credits(db: Db, company: CarbonCompany, period: Period = "all",
                       limit: Annotated[int, Query(ge=1, le=500)] = 50) -> dict:
    """The newest entries of the period (50 by default), one per ticket."""
    return await service.list_credits(db, company.id, period, limit)


@router.put("/carbon-credits/{credit_id}/verification", response_model=CarbonCreditRead)
async def set_verification(db: Db, company: CarbonCompany, user: AdminUser, credit_id: uuid.UUID,
                           body: VerificationUpdate) -> dict:
    """Mark one estimate pending, verified or rejected, with a reason (audited)."""
    return await service.set_verification(db, company.id, user.id, credit_id, body.verification_status, body.reason)
