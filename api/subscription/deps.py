"""Plan gates as route dependencies: `Depends(require_feature(plans.AI_VISION))`."""
from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from sqlalchemy import select

from api.access.deps import CurrentCompany
from api.core.deps import Db
from api.kit.errors import Forbidden
from api.subscription import plans, service
from api.tables.companies import Company
from api.tables.settings import CompanySettings


def require_feature(feature: str):
    async def _check(company: CurrentCompany) -> Company:
        service.require_company_feature(company, feature)
        return company

    _check.feature = feature  # read by the access test
    _check.__name__ = f"require_feature_{feature}"
    return _check


# ---- the inbound gate (spec 3 s6): enterprise plan (any case) and the company's inbound module on.
# Every inbound and inventory route depends on it; the 403 detail tells the screen which gate
# ('Enterprise Feature' or 'Feature Disabled').
NOT_ENTERPRISE = "Inbound operations are an Enterprise feature. Upgrade to Enterprise to use them."
MODULE_DISABLED = "The inbound module is disabled. An administrator can enable it in Admin Settings."


async def inbound_company(db: Db, company: CurrentCompany) -> Company:
    if not service.has_feature(company, plans.INBOUND):
        raise Forbidden(NOT_ENTERPRISE)
    enabled = await db.scalar(select(CompanySettings.inbound_module_enabled)
                              .where(CompanySettings.company_id == company.id))
    if not enabled:
        raise Forbidden(MODULE_DISABLED)
    return company


inbound_company.feature = plans.INBOUND  # read by the access test

InboundCompany = Annotated[Company, Depends(inbound_company)]
