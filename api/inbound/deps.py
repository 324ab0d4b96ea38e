"""The inbound caller: a staff user of a company that passes the inbound gate
(api.subscription.deps.inbound_company: enterprise plan and inbound_module_enabled, else 403)."""
from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from api.access.deps import LocationScope, StaffUser
from api.subscription.deps import InboundCompany
from api.tickets.service import Caller


async def inbound_caller(user: StaffUser, company: InboundCompany, scope: LocationScope) -> Caller:
    return Caller(user=user, company=company, scope=scope)


InboundCaller = Annotated[Caller, Depends(inbound_caller)]
