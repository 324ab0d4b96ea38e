"""Who may use receivables: a store_admin of an enterprise company with the inbound module on.

Invoices are money owed by the company's customers: store_employee never reads them (403), and
the same gate as inbound operations applies (spec 3 s6): 'Enterprise Feature' or 'Feature
Disabled' as a 403 detail the screen shows.
"""
from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from api import plans
from api.companies.models import Company
from api.companies.service import get_settings_row
from api.core.deps import AdminUser, CurrentCompany, Db, effective_plan
from api.kit.errors import Forbidden
from api.users.models import User

NOT_ENTERPRISE = "Inbound operations are an Enterprise feature. Upgrade to Enterprise to use them."
MODULE_DISABLED = "The inbound module is disabled. An administrator can enable it in Admin Settings."


async def billing_company(db: Db, company: CurrentCompany, _admin: AdminUser) -> Company:
    if not plans.has_feature(effective_plan(company), plans.INBOUND):
        raise Forbidden(NOT_ENTERPRISE)
    settings = await get_settings_row(db, company.id)
    if not settings.inbound_module_enabled:
        raise Forbidden(MODULE_DISABLED)
    return company


billing_company.feature = plans.INBOUND  # read by the access test

BillingCompany = Annotated[Company, Depends(billing_company)]


class Biller:
    """The caller of a receivables route: the admin and their (gated) company."""

    def __init__(self, user: User, company: Company):
        self.user = user
        self.company = company


def biller(user: AdminUser, company: BillingCompany) -> Biller:
    return Biller(user, company)


BillerDep = Annotated[Biller, Depends(biller)]
