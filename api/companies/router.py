"""The company's own information, logo and employee interface setting."""
from __future__ import annotations

import uuid

from fastapi import APIRouter

from api.companies import logo as logos
from api.companies.schemas import CompanyAddress, CompanyInfoRead, CompanyInfoUpdate, LogoRead, LogoUpload
from api.core.deps import AdminUser, CurrentCompany, Db, StaffUser
from api.stores import service as stores
from api.stores.schemas import EmployeeInterfaceRead, EmployeeInterfaceUpdate

router = APIRouter(tags=["companies"])


def _info(company) -> CompanyInfoRead:
    return CompanyInfoRead(
        name=company.name, industry=company.industry, billing_email=company.billing_email, phone=company.phone,
        billing_notification_email=company.billing_notification_email,
        address=CompanyAddress(street=company.address_street, city=company.address_city,
                               state=company.address_state, zip=company.address_zip),
        subscription_plan=company.subscription_plan, subscription_status=company.subscription_status,
    )


@router.get("/company/settings", response_model=EmployeeInterfaceRead)
async def get_company_settings(db: Db, user: StaffUser, store_id: uuid.UUID | None = None) -> EmployeeInterfaceRead:
    enabled, store = await stores.employee_interface(db, user, store_id)
    return EmployeeInterfaceRead(advanced_options_enabled=enabled, store_id=store)


@router.get("/company/settings/{store_id}", response_model=EmployeeInterfaceRead)
async def get_store_company_settings(store_id: uuid.UUID, db: Db, user: StaffUser) -> EmployeeInterfaceRead:
    enabled, store = await stores.employee_interface(db, user, store_id)
    return EmployeeInterfaceRead(advanced_options_enabled=enabled, store_id=store)


@router.put("/company/settings", response_model=EmployeeInterfaceRead)
async def update_company_settings(body: EmployeeInterfaceUpdate, db: Db, _admin: AdminUser,
                                  company: CurrentCompany) -> EmployeeInterfaceRead:
    """Without store_id the choice applies to every location of the company."""
    enabled, store = await stores.set_employee_interface(db, company, body.advanced_options_enabled, body.store_id)
    return EmployeeInterfaceRead(advanced_options_enabled=enabled, store_id=store)


@router.get("/company/info", response_model=CompanyInfoRead)
async def get_company_info(_admin: AdminUser, company: CurrentCompany) -> CompanyInfoRead:
    return _info(company)


@router.put("/company/info", response_model=CompanyInfoRead)
async def update_company_info(body: CompanyInfoUpdate, db: Db, _admin: AdminUser,
                              company: CurrentCompany) -> CompanyInfoRead:
    for name, value in body.model_dump(exclude_unset=True).items():
        setattr(company, name, value)
    await db.flush()
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
