"""Company users: list, add, edit, invite, and each user's own preferences.

users has no TenantMixin (system_admin rows have no company), so every query here names the
caller's company explicitly; row-level security on users is the second wall.
"""
from __future__ import annotations

import asyncio
import uuid

from fastapi import BackgroundTasks
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit.service import audit
from api.auth.recovery import INVITE_TTL, link_for, new_token
from api.auth.service import pin_scope
from api.core.db import set_system_scope, set_tenant, utcnow
from api.core.security import hash_secret
from api.kit.calendar import company_zone_name
from api.kit.errors import Conflict, DomainError, Forbidden, Invalid, NotFound
from api.mail.service import deliver
from api.ratelimit import lockout
from api.subscription import plans
from api.subscription import service as subscription
from api.tables.companies import Company
from api.tables.stores import Store
from api.tables.users import User
from api.users.schemas import (
    DEFAULT_NOTIFICATIONS,
    AvailableLocation,
    AvailableLocations,
    InviteCreate,
    PreferencesRead,
    PreferencesUpdate,
    UserCreate,
    UserList,
    UserRead,
    UserUpdate,
)

EMAIL_TAKEN = "Email already registered"


async def _store_names(db: AsyncSession, company_id: uuid.UUID) -> dict[uuid.UUID, str]:
    rows = await db.execute(select(Store.id, Store.name).where(Store.company_id == company_id))
    return {r.id: r.name for r in rows}


def to_read(user: User, names: dict[uuid.UUID, str]) -> UserRead:
    name = names.get(user.assigned_location_id) if user.assigned_location_id else None
    return UserRead(
        id=user.id, email=user.email, first_name=user.first_name, last_name=user.last_name, role=user.role,
        phone=user.phone, assigned_location_id=user.assigned_location_id, assigned_location_name=name,
        location_name=name, is_active=user.is_active, setup_completed=user.setup_completed,
        has_pin=bool(user.pin_hash), pin_locked=bool(user.pin_locked_until and user.pin_locked_until > utcnow()),
        invite_pending=user.password_hash is None, last_login_at=user.last_login_at, created_at=user.created_at,
    )


async def _check_email_free(db: AsyncSession, company_id: uuid.UUID, email: str,
                            exclude: uuid.UUID | None = None) -> None:
    """Emails are unique across all companies: look in the system scope, then drop back to the tenant."""
    await set_system_scope(db)
    try:
        query = select(User.id).where(func.lower(User.email) == email.lower())
        if exclude is not None:
            query = query.where(User.id != exclude)
        taken = await db.scalar(query)
    finally:
        await set_tenant(db, company_id)
    if taken is not None:
        raise Conflict(EMAIL_TAKEN)


async def _flush(db: AsyncSession) -> None:
    try:
        await db.flush()
    except IntegrityError:  # the same email taken by a concurrent request
        raise Conflict(EMAIL_TAKEN) from None


async def _check_location(db: AsyncSession, company: Company, location_id: uuid.UUID) -> None:
    subscription.require_company_feature(company, plans.LOCATION_ASSIGNMENT)
    found = await db.scalar(select(Store.id).where(Store.id == location_id, Store.company_id == company.id))
    if found is None:
        raise Invalid("Choose one of your company's locations")


async def list_users(db: AsyncSession, company: Company, *, limit: int, offset: int) -> UserList:
    mine = User.company_id == company.id
    users = (await db.scalars(
        select(User).where(mine).order_by(User.role, User.last_name, User.first_name, User.id)
        .limit(limit).offset(offset)
    )).all()
    total, active = (await db.execute(
        select(func.count(), func.count().filter(User.is_active)).select_from(User).where(mine)
    )).one()
    names = await _store_names(db, company.id)
    return UserList(
        users=[to_read(u, names) for u in users], total=total, active_users=active,
        max_users=subscription.max_users(company), subscription_plan=company.subscription_plan,
    )


async def get_user(db: AsyncSession, company: Company, user_id: uuid.UUID) -> User:
    user = await db.scalar(select(User).where(User.id == user_id, User.company_id == company.id))
    if user is None:
        raise NotFound("User not found")
    return user


async def create_user(db: AsyncSession, admin: User, company: Company, data: UserCreate, ip: str) -> UserRead:
    if data.role == "system_admin":
        raise Forbidden("The system_admin role cannot be given to a company user")
    await subscription.check_user_limit(db, company)
    await _check_email_free(db, company.id, data.email)
    if data.assigned_location_id is not None:
        if data.role != "store_employee":
            raise Invalid("Only employees can be assigned to a location")
        await _check_location(db, company, data.assigned_location_id)
    if data.pin is not None:
        subscription.require_company_feature(company, plans.EMPLOYEE_PINS)
        if data.role != "store_employee":
            raise Invalid("Only employees sign in with a PIN")
    user = User(
        company_id=company.id, email=data.email, first_name=data.first_name, last_name=data.last_name,
        phone=data.phone, role=data.role, assigned_location_id=data.assigned_location_id,
        password_hash=await asyncio.to_thread(hash_secret, data.password),
        pin_hash=await asyncio.to_thread(hash_secret, data.pin) if data.pin else None,
        setup_completed=data.role == "store_employee",
    )
    db.add(user)
    await _flush(db)
    await audit(db, "user_created", company_id=company.id, user_id=admin.id, ip=ip, target=user.id, role=user.role)
    return to_read(user, await _store_names(db, company.id))


async def update_user(db: AsyncSession, admin: User, company: Company, user_id: uuid.UUID,
                      data: UserUpdate, ip: str) -> UserRead:
    user = await get_user(db, company, user_id)
    is_self = user.id == admin.id
    if data.role == "system_admin":
        raise Forbidden("The system_admin role cannot be given to a company user")
    if data.role is not None and data.role != user.role:
        if is_self:
            raise DomainError("You cannot change your own role")
        await audit(db, "role_changed", company_id=company.id, user_id=admin.id, ip=ip, target=user.id,
                    before=user.role, after=data.role)
        user.role = data.role
        if user.role != "store_employee":
            user.assigned_location_id = None
            user.pin_hash = None
    if data.is_active is not None and data.is_active != user.is_active:
        if is_self and not data.is_active:
            raise DomainError("You cannot deactivate your own account")
        if data.is_active:
            await subscription.check_user_limit(db, company)
        user.is_active = data.is_active
        user.token_version += 1
        await audit(db, "user_activated" if data.is_active else "user_deactivated", company_id=company.id,
                    user_id=admin.id, ip=ip, target=user.id)
    if data.email is not None and data.email != user.email.lower():
        await _check_email_free(db, company.id, data.email, exclude=user.id)
        user.email = data.email
    for field in ("first_name", "last_name", "phone"):
        if getattr(data, field) is not None:
            setattr(user, field, getattr(data, field))
    if data.password is not None:
        user.password_hash = await asyncio.to_thread(hash_secret, data.password)
        user.token_version += 1  # sessions signed in with the old password end
        await audit(db, "password_set_by_admin", company_id=company.id, user_id=admin.id, ip=ip, target=user.id)
    if data.location_given:
        if data.assigned_location_id is not None:
            if user.role != "store_employee":
                raise Invalid("Only employees can be assigned to a location")
            await _check_location(db, company, data.assigned_location_id)
        user.assigned_location_id = data.assigned_location_id
    if data.pin is not None:
        subscription.require_company_feature(company, plans.EMPLOYEE_PINS)
        if user.role != "store_employee":
            raise Invalid("Only employees sign in with a PIN")
        user.pin_hash = await asyncio.to_thread(hash_secret, data.pin)
        user.pin_failed_count = 0
        user.pin_locked_until = None
        await lockout.clear_scope(pin_scope(user.id))  # a new PIN: the old one's locks go
        await audit(db, "pin_set", company_id=company.id, user_id=admin.id, ip=ip, target=user.id)
    await _flush(db)
    return to_read(user, await _store_names(db, company.id))


async def invite(db: AsyncSession, admin: User, company: Company, data: InviteCreate, ip: str,
                 tasks: BackgroundTasks) -> UserRead:
    """A store_employee with no password yet; the mailed link sets one through reset-password."""
    await subscription.check_user_limit(db, company)
    await _check_email_free(db, company.id, data.email)
    user = User(company_id=company.id, email=data.email, first_name=data.first_name, last_name=data.last_name,
                role="store_employee", password_hash=None, setup_completed=True)
    db.add(user)
    await _flush(db)
    token = await new_token(db, user, "invite", INVITE_TTL)
    await audit(db, "user_invited", company_id=company.id, user_id=admin.id, ip=ip, target=user.id)
    body = (
        f"Hello {user.first_name},\n\n"
        f"{admin.first_name} {admin.last_name} invited you to join {company.name} on Flow.\n"
        "To choose your password and sign in, open:\n\n"
        f"{link_for(token, invite=True)}\n\n"
        f"Your username is {user.email}. The link works once and expires in 7 days.\n"
    )
    tasks.add_task(deliver, user.email, f"You're invited to {company.name} on Flow", body)
    return to_read(user, {})


async def update_preferences(db: AsyncSession, user: User, company: Company | None,
                             data: PreferencesUpdate) -> PreferencesRead:
    prefs = dict(user.preferences or {})
    if data.timezone is not None:
        prefs["timezone"] = data.timezone
        # The company's day boundaries (ticket numbers, reports) follow its admin's choice.
        if user.role == "store_admin" and company is not None:
            company.timezone = data.timezone
    if data.language is not None:
        prefs["language"] = data.language
    if data.notifications is not None:
        prefs["notifications"] = {**DEFAULT_NOTIFICATIONS, **prefs.get("notifications", {}), **data.notifications}
    if data.setup_completed is not None:
        user.setup_completed = data.setup_completed
    user.preferences = prefs  # a new dict, so the JSONB change is seen
    await db.flush()
    return read_preferences(user, company)


def read_preferences(user: User, company: Company | None) -> PreferencesRead:
    prefs = user.preferences or {}
    default_tz = company_zone_name(company)
    return PreferencesRead(
        timezone=prefs.get("timezone") or default_tz,
        language=prefs.get("language"),
        notifications={**DEFAULT_NOTIFICATIONS, **prefs.get("notifications", {})},
        setup_completed=user.setup_completed,
    )


def _address_line(store: Store) -> str | None:
    tail = " ".join(p for p in (store.state, store.zip_code) if p)
    parts = [p for p in (store.address, store.city, tail) if p]
    return ", ".join(parts) or None


async def available_locations(db: AsyncSession, company: Company) -> AvailableLocations:
    stores = (await db.scalars(
        select(Store).where(Store.company_id == company.id, Store.is_active).order_by(Store.name, Store.id)
    )).all()
    return AvailableLocations(
        locations=[AvailableLocation(id=s.id, name=s.name, address=_address_line(s)) for s in stores],
        feature_available=subscription.has_feature(company, plans.LOCATION_ASSIGNMENT),
        subscription_plan=company.subscription_plan,
    )
