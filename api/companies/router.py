"""The company's own information and logo (the per-location employee interface is in api/stores)."""
from __future__ import annotations

from fastapi import APIRouter

from api.access.deps import AdminUser, CurrentCompany, StaffUser
from api.companies import logo as logos
from api.companies import service
from api.companies.schemas import CompanyAddress, CompanyInfoRead, CompanyInfoUpdate, LogoRead, LogoUpload
from api.core.deps import Db

router = APIRouter(tags=["companies"])


def _info(company) -> CompanyInfoRead:
    return CompanyInfoRead(
        name=company.name, industry=company.industry, billing_email=company.billing_email, phone=company.phone,
        billing_notification_email=company.billing_notification_email,
        address=CompanyAddress(street=company.address_street, city=company.address_city,
                               state=company.address_state, zip=company.address_zip),
        subscription_plan=company.subscription_plan, subscription_status=company.subscription_status,
    )


@router.get("/company/info", response_model=CompanyInfoRead)
async def get_company_info(_admin: AdminUser, company: CurrentCompany) -> CompanyInfoRead:
    return _info(company)


@router.put("/company/info", response_model=CompanyInfoRead)
async def update_company_info(body: CompanyInfoUpdate, db: Db, _admin: AdminUser,
                              company: CurrentCompany) -> CompanyInfoRead:
    await service.update_info(db, company, body)
    return _info(company)


@router.get("/company/logo", response_model=LogoRead)
async def get_company_logo(_user: StaffUser, company: CurrentCompany) -> LogoRead:
    return LogoRead(logo=logos.logo_data_url(company))


@router.post("/company/logo", response_model=LogoRead)
async def upload_company_logo(body: LogoUpload, db: Db, _admin: AdminUser, company: CurrentCompany) -> LogoRead:
    logos.save_logo(company, body.logo_data)
    await db.flush()
    return LogoRead(logo=logos.logo_data_url(company))


@router.delete("/company/logo", response_model=LogoRead)
async def delete_company_logo(db: Db, _admin: AdminUser, company: CurrentCompany) -> LogoRead:
    logos.remove_logo(company)
    await db.flush()
    return LogoRead(logo=None)
