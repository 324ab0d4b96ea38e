"""The inbound gate (spec 3 s6): enterprise plan (any case) and the company's inbound module on.

Every inbound and inventory route depends on `inbound_company`; a caller who fails it gets 403
with a detail the screen can show ('Enterprise Feature' or 'Feature Disabled').
"""
from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from api.auth.deps import CurrentCompany, LocationScope, StaffUser
from api.companies.models import Company
from api.core.deps import Db
from api.kit.errors import Forbidden
from api.settings.service import get_settings_row
from api.subscription import plans
from api.subscription import service as subscription
from api.tickets.service import Caller

NOT_ENTERPRISE = "Inbound operations are an Enterprise feature. Upgrade to Enterprise to use them."
MODULE_DISABLED = "The inbound module is disabled. An administrator can enable it in Admin Settings."


async def inbound_company(db: Db, company: CurrentCompany) -> Company:
    if not subscription.has_feature(company, plans.INBOUND):
        raise Forbidden(NOT_ENTERPRISE)
    settings = await get_settings_row(db, company.id)
    if not settings.inbound_module_enabled:
        raise Forbidden(MODULE_DISABLED)
    return company


inbound_company.feature = plans.INBOUND  # read by the access test

InboundCompany = Annotated[Company, Depends(inbound_company)]


def inbound_caller(user: StaffUser, company: InboundCompany, scope: LocationScope) -> Caller:
    return Caller(user=user, company=company, scope=scope)


InboundCaller = Annotated[Caller, Depends(inbound_caller)]
