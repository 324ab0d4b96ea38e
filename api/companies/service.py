"""Company rules shared by sign-up, the demo seed and platform administration."""
from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from api.companies.schemas import CompanyInfoUpdate
from api.lists.defaults import seed_company_lists
from api.tables.companies import Company
from api.tables.settings import CompanySettings


async def provision_company(db: AsyncSession, company: Company) -> None:
    """Give a new company its settings row and its own copy of the system-standard lists."""
    db.add(CompanySettings(company_id=company.id))
    await seed_company_lists(db, company.id)
    await db.flush()


async def update_info(db: AsyncSession, company: Company, body: CompanyInfoUpdate) -> Company:
    """Writes only the fields the caller sent; the contract has already checked each one."""
    for name, value in body.model_dump(exclude_unset=True).items():
        setattr(company, name, value)
    await db.flush()
    return company
