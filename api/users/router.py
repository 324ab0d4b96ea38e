"""HTTP for company users, preferences and assignable locations (spec 3 section 7, spec 1 section 7)."""
from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, BackgroundTasks, Query, Request, status

from api.access.deps import AdminUser, CurrentCompany, CurrentUser
from api.core.deps import Db
from api.kit.contract import SPACE, body_rule, one_of_codes
from api.kit.fields import MAX_OFFSET
from api.ratelimit.service import client_ip
from api.users import service
from api.users.schemas import (
    AvailableLocations,
    InviteCreate,
    PreferencesRead,
    PreferencesUpdate,
    UserCreate,
    UserList,
    UserRead,
    UserUpdate,
)

router = APIRouter(tags=["users"])


@router.get("/users", response_model=UserList)
async def list_users(
    _admin: AdminUser, company: CurrentCompany, db: Db,
    limit: Annotated[int, Query(ge=1, le=1000)] = 500, offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
) -> UserList:
    """The company's users by role and name, `limit` from `offset`; the counts cover them all."""
    return await service.list_users(db, company, limit=limit, offset=offset)


# A location or a PIN is for an employee (the default role); a store admin has neither (service.create_user).
EMPLOYEE_EXTRAS = {"anyOf": [
    {"title": "No location or PIN", "properties": {"assigned_location_id": {"type": "null"}, "pin": {"anyOf": [{"type": "null"}, {"type": "string", "pattern": f"^{SPACE}*$"}]}}},
    {"title": "An employee", "properties": {"role": one_of_codes(("store_employee", "employee"))}},
]}


@router.post("/users", response_model=UserRead, status_code=status.HTTP_201_CREATED,
             openapi_extra=body_rule(EMPLOYEE_EXTRAS))
async def create_user(body: UserCreate, admin: AdminUser, company: CurrentCompany, db: Db,
                      request: Request) -> UserRead:
    return await service.create_user(db, admin, company, body, client_ip(request))


@router.post("/users/invite", response_model=UserRead, status_code=status.HTTP_201_CREATED)
async def invite_user(body: InviteCreate, admin: AdminUser, company: CurrentCompany, db: Db, request: Request,
                      tasks: BackgroundTasks) -> UserRead:
    return await service.invite(db, admin, company, body, client_ip(request), tasks)


# Declared before /users/{user_id} so "preferences" is never read as a user id.
@router.get("/users/preferences", response_model=PreferencesRead)
async def read_preferences(user: CurrentUser, request: Request) -> PreferencesRead:
    return service.read_preferences(user, getattr(request.state, "company", None))


@router.put("/users/preferences", response_model=PreferencesRead)
async def update_preferences(body: PreferencesUpdate, user: CurrentUser, db: Db, request: Request) -> PreferencesRead:
    return await service.update_preferences(db, user, getattr(request.state, "company", None), body)


@router.put("/users/{user_id}", response_model=UserRead)
async def update_user(user_id: uuid.UUID, body: UserUpdate, admin: AdminUser, company: CurrentCompany, db: Db,
                      request: Request) -> UserRead:
    return await service.update_user(db, admin, company, user_id, body, client_ip(request))


@router.get("/locations/available", response_model=AvailableLocations)
async def available_locations(_admin: AdminUser, company: CurrentCompany, db: Db) -> AvailableLocations:
    return await service.available_locations(db, company)
