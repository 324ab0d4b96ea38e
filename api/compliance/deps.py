"""Who may call the compliance routes: a store_admin of a company whose SB 1383 flag is on."""
from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from api.access.deps import AdminUser, CurrentCompany
from api.compliance.service import sb1383_settings
from api.core.deps import Db
from api.kit.errors import Forbidden
from api.subscription import plans
from api.subscription.service import sb1383_enabled
from api.tables.companies import Company

NOT_ENABLED = "Compliance Features Not Enabled"


async def require_sb1383(db: Db, company: CurrentCompany, _user: AdminUser) -> Company:
    """`sb1383_compliance_enabled` (pro and enterprise, or the platform's override) or a 403."""
    override, _target = await sb1383_settings(db, company.id)
    if not sb1383_enabled(company, override):
        raise Forbidden(f"{NOT_ENABLED}: {plans.FEATURE_MESSAGES[plans.SB1383]}")
    return company


ComplianceCompany = Annotated[Company, Depends(require_sb1383)]
