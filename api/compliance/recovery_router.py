"""Food recovery partners, agreements and records (DESIGN.md second-wave names): store_admin of a
company with sb1383_compliance_enabled, everything scoped to the caller's company."""
from __future__ import annotations

import uuid
from typing import Annotated, Literal

from fastapi import APIRouter, File, Form, Query, Response, UploadFile, status

from api.access.deps import AdminUser
from api.compliance import recovery, tiers
from api.compliance.deps import ComplianceCompany
from api.compliance.recovery_schemas import (
    AgreementRead,
    FoodRecoveryRecordsRead,
    PartnerCreate,
    PartnerList,
    PartnerRead,
    PartnerUpdate,
)
from api.compliance.tiers_schemas import GeneratorAnswers, GeneratorTierList, GeneratorTierRead, answer_shapes
from api.core.deps import Db
from api.kit.contract import FORM_FIELD, body_rule, upload
from api.kit.errors import ErrorBody
from api.kit.validation import IsoDate
from api.warehouse import freshness

router = APIRouter(tags=["compliance"])
PARTNERS = "/compliance/food-recovery-partners"


@router.get(PARTNERS, response_model=PartnerList)
async def list_partners(db: Db, company: ComplianceCompany) -> dict:
    """Partners with their agreements on file, and warnings for missing or expiring agreements."""
    return await recovery.list_partners(db, company)


TIERS = "/compliance/generator-tiers"


@router.get(TIERS, response_model=GeneratorTierList)
async def list_generator_tiers(db: Db, company: ComplianceCompany) -> dict:
    """Each location's Tier 1 / Tier 2 questionnaire answers and the tier they lead to, with the
    rule that applied and its citation (14 CCR 18982), and the agreement warnings of tiered locations."""
    return await recovery.generator_tiers(db, company)


@router.put(TIERS + "/{store_id}", response_model=GeneratorTierRead, openapi_extra=body_rule(answer_shapes()))
async def answer_generator_tier(db: Db, company: ComplianceCompany, user: AdminUser, store_id: uuid.UUID,
                                body: GeneratorAnswers) -> dict:
    """Save a location's questionnaire answers and answer with its tier at once (the rule is the
    warehouse's dbt macro; the edible_food_generators mart holds the same after the next refresh)."""
    return await tiers.answer(db, company, user.id, store_id, body)


@router.post(PARTNERS, response_model=PartnerRead, status_code=status.HTTP_201_CREATED)
async def create_partner(db: Db, company: ComplianceCompany, body: PartnerCreate) -> dict:
    return await recovery.create_partner(db, company, body.model_dump())


@router.put(PARTNERS + "/{partner_id}", response_model=PartnerRead)
async def update_partner(db: Db, company: ComplianceCompany, partner_id: uuid.UUID, body: PartnerUpdate) -> dict:
    return await recovery.update_partner(db, company, partner_id, body.model_dump(exclude_unset=True))


@router.post(PARTNERS + "/{partner_id}/agreements", response_model=AgreementRead, status_code=status.HTTP_201_CREATED,
             responses={413: {"model": ErrorBody, "description": "The file is over 10 MB"}},
             openapi_extra=upload("file", *(kind for _, kind in recovery.SIGNATURES)))
async def upload_agreement(
    db: Db, company: ComplianceCompany, user: AdminUser, partner_id: uuid.UUID,
    file: Annotated[UploadFile, File(description="The contract or written agreement: PDF, PNG or JPEG, up to 10 MB")],
    start_date: Annotated[IsoDate, Form()], end_date: Annotated[IsoDate | None, Form(json_schema_extra=FORM_FIELD)] = None,
) -> dict:
    """Keep a copy of the contract or written agreement on file (checked by content)."""
    data = await file.read(recovery.MAX_AGREEMENT_BYTES + 1)
    return await recovery.add_agreement(db, company, user.id, partner_id, data, file.filename, start_date, end_date)


@router.get(PARTNERS + "/{partner_id}/agreements/{agreement_id}", response_class=Response, response_model=None,
            responses={200: {"content": {"application/pdf": {}, "image/png": {}, "image/jpeg": {}},
                             "description": "The agreement file"}})
async def download_agreement(db: Db, company: ComplianceCompany, partner_id: uuid.UUID,
                             agreement_id: uuid.UUID) -> Response:
    data, agreement = await recovery.agreement_file(db, company, partner_id, agreement_id)
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
    body = await recovery.records_read(db, company, year)
    if format == "json":
        return await freshness.stamped(db, company.id, body)
    data = await recovery.export_records(db, company, body, format)
    return Response(data, media_type=RECORD_MIME[format], headers={
        "Content-Disposition": f'attachment; filename="food_recovery_records_{body["year"]}.{format}"',
        "Cache-Control": "no-store"})
