"""Who may use receivables: a store_admin of an enterprise company with the inbound module on
(spec 3 s6: invoices and billing dashboards are gated like inbound operations, with the same
'Enterprise Feature' / 'Feature Disabled' details as api/inbound/deps.py). Invoices are money
owed by the company's customers: store_employee never reads them (403).

The gate is checked here rather than borrowed from api.inbound.deps: inbound calls into
receivables when a load is charged to an account, so receivables must not import inbound.
"""
from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from api.auth.deps import AdminUser, CurrentCompany
from api.companies.models import Company
from api.core.deps import Db
from api.kit.errors import Forbidden
from api.settings.service import get_settings_row
from api.subscription import plans
from api.subscription import service as subscription
from api.users.models import User

NOT_ENTERPRISE = "Inbound operations are an Enterprise feature. Upgrade to Enterprise to use them."
MODULE_DISABLED = "The inbound module is disabled. An administrator can enable it in Admin Settings."


async def billing_company(db: Db, company: CurrentCompany) -> Company:
    if not subscription.has_feature(company, plans.INBOUND):
        raise Forbidden(NOT_ENTERPRISE)
    if not (await get_settings_row(db, company.id)).inbound_module_enabled:
        raise Forbidden(MODULE_DISABLED)
    return company


billing_company.feature = plans.INBOUND  # read by the access test


class Biller:
    """The caller of a receivables route: the admin and their (gated) company."""

    def __init__(self, user: User, company: Company):
        self.user = user
        self.company = company


def biller(user: AdminUser, company: Annotated[Company, Depends(billing_company)]) -> Biller:
    return Biller(user, company)


BillerDep = Annotated[Biller, Depends(biller)]
