"""Settings: the public reCAPTCHA settings and the signed-in user's company or platform settings."""
from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Request
from pydantic import WithJsonSchema

from api.access.deps import CurrentUser, Public, require_roles
from api.core.deps import Db
from api.settings import service
from api.settings.schemas import ONE_SETTING, CompanySettingsRead, PlatformSettingsRead, PublicSettingsRead

router = APIRouter(tags=["settings"])

SettingsRead = CompanySettingsRead | PlatformSettingsRead
SettingsEditor = Depends(require_roles("store_admin", "system_admin"))


@router.get("/system-settings/public", response_model=PublicSettingsRead, dependencies=[Public])
async def get_public_settings(db: Db) -> PublicSettingsRead:
    return await service.public_settings(db)


@router.get("/system/settings", response_model=SettingsRead)
async def get_system_settings(request: Request, db: Db, user: CurrentUser) -> SettingsRead:
    """A company user gets the company's settings; the platform owner gets the platform's."""
    if user.role == "system_admin":
        return service.platform_read(await service.platform_settings(db))
    return await service.company_settings(db, request.state.company)


@router.put("/system/settings", response_model=SettingsRead, dependencies=[SettingsEditor])
async def update_system_settings(
    request: Request,
    db: Db,
    user: CurrentUser,
    body: Annotated[dict[str, Any], WithJsonSchema(ONE_SETTING), Body(examples=[{"system_default_theme": "dark"}])],
) -> SettingsRead:
    """One changed field per call (the screen saves each toggle as it flips); returns the whole object."""
    if user.role == "system_admin":
        return await service.update_platform_settings(db, body)
    return await service.update_company_settings(db, request.state.company, body)
