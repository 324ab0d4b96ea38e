"""Payables calls (DESIGN.md wave-2 names): disposal partners, bills, A/P aging, bill of lading.

Disposal partners: read by staff (the outbound type-2 form picks one), written by store_admin.
Bills, payments and aging: store_admin only. Company-scoped; another company's id is 404.
"""
from __future__ import annotations

import uuid
from dataclasses import replace
from typing import Annotated

from fastapi import APIRouter, Depends, Header, Query, Response, status

from api.access.deps import AdminUser, CurrentCompany, LocationScope, StaffUser
from api.core.deps import Db
from api.invoices import service as receivables
from api.invoices.deps import AsOfDay
from api.invoices.pdf import PDF_MIME, pdf_response
from api.invoices.schemas import AgingCategory, PaymentCreate, PaymentStatus
from api.kit.contract import UUID_HEADER, body_rule
from api.kit.fields import MAX_OFFSET
from api.payables import service
from api.payables.schemas import (
    BillDetail,
    BillList,
    BillPaymentRecorded,
    DisposalPartnerCreate,
    DisposalPartnerList,
    DisposalPartnerRead,
    DisposalPartnerUpdate,
    PayablesAging,
)
from api.reports.spreadsheet import EXPORT_RESPONSES, ExportFormat, export_response

router = APIRouter(tags=["payables"])


@router.get("/disposal-partners", response_model=DisposalPartnerList)
async def list_partners(
    db: Db, company: CurrentCompany, _who: StaffUser,
    search: Annotated[str | None, Query(max_length=100, description="Part of the name, contact, phone, email or "
                                                                     "permit number")] = None,
    limit: Annotated[int | None, Query(ge=1, le=1000, description="A page of this many (default: all, for "
                                                                  "pickers)")] = None,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
) -> DisposalPartnerList:
    """Haulers and disposal facilities the company pays to take material away, by name, `limit`
    from `offset`; `total` counts every match."""
    partners, total = await service.list_partners(db, company.id, search=search, limit=limit, offset=offset)
    return DisposalPartnerList(disposal_partners=partners, total=total)


# A new partner's price_basis and price come together or not at all (service._apply).
PRICED_OR_NOT = {"anyOf": [
    {"title": "No price", "properties": {"price_basis": {"type": "null"}, "price": {"type": "null"}}},
    {"title": "Priced", "required": ["price_basis", "price"],
     "properties": {"price_basis": {"type": "string"}, "price": {"type": ["number", "string"]}}},
]}


@router.post("/disposal-partners", response_model=DisposalPartnerRead, status_code=status.HTTP_201_CREATED,
             openapi_extra=body_rule(PRICED_OR_NOT))
async def create_partner(body: DisposalPartnerCreate, db: Db, company: CurrentCompany,
                         _admin: AdminUser) -> DisposalPartnerRead:
    return await service.create_partner(db, company.id, body)


@router.put("/disposal-partners/{partner_id}", response_model=DisposalPartnerRead)
async def update_partner(partner_id: uuid.UUID, body: DisposalPartnerUpdate, db: Db, company: CurrentCompany,
                         _admin: AdminUser) -> DisposalPartnerRead:
    """Edit, or enable/disable with {"active": false}."""
    return await service.update_partner(db, company.id, partner_id, body)


async def bill_filter(
    company: CurrentCompany, _admin: AdminUser, as_of: AsOfDay,
    status: Annotated[PaymentStatus | None, Query(alias="status")] = None, partner_id: uuid.UUID | None = None,
    aging_category: AgingCategory | None = None,
) -> receivables.ListFilter:
    """The Bills list's filters (the list and its export read the same set)."""
    return receivables.ListFilter(company_id=company.id, as_of=as_of, status=status, party_id=partner_id,
                                  aging_category=aging_category)


BillFilter = Annotated[receivables.ListFilter, Depends(bill_filter)]


@router.get("/bills", response_model=BillList)
async def list_bills(
    db: Db, f: BillFilter, _admin: AdminUser,
    limit: Annotated[int, Query(ge=1, le=1000)] = 500, offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
) -> BillList:
    """Bills as aged on the as-of day (open ones with status=pending or overdue)."""
    return await service.list_bills(db, replace(f, limit=limit, offset=offset))


@router.get("/bills/export", response_class=Response, response_model=None, responses=EXPORT_RESPONSES)
async def export_bills(db: Db, f: BillFilter, _admin: AdminUser, format: ExportFormat = "csv") -> Response:
    """Every bill of the list's filters (not one page) as CSV or Excel: dates as dates, amounts and
    balances as numbers with two decimals."""
    rows = await service.bill_export_rows(db, f)
    return export_response(format, f"bills_{f.as_of:%Y%m%d}", "Bills", service.BILL_EXPORT_COLUMNS, rows)


@router.get("/bills/aging-report", response_model=PayablesAging)
async def payables_aging(db: Db, company: CurrentCompany, _admin: AdminUser, as_of: AsOfDay,
                         partner_id: uuid.UUID | None = None) -> PayablesAging:
    """A/P aging: total payable and the buckets CURRENT, 1-30, 31-60, 61-90, 90+."""
    return await service.payables_aging(db, company.id, as_of, partner_id)


@router.get("/bills/{bill_id}", response_model=BillDetail)
async def bill_detail(bill_id: uuid.UUID, db: Db, company: CurrentCompany, _admin: AdminUser) -> BillDetail:
    return await service.bill_detail(db, company.id, bill_id)


@router.put("/bills/{bill_id}/payment", response_model=BillPaymentRecorded)
async def pay_bill(
    bill_id: uuid.UUID, body: PaymentCreate, db: Db, company: CurrentCompany, admin: AdminUser, response: Response,
    idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key", json_schema_extra=UUID_HEADER)] = None,
) -> BillPaymentRecorded:
    """Record a payment to the partner, at most the balance; Idempotency-Key replays."""
    key = receivables.idempotency_key(idempotency_key)
    payment, created = await service.record_payment(db, company.id, admin.id, bill_id, body, key)
    if not created:
        response.headers["Idempotent-Replayed"] = "true"
    return BillPaymentRecorded(payment=service.payment_read(payment), bill=await service.bill_detail(db, company.id, bill_id))


@router.get("/tickets/{ticket_id}/bill-of-lading", response_class=Response,
            responses={200: {"content": {PDF_MIME: {}}, "description": "Bill of lading (PDF)"}})
async def bill_of_lading(ticket_id: uuid.UUID, db: Db, company: CurrentCompany, _who: StaffUser,
                         scope: LocationScope) -> Response:
    """The bill of lading issued when the load completed (setting outbound_type2_auto_generate_bol);
    404 when the setting is off and none was issued."""
    made_by = _who.id if _who.role == "store_employee" else None
    ticket, bol = await service.ticket_bill_of_lading(db, company.id, ticket_id, scope, made_by)
    return pdf_response(f"bill_of_lading_{ticket.ticket_number}.pdf", bol.pdf)
