"""Who may call the carbon credit routes: a store_admin of a company whose carbon credits are enabled."""
from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from sqlalchemy import select

from api.access.deps import AdminUser, CurrentCompany
from api.core.deps import Db
from api.kit.errors import Forbidden
from api.tables.companies import Company
from api.tables.settings import CompanySettings, PlatformSettings

DISABLED = "Carbon Credits Disabled"


async def require_carbon(db: Db, company: CurrentCompany, _user: AdminUser) -> Company:
    """enable_carbon_credits (on unless explicitly false) for the company and the platform, or a 403."""
    # Both flags in one statement; a company without a settings row has the default (on).
    company_flag, platform_flag = (await db.execute(select(
        select(CompanySettings.enable_carbon_credits).where(CompanySettings.company_id == company.id)
        .scalar_subquery(),
        select(PlatformSettings.enable_carbon_credits).where(PlatformSettings.id == 1).scalar_subquery(),
    ))).one()
    if company_flag is False or platform_flag is False:
        raise Forbidden(f"{DISABLED}: enable carbon credits in the settings to see estimates")
    return company


CarbonCompany = Annotated[Company, Depends(require_carbon)]
