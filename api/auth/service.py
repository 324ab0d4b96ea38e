"""Signing in: password, employee PIN, who-am-I and logout everywhere.

Look-ups by email run in the system scope (the caller has no tenant yet), then the session drops
to the user's company before anything else is read.
"""
from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime

from fastapi import Request
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.access.deps import Unauthorized
from api.audit.service import audit, audit_outside
from api.auth.schemas import CompanyBrief, LocationRef, MeRead, TokenRead
from api.core.config import get_settings
from api.core.db import sessionmaker, set_system_scope, set_tenant
from api.core.security import create_access_token, verify_secret
from api.kit.errors import DomainError, Forbidden
from api.ratelimit import lockout
from api.ratelimit import service as ratelimit
from api.subscription import plans
from api.subscription import service as subscription
from api.tables.companies import Company
from api.tables.stores import Store
from api.tables.users import User

BAD_LOGIN = "Incorrect email or password"
BAD_PIN = "Invalid email or PIN. Please check your credentials."


class PinLocked(DomainError):
    status_code = 423


async def find_user_by_email(db: AsyncSession, email: str) -> User | None:
    """Any account with this email, across companies; leaves the session in the system scope."""
    await set_system_scope(db)
    return await db.scalar(select(User).where(func.lower(User.email) == email.strip().lower()))


async def scope_to(db: AsyncSession, user: User) -> None:
    """Leave the system scope for the user's company (a system_admin has none and stays)."""
    if user.company_id is not None:
        await set_tenant(db, user.company_id)


async def check_secret(hashed: str | None, value: str) -> bool:
    # argon2 takes tens of milliseconds of CPU: keep it off the event loop.
    return await asyncio.to_thread(verify_secret, hashed, value)


async def admit(db: AsyncSession, user: User) -> Company | None:
    """The checks after a right secret: active user, approved and running company. Scopes the session."""
    if not user.is_active:
        raise Unauthorized("Your account has been deactivated. Please contact your administrator.")
    if user.company_id is None:
        return None
    await set_tenant(db, user.company_id)
    company = await db.get(Company, user.company_id)
    if company is None:
        raise Unauthorized(BAD_LOGIN)
    if company.approval_status == "pending":
        raise Forbidden("Your account is pending approval")
    if company.approval_status == "rejected":
        reason = (company.rejection_reason or "").strip()
        raise Forbidden(f"Your account was not approved: {reason}" if reason else "Your account was not approved")
    if company.subscription_status in ("suspended", "canceled"):
        raise Forbidden("This account is suspended. Please contact support.")
    return company


async def build_me(db: AsyncSession, user: User, company: Company | None = None) -> MeRead:
    """The user object of CONTRACTS.md; the session must already be scoped to the user's company."""
    locations: list[LocationRef] = []
    brief = None
    if user.company_id is not None:
        company = company or await db.get(Company, user.company_id)
        rows = await db.execute(
            select(Store.id, Store.name)
            .where(Store.company_id == user.company_id, Store.is_active)
            .order_by(Store.name, Store.id)
        )
        locations = [LocationRef(id=r.id, name=r.name) for r in rows]
        brief = CompanyBrief(id=company.id, name=company.name, subscription_plan=company.subscription_plan,
                             subscription_status=company.subscription_status, timezone=company.timezone,
                             locations=locations)
    # The store whose settings the scale screen loads: the assigned one, else the first location.
    store_id = user.assigned_location_id or (locations[0].id if locations else None)
    return MeRead(
        id=user.id, email=user.email, role=user.role, first_name=user.first_name, last_name=user.last_name,
        phone=user.phone, setup_completed=user.setup_completed, store_id=store_id,
        assigned_location_id=user.assigned_location_id, preferences=dict(user.preferences or {}),
        company=brief, company_name=brief.name if brief else None,
    )


async def issue_token(db: AsyncSession, user: User, company: Company | None, *, ip: str, method: str) -> TokenRead:
    user.last_login_at = datetime.now(tz=UTC)
    await audit(db, "login", company_id=user.company_id, user_id=user.id, ip=ip, method=method)
    token = create_access_token(user_id=user.id, company_id=user.company_id, role=user.role,
                                version=user.token_version)
    return TokenRead(access_token=token, user=await build_me(db, user, company))


async def login(db: AsyncSession, request: Request, email: str, password: str) -> TokenRead:
    ip = ratelimit.client_ip(request)
    await ratelimit.guard(request, "login", email)
    user = await find_user_by_email(db, email)
    if not await check_secret(user.password_hash if user else None, password):
        if user is not None:
            await audit_outside("login_failed", company_id=user.company_id, user_id=user.id, ip=ip)
        raise Unauthorized(BAD_LOGIN)
    company = await admit(db, user)
    if user.role == "store_employee":
        await lockout.clear_scope(pin_scope(user.id))  # the person is here: their PIN locks go
        user.pin_failed_count, user.pin_locked_until = 0, None
    return await issue_token(db, user, company, ip=ip, method="password")


def pin_scope(user_id: uuid.UUID) -> str:
    """Every PIN lock of one employee (lifted together by their password sign-in or a new PIN)."""
    return f"pin:{user_id}"


def _pin_subject(user_id: uuid.UUID, ip: str) -> str:
    # Locked per employee and client address: five wrong PINs from one address lock that address
    # out of this employee's PIN sign-in, not the employee's own device (issue 31, finding 6).
    return lockout.subject_key(pin_scope(user_id), ip)


async def _show_pin_lock(user_id: uuid.UUID, until: datetime) -> None:
    """users.pin_locked_until now only tells managers a lock was set (`pin_locked` in the users
    list); the locks themselves are per address (api/ratelimit/lockout.py)."""
    async with sessionmaker()() as db, db.begin():
        await set_system_scope(db)
        await db.execute(update(User).where(User.id == user_id).values(pin_locked_until=until))


def _lock_message() -> str:
    minutes = get_settings().pin_lock_minutes
    return (f"Too many incorrect PIN attempts. PIN sign-in from this device is locked for {minutes} minutes; "
            "sign in with your password to unlock it, or ask your manager to reset your PIN.")


async def pin_login(db: AsyncSession, request: Request, email: str, pin: str) -> TokenRead:
    settings = get_settings()
    ip = ratelimit.client_ip(request)
    await ratelimit.guard(request, "pin", email)
    user = await find_user_by_email(db, email)
    if user is None or user.role != "store_employee" or not user.pin_hash:
        await check_secret(None, pin)
        raise Unauthorized(BAD_PIN)
    subject = _pin_subject(user.id, ip)
    if await lockout.locked_until(subject, settings.pin_lock_minutes) is not None:
        raise PinLocked(_lock_message())
    if not await check_secret(user.pin_hash, pin):
        locked_until = await lockout.record_failure(subject, limit=settings.pin_max_failures,
                                                    minutes=settings.pin_lock_minutes)
        if locked_until is not None:
            await _show_pin_lock(user.id, locked_until)
            await audit_outside("pin_locked", company_id=user.company_id, user_id=user.id, ip=ip,
                                locked_until=locked_until.isoformat())
            raise PinLocked(_lock_message())
        await audit_outside("pin_login_failed", company_id=user.company_id, user_id=user.id, ip=ip)
        raise Unauthorized(BAD_PIN)
    company = await admit(db, user)
    subscription.require_company_feature(company, plans.EMPLOYEE_PINS)
    await lockout.clear(subject)
    return await issue_token(db, user, company, ip=ip, method="pin")


async def logout_everywhere(db: AsyncSession, user: User, ip: str) -> None:
    user.token_version += 1
    await audit(db, "logout_all", company_id=user.company_id, user_id=user.id, ip=ip)
