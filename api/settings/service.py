"""Settings rules: who sees and changes which settings, one field at a time."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.config import get_settings
from api.kit.errors import Forbidden, Invalid
from api.settings.schemas import (
    CompanySettingsRead,
    CompanySettingsUpdate,
    PlatformSettingsRead,
    PlatformSettingsUpdate,
    PublicSettingsRead,
)
from api.subscription import service as subscription
from api.tables.companies import Company
from api.tables.settings import CompanySettings, PlatformSettings


async def platform_settings(db: AsyncSession) -> PlatformSettings:
    row = await db.scalar(select(PlatformSettings).where(PlatformSettings.id == 1))
    if row is None:  # the first migration inserts it; only a hand-emptied table lacks it
        row = PlatformSettings(id=1, auto_approve_domains=[])
    return row


async def public_settings(db: AsyncSession) -> PublicSettingsRead:
    row = await platform_settings(db)
    return PublicSettingsRead(
        recaptcha_site_key=row.recaptcha_site_key,
        recaptcha_enabled=row.recaptcha_enabled and bool(row.recaptcha_site_key),
        recaptcha_min_score=row.recaptcha_min_score,
        address_search_configured=bool(get_settings().geocoder_url),
    )


async def get_settings_row(db: AsyncSession, company_id) -> CompanySettings:
    row = await db.scalar(select(CompanySettings).where(CompanySettings.company_id == company_id))
    if row is None:
        row = CompanySettings(company_id=company_id)
        db.add(row)
        await db.flush()
    return row


async def company_settings(db: AsyncSession, company: Company) -> CompanySettingsRead:
    row = await get_settings_row(db, company.id)
    platform = await platform_settings(db)
    fields = {name: getattr(row, name) for name in CompanySettingsRead.model_fields if hasattr(row, name)}
    return CompanySettingsRead(
        **fields,
        sb1383_compliance_enabled=subscription.sb1383_enabled(company, row.sb1383_compliance_override),
        recaptcha_enabled=platform.recaptcha_enabled,
        recaptcha_site_key=platform.recaptcha_site_key,
    )


def platform_read(row: PlatformSettings) -> PlatformSettingsRead:
    return PlatformSettingsRead(
        require_manual_approval=row.require_manual_approval,
        auto_approve_domains=list(row.auto_approve_domains or []),
        recaptcha_enabled=row.recaptcha_enabled,
        recaptcha_site_key=row.recaptcha_site_key,
        recaptcha_secret_configured=bool(row.recaptcha_secret_key),
        recaptcha_min_score=row.recaptcha_min_score,
        enable_carbon_credits=row.enable_carbon_credits,
        plan_upgrade_requires=row.plan_upgrade_requires,
    )


def _one_change(schema: type[BaseModel], body: dict[str, Any]) -> tuple[str, Any]:
    """The screen saves one toggle at a time; anything else is a client mistake worth a clear 422.
    A setting of the other scope (a platform setting sent by a manager, or the reverse) exists
    but is not the caller's to change: 403."""
    if len(body) != 1:
        raise Invalid("Send exactly one setting to change")
    other = PlatformSettingsUpdate if schema is CompanySettingsUpdate else CompanySettingsUpdate
    name = next(iter(body))
    if name not in schema.model_fields and name in other.model_fields:
        whose = "the platform's" if other is PlatformSettingsUpdate else "a company's"
        raise Forbidden(f"{name} is {whose} setting: you may not change it")
    try:
        parsed = schema.model_validate(body)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "setting"
        if err["type"] == "extra_forbidden":
            raise Invalid(f"Unknown setting: {field}") from None
        raise Invalid(f"{field}: {err['msg']}") from None
    name = next(iter(body))
    value = getattr(parsed, name)
    if value is None:
        raise Invalid(f"{name}: a value is required")
    return name, value


async def update_company_settings(db: AsyncSession, company: Company, body: dict[str, Any]) -> CompanySettingsRead:
    name, value = _one_change(CompanySettingsUpdate, body)
    row = await get_settings_row(db, company.id)
    setattr(row, name, value)
    await db.flush()
    return await company_settings(db, company)


async def update_platform_settings(db: AsyncSession, body: dict[str, Any]) -> PlatformSettingsRead:
    name, value = _one_change(PlatformSettingsUpdate, body)
    row = await platform_settings(db)
    if name == "auto_approve_domains":
        value = sorted({d.strip().lower().lstrip("@") for d in value if d.strip()})
    setattr(row, name, value)
    db.add(row)
    await db.flush()
    return platform_read(row)
