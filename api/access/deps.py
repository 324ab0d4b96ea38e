"""Who is calling: the signed-in user, their company, and the role guards every route declares.

Each /api route depends on `current_user` (directly or through `require_roles`) or on
`public`; tests/api/test_access.py walks every route and fails when one has neither. Plan
gates (`require_feature`) are in api/subscription/deps.py.
"""
from __future__ import annotations

import uuid
from typing import Annotated

import jwt
from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy import bindparam, select

from api.core.db import set_system_scope, set_tenant
from api.core.deps import Db
from api.core.security import decode_access_token
from api.kit.errors import DomainError, Forbidden
from api.tables.companies import Company
from api.tables.users import User

bearer = HTTPBearer(auto_error=False, description="Access token from /api/auth/login")


class Unauthorized(DomainError):
    status_code = 401


async def public() -> None:
    """Marks a route that anyone may call (sign-in, sign-up, public settings, plans)."""


Public = Depends(public)


# The caller's user row with their company, built once (the statement is the same on every call).
_CALLER = (select(User, Company).outerjoin(Company, Company.id == User.company_id)
           .where(User.id == bindparam("user_id")))


async def current_user(
    request: Request,
    db: Db,
    creds: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> User:
    """The caller as their user row says, read afresh on every call.

    The token only names the user (and the version it was signed at); the role, company, location
    assignment and active state used for the request are the row's. The claims the token carries
    must still agree with the row: one that does not (a role or company changed since, or a token
    re-signed with a raised role) is refused. The row is read in the scope the claims ask for,
    which only lets Postgres show it (a company's user in its company's scope, a platform admin
    in the system scope); system scope is kept only when the row is a system_admin's."""
    if creds is None:
        raise Unauthorized("Not authenticated")
    try:
        claims = decode_access_token(creds.credentials)
        user_id = uuid.UUID(claims["sub"])
        company_id = uuid.UUID(claims["cid"]) if claims.get("cid") else None
        claimed_role = claims["role"]
    except (jwt.PyJWTError, KeyError, ValueError, TypeError):
        raise Unauthorized("Could not validate credentials") from None

    if claimed_role == "system_admin":
        await set_system_scope(db)
    else:
        await set_tenant(db, company_id)
    # The user and their company in one round trip (a deactivated user, a revoked token or a
    # suspended company is refused at once: nothing is kept between requests).
    found = (await db.execute(_CALLER, {"user_id": user_id})).first()
    user, company = found if found is not None else (None, None)
    if (user is None or not user.is_active or user.token_version != claims.get("ver")
            or user.role != claimed_role or user.company_id != company_id):
        raise Unauthorized("Could not validate credentials")
    if user.role == "system_admin":
        if user.company_id is not None or not db.info.get("system"):  # a platform admin has no company
            raise Unauthorized("Could not validate credentials")
    else:
        if db.info.get("system"):  # never: the row decides, and it is a company's user
            raise Unauthorized("Could not validate credentials")
        if company is None or company.approval_status != "approved":
            raise Unauthorized("Your account is pending approval")
        if company.subscription_status in ("suspended", "canceled"):
            raise Unauthorized("This account is suspended. Please contact support.")
        request.state.company = company
    request.state.user = user
    return user


CurrentUser = Annotated[User, Depends(current_user)]


async def current_company(request: Request, user: CurrentUser) -> Company:
    company = getattr(request.state, "company", None)
    if company is None:
        raise Forbidden("This call needs a company account")
    return company


CurrentCompany = Annotated[Company, Depends(current_company)]


def require_roles(*roles: str):
    """A dependency that lets only the named roles through (403 for the others)."""

    async def _check(user: CurrentUser) -> User:
        if user.role not in roles:
            raise Forbidden("You do not have permission to perform this action")
        return user

    _check.roles = roles  # read by the access test
    _check.__name__ = f"require_roles_{'_'.join(roles)}"
    return _check


AdminUser = Annotated[User, Depends(require_roles("store_admin"))]
StaffUser = Annotated[User, Depends(require_roles("store_admin", "store_employee"))]
SystemAdmin = Annotated[User, Depends(require_roles("system_admin"))]


async def location_scope(user: CurrentUser) -> uuid.UUID | None:
    """The one location an assigned employee is limited to; None means company-wide."""
    if user.role == "store_employee":
        return user.assigned_location_id
    return None


LocationScope = Annotated[uuid.UUID | None, Depends(location_scope)]
