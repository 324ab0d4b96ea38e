"""Who may use receivables: a store_admin of a company that passes the inbound gate (spec 3 s6:
invoices and billing dashboards are gated like inbound operations, with the same 'Enterprise
Feature' / 'Feature Disabled' details). Invoices are money owed by the company's customers:
store_employee never reads them (403).

The gate is api.subscription.deps.inbound_company, the one home for plan gates (receivables must
not import api.inbound: inbound calls into receivables when a load is charged to an account).
"""
from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import Depends, Query

from api.access.deps import AdminUser, CurrentCompany
from api.kit.calendar import company_today
from api.kit.validation import IsoDate
from api.subscription.deps import InboundCompany
from api.tables.companies import Company
from api.tables.users import User


class Biller:
    """The caller of a receivables route: the admin and their (gated) company."""

    def __init__(self, user: User, company: Company):
        self.user = user
        self.company = company


async def biller(user: AdminUser, company: InboundCompany) -> Biller:
    return Biller(user, company)


BillerDep = Annotated[Biller, Depends(biller)]


async def as_of_day(company: CurrentCompany, as_of: Annotated[IsoDate | None, Query(
        description="Age as of this day (default: today in the company's time zone)")] = None) -> date:
    """The as-of day of an aging read (receivables and payables): the query's, else the company's today."""
    return as_of or company_today(company)


AsOfDay = Annotated[date, Depends(as_of_day)]
