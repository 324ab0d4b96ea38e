"""Company rules shared by sign-up, the demo seed and platform administration."""
from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.companies.models import Company, CompanySettings, Store
from api.lists.defaults import seed_company_lists


async def provision_company(db: AsyncSession, company: Company) -> None:
    """Give a new company its settings row and its own copy of the system-standard lists."""
    db.add(CompanySettings(company_id=company.id))
    await seed_company_lists(db, company.id)
    await db.flush()


async def get_settings_row(db: AsyncSession, company_id) -> CompanySettings:  # noqa: ANN001
    row = await db.scalar(select(CompanySettings).where(CompanySettings.company_id == company_id))
    if row is None:
        row = CompanySettings(company_id=company_id)
        db.add(row)
        await db.flush()
    return row


async def count_active_stores(db: AsyncSession, company_id) -> int:  # noqa: ANN001
    return await db.scalar(
        select(func.count()).select_from(Store).where(Store.company_id == company_id, Store.is_active)
    ) or 0
