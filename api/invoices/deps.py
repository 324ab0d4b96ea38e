"""Who may use receivables: a store_admin of a company that passes the inbound gate
(api/inbound/deps.py: enterprise plan and the inbound module on, else 403 with the screen's
'Enterprise Feature' or 'Feature Disabled' detail). Invoices are money owed by the company's
customers: store_employee never reads them (403)."""
from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from api.companies.models import Company
from api.core.deps import AdminUser
from api.inbound.deps import InboundCompany
from api.users.models import User


class Biller:
    """The caller of a receivables route: the admin and their (gated) company."""

    def __init__(self, user: User, company: Company):
        self.user = user
        self.company = company


def biller(user: AdminUser, company: InboundCompany) -> Biller:
    return Biller(user, company)


BillerDep = Annotated[Biller, Depends(biller)]
