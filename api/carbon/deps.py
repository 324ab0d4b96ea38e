"""Who may call the carbon credit routes: a store_admin of a company whose carbon credits are enabled."""
from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from api.access.deps import AdminUser, CurrentCompany
from api.core.deps import Db
from api.kit.errors import Forbidden
from api.settings.service import get_settings_row, platform_settings
from api.tables.companies import Company

DISABLED = "Carbon Credits Disabled"


async def require_carbon(db: Db, company: CurrentCompany, _user: AdminUser) -> Company:
    """enable_carbon_credits (on unless explicitly false) for the company and the platform, or a 403."""
    row = await get_settings_row(db, company.id)
    if row.enable_carbon_credits is False or (await platform_settings(db)).enable_carbon_credits is False:
        raise Forbidden(f"{DISABLED}: enable carbon credits in the settings to see estimates")
    return company


CarbonCompany = Annotated[Company, Depends(require_carbon)]
