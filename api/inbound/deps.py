"""The inbound callers, each behind the inbound gate (api.subscription.deps.inbound_company:
enterprise plan and inbound_module_enabled, else 403).

- `InboundAdmin`: a store_admin (customers, vehicles, the ticket list, voids: docs/access.md).
- `WeighInCaller`: the weigh-in (plate lookup, payee and hauler choice, create and finish an
  inbound ticket): a store_admin, or an employee when the company setting
  inbound_employee_weigh_in_enabled is on (an assigned employee at their location only).
"""
from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from sqlalchemy import select

from api.access.deps import AdminUser, LocationScope, StaffUser
from api.core.deps import Db
from api.kit.errors import Forbidden
from api.subscription.deps import InboundCompany
from api.tables.settings import CompanySettings
from api.tickets.public import Caller

WEIGH_IN_SETTING = "inbound_employee_weigh_in_enabled"
WEIGH_IN_OFF = ("Inbound weigh-in is not enabled for employees. "
                "A manager can turn it on in Admin Settings (Employees weigh inbound loads in).")


async def inbound_admin(user: AdminUser, company: InboundCompany) -> Caller:
    return Caller(user=user, company=company, scope=None)


async def weigh_in_caller(user: StaffUser, company: InboundCompany, scope: LocationScope, db: Db) -> Caller:
    if user.role == "store_employee":
        enabled = await db.scalar(select(CompanySettings.inbound_employee_weigh_in_enabled)
                                  .where(CompanySettings.company_id == company.id))
        if not enabled:
            raise Forbidden(WEIGH_IN_OFF)
    return Caller(user=user, company=company, scope=scope)


weigh_in_caller.employee_setting = WEIGH_IN_SETTING  # read by the access test (docs/access.md: "weigh-in")

InboundAdmin = Annotated[Caller, Depends(inbound_admin)]
WeighInCaller = Annotated[Caller, Depends(weigh_in_caller)]
