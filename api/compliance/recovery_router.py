"""Food recovery partners, agreements and records (DESIGN.md second-wave names): store_admin of a
company with sb1383_compliance_enabled, everything scoped to the caller's company."""
from __future__ import annotations

import uuid
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Annotated, Literal

from fastapi import APIRouter, File, Form, Query, Response, UploadFile, status
from starlette.concurrency import run_in_threadpool

from api.analytics.service import company_today
from api.auth.deps import AdminUser
from api.compliance import recovery
from api.compliance.deps import ComplianceCompany
from api.compliance.models import ComplianceEvent, FoodRecoveryAgreement, FoodRecoveryPartner
from api.compliance.recovery_schemas import (
    AgreementRead,
    FoodRecoveryRecordsRead,
    PartnerCreate,
    PartnerList,
    PartnerRead,
    PartnerUpdate,
)
from api.core.deps import Db
from api.kit.errors import ErrorBody, Invalid, NotFound
from api.tickets.images import image_store

router = APIRouter(tags=["compliance"])
PARTNERS = "/compliance/food-recovery-partners"


async def _one(db, company, partner_id: uuid.UUID) -> dict:
    found = await recovery.partners_read(db, company.id, company_today(company))
    return next(p for p in found if p["id"] == partner_id)


@router.get(PARTNERS, response_model=PartnerList)
async def list_partners(db: Db, company: ComplianceCompany) -> dict:
    """Partners with their agreements on file, and warnings for missing or expiring agreements."""
    partners = await recovery.partners_read(db, company.id, company_today(company))
    await recovery.log_expiring(db, company.id, partners)
    return {"partners": partners, "warnings": recovery.warnings(partners)}


@router.post(PARTNERS, response_model=PartnerRead, status_code=status.HTTP_201_CREATED)
async def create_partner(db: Db, company: ComplianceCompany, body: PartnerCreate) -> dict:
    await recovery.check_destination(db, company.id, body.destination_id)
    partner = FoodRecoveryPartner(company_id=company.id, **body.model_dump())
    db.add(partner)
    await db.flush()
    db.add(ComplianceEvent(company_id=company.id, event="partner_added", severity="info",
                           description=f"Food recovery partner {partner.name} added"))
    return await _one(db, company, partner.id)


@router.put(PARTNERS + "/{partner_id}", response_model=PartnerRead)
async def update_partner(db: Db, company: ComplianceCompany, partner_id: uuid.UUID, body: PartnerUpdate) -> dict:
    partner = await recovery.partner_in_scope(db, company.id, partner_id)
    changes = body.model_dump(exclude_unset=True)
    if "name" in changes and changes["name"] is None:
        raise Invalid("name: a partner needs a name")
    if "destination_id" in changes or changes.get("is_active"):
        await recovery.check_destination(db, company.id, changes.get("destination_id", partner.destination_id),
                                         partner.id)
    for key, value in changes.items():
        setattr(partner, key, value)
    await db.flush()
    return await _one(db, company, partner.id)


@router.post(PARTNERS + "/{partner_id}/agreements", response_model=AgreementRead, status_code=status.HTTP_201_CREATED,
             responses={413: {"model": ErrorBody, "description": "The file is over 10 MB"}})
async def upload_agreement(
    db: Db, company: ComplianceCompany, user: AdminUser, partner_id: uuid.UUID,
    file: Annotated[UploadFile, File(description="The contract or written agreement: PDF, PNG or JPEG, up to 10 MB")],
    start_date: Annotated[date, Form()], end_date: Annotated[date | None, Form()] = None,
) -> dict:
    """Keep a copy of the contract or written agreement on file (checked by content)."""
    partner = await recovery.partner_in_scope(db, company.id, partner_id)
    if end_date is not None and end_date < start_date:
        raise Invalid("end_date: the agreement cannot end before it starts")
    data = await file.read(recovery.MAX_AGREEMENT_BYTES + 1)
    content_type, name = recovery.read_upload(data, file.filename)
    agreement = FoodRecoveryAgreement(id=uuid.uuid4(), company_id=company.id, partner_id=partner.id,
                                      start_date=start_date, end_date=end_date, file_name=name,
                                      content_type=content_type, size_bytes=len(data), sha256=recovery.sha256(data),
                                      uploaded_by_id=user.id)
    agreement.storage_key = recovery.storage_key(company.id, agreement.id)
    await image_store().save(agreement.storage_key, data, content_type)
    db.add(agreement)
    db.add(ComplianceEvent(company_id=company.id, event="agreement_uploaded", severity="info",
                           description=f"Agreement with {partner.name} on file from {start_date:%Y-%m-%d}"
                                       + (f" to {end_date:%Y-%m-%d}" if end_date else "")))
    await db.flush()
    await db.refresh(agreement)
    return {**{k: getattr(agreement, k) for k in ("id", "start_date", "end_date", "file_name", "content_type",
                                                  "size_bytes", "created_at")},
            "status": recovery.agreement_status(agreement, company_today(company))}


@router.get(PARTNERS + "/{partner_id}/agreements/{agreement_id}", response_class=Response, response_model=None,
            responses={200: {"content": {"application/pdf": {}, "image/png": {}, "image/jpeg": {}},
                             "description": "The agreement file"}})
async def download_agreement(db: Db, company: ComplianceCompany, partner_id: uuid.UUID,
                             agreement_id: uuid.UUID) -> Response:
    await recovery.partner_in_scope(db, company.id, partner_id)
    agreement = await db.get(FoodRecoveryAgreement, agreement_id)
    if agreement is None or agreement.company_id != company.id or agreement.partner_id != partner_id:
        raise NotFound("Agreement not found")
    data = await image_store().load(agreement.storage_key)
    if data is None:
        raise NotFound("Agreement file not found")
    safe = agreement.file_name.replace('"', "")
    return Response(data, media_type=agreement.content_type, headers={
        "Content-Disposition": f'attachment; filename="{safe}"', "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff"})


RECORD_MIME = {"csv": "text/csv; charset=utf-8", "pdf": "application/pdf"}


@router.get("/compliance/food-recovery-records", response_model=FoodRecoveryRecordsRead,
            responses={200: {"content": {"application/json": {}, **{m: {} for m in RECORD_MIME.values()}}}})
async def food_recovery_records(
    db: Db, company: ComplianceCompany,
    year: Annotated[int | None, Query(ge=2000, le=2100, description="Calendar year (default: this year)")] = None,
    format: Literal["json", "csv", "pdf"] = "json",
):
    """What an inspector asks for: each partner (address, contact, types of food, frequency, collection,
    agreement on file) and pounds recovered per partner and month. CSV and PDF are the same records."""
    today = company_today(company)
    y = year or today.year
    partners = await recovery.partners_read(db, company.id, today)
    found, refreshed = await run_in_threadpool(recovery.records, str(company.id), y)
    unassigned = sum((r["recovered_weight_lb"] for r in found if r["partner_id"] is None), Decimal(0))
    body = {"year": y, "partners": partners, "records": found,
            "total_recovered_lb": sum((r["recovered_weight_lb"] for r in found), Decimal(0)),
            "unassigned_lb": unassigned, "warnings": recovery.warnings(partners, unassigned),
            "last_refreshed_at": refreshed}
    if format == "json":
        return body
    db.add(ComplianceEvent(company_id=company.id, event="records_requested", severity="info",
                           description=f"Food recovery records for {y} exported as {format.upper()}"))
    data = (recovery.to_csv(body) if format == "csv"
            else await run_in_threadpool(recovery.to_pdf, company.name, body, datetime.now(tz=UTC)))
    return Response(data, media_type=RECORD_MIME[format], headers={
        "Content-Disposition": f'attachment; filename="food_recovery_records_{y}.{format}"',
        "Cache-Control": "no-store"})
