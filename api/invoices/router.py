"""Receivables calls (spec 3 s7; DESIGN.md wave-2 names). HTTP only; rules in service.py.

Every read is the ledger's (Postgres), so it shows the last payment. Every route: store_admin of an
enterprise company with the inbound module on (deps.py).
"""
from __future__ import annotations

import uuid
from dataclasses import replace
from typing import Annotated

from fastapi import APIRouter, Depends, Header, Query, Response

from api.core.deps import Db
from api.invoices import service
from api.invoices.deps import AsOfDay, BillerDep
from api.invoices.pdf import PDF_MIME, pdf_response
from api.invoices.schemas import (
    AgingCategory,
    AgingReport,
    BillingAccount,
    BillingAccountList,
    BillingAccountUpdate,
    DashboardAging,
    InvoiceDetail,
    InvoiceList,
    PaymentCreate,
    PaymentRecorded,
    PaymentStatus,
    Statement,
)
from api.kit.calendar import company_today
from api.kit.contract import UUID_HEADER
from api.kit.fields import MAX_OFFSET
from api.kit.validation import IsoDate
from api.reports.spreadsheet import EXPORT_RESPONSES, ExportFormat, export_response

router = APIRouter(tags=["invoices"])

async def invoice_filter(
    who: BillerDep,
    as_of: AsOfDay,
    status: Annotated[PaymentStatus | None, Query(description="pending, paid or overdue on the as-of day")] = None,
    customer_id: uuid.UUID | None = None,
    aging_category: Annotated[AgingCategory | None, Query(description="CURRENT, 1-30, 31-60, 61-90 or 90+")] = None,
    billing_period: Annotated[IsoDate | None, Query(
        description="Consolidated invoices of this month (any day of it): the monthly billing run")] = None,
    search: Annotated[str | None, Query(max_length=100,
                                        description="Part of the invoice number or the customer's name")] = None,
) -> service.ListFilter:
    """The Invoices list's filters (the list and its export read the same set)."""
    return service.ListFilter(company_id=who.company.id, as_of=as_of, status=status, party_id=customer_id,
                              aging_category=aging_category, billing_period=billing_period, search=search)


InvoiceFilter = Annotated[service.ListFilter, Depends(invoice_filter)]


@router.get("/invoices", response_model=InvoiceList)
async def list_invoices(
    db: Db,
    f: InvoiceFilter,
    limit: Annotated[int, Query(ge=1, le=1000)] = 500,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
) -> InvoiceList:
    """Invoices as aged on the as-of day, newest first (the ledger: a payment shows at once)."""
    return await service.list_invoices(db, replace(f, limit=limit, offset=offset))


@router.get("/invoices/export", response_class=Response, response_model=None, responses=EXPORT_RESPONSES)
async def export_invoices(db: Db, who: BillerDep, f: InvoiceFilter, format: ExportFormat = "csv") -> Response:
    """Every invoice of the list's filters (not one page) as CSV or Excel: dates as dates, amounts
    and balances as numbers with two decimals."""
    rows = await service.invoice_export_rows(db, f)
    return export_response(format, f"invoices_{f.as_of:%Y%m%d}", "Invoices", service.INVOICE_EXPORT_COLUMNS, rows)


@router.get("/invoices/aging-report", response_model=AgingReport)
async def aging_report(db: Db, who: BillerDep, as_of: AsOfDay, customer_id: uuid.UUID | None = None) -> AgingReport:
    """Total receivables and the five buckets CURRENT, 1-30, 31-60, 61-90, 90+ (total and count)."""
    return await service.aging_report(db, who.company.id, as_of, customer_id)


@router.get("/invoices/aging-report/export", response_class=Response, response_model=None,
            responses=EXPORT_RESPONSES)
async def export_aging_report(db: Db, who: BillerDep, as_of: AsOfDay, customer_id: uuid.UUID | None = None,
                              format: ExportFormat = "csv") -> Response:
    """A/R aging per customer on the as-of day: open balances in CURRENT, 1-30, 31-60, 61-90, 90+,
    the customer's total and open invoices, then a Total row (the aging cards' figures)."""
    rows = await service.aging_export_rows(db, who.company.id, as_of, customer_id)
    return export_response(format, f"ar_aging_{as_of:%Y%m%d}", "A-R aging", service.AGING_EXPORT_COLUMNS, rows)


StatementStart = Annotated[IsoDate | None, Query(description="First day (default: the first of this month)")]
StatementEnd = Annotated[IsoDate | None, Query(description="Statement date (default: today)")]


@router.get("/invoices/statement/activity", response_model=Statement)
async def customer_statement_activity(db: Db, who: BillerDep, customer_id: uuid.UUID, start_date: StatementStart = None,
                                      end_date: StatementEnd = None) -> Statement:
    """The customer statement as data (the Customer Statements screen): opening balance, the
    period's invoices and payments with a running balance, open invoices and their aging."""
    end = end_date or company_today(who.company)
    return await service.statement(db, who.company, customer_id, start_date or end.replace(day=1), end)


@router.get("/invoices/billing-accounts", response_model=BillingAccountList)
async def billing_accounts(db: Db, who: BillerDep) -> BillingAccountList:
    """How each customer is billed: per load or monthly (consolidated), and its payment terms."""
    return BillingAccountList(accounts=await service.billing_accounts(db, who.company.id))


@router.put("/invoices/billing-accounts/{customer_id}", response_model=BillingAccount)
async def update_billing_account(customer_id: uuid.UUID, body: BillingAccountUpdate, db: Db,
                                 who: BillerDep) -> BillingAccount:
    """Set a customer's billing cycle and payment terms (for loads billed from now on)."""
    return await service.update_billing_account(db, who.company.id, customer_id, body)


@router.get("/invoices/statement", response_class=Response,
            responses={200: {"content": {PDF_MIME: {}}, "description": "Customer statement (PDF)"}})
async def customer_statement(
    db: Db, who: BillerDep, customer_id: uuid.UUID, start_date: StatementStart = None, end_date: StatementEnd = None,
) -> Response:
    """Customer statement PDF: opening balance, invoices and payments of the period with a running
    balance, the invoices still open on the statement date and their aging."""
    end = end_date or company_today(who.company)
    start = start_date or end.replace(day=1)
    name, pdf = await service.statement_pdf(db, who.company, customer_id, start, end)
    return pdf_response(name, pdf)


@router.get("/invoices/{invoice_id}", response_model=InvoiceDetail)
async def invoice_detail(invoice_id: uuid.UUID, db: Db, who: BillerDep) -> InvoiceDetail:
    """One invoice from the ledger: bill-to, terms, line items with ticket numbers, payments, balance."""
    return await service.invoice_detail(db, who.company, invoice_id)


@router.get("/invoices/{invoice_id}/pdf", response_class=Response,
            responses={200: {"content": {PDF_MIME: {}}, "description": "The invoice (PDF)"}})
async def invoice_pdf(invoice_id: uuid.UUID, db: Db, who: BillerDep) -> Response:
    """Print Invoice: the invoice as a PDF with the company logo, lines, payments and balance due."""
    name, pdf = await service.invoice_pdf(db, who.company, invoice_id)
    return pdf_response(name, pdf)


@router.put("/invoices/{invoice_id}/payment", response_model=PaymentRecorded)
async def record_payment(
    invoice_id: uuid.UUID, body: PaymentCreate, db: Db, who: BillerDep, response: Response,
    idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key", json_schema_extra=UUID_HEADER)] = None,
) -> PaymentRecorded:
    """Record a payment of at most the balance. A retry with the same Idempotency-Key answers the
    first payment (header Idempotent-Replayed: true) and records nothing."""
    key = service.idempotency_key(idempotency_key)
    payment, created = await service.record_payment(db, who.company, who.user.id, invoice_id, body, key)
    if not created:
        response.headers["Idempotent-Replayed"] = "true"
    invoice = await service.invoice_detail(db, who.company, invoice_id)
    return PaymentRecorded(payment=service.payment_read(payment), invoice=invoice)


@router.get("/inbound/invoices", response_model=InvoiceList)
async def dashboard_invoices(
    db: Db, who: BillerDep, as_of: AsOfDay, limit: Annotated[int, Query(ge=1, le=1000)] = 10,
) -> InvoiceList:
    """The Invoice/Billing Dashboard's recent invoices (newest first; the screen shows 10)."""
    f = service.ListFilter(company_id=who.company.id, as_of=as_of, limit=limit)
    return await service.list_invoices(db, f)


@router.get("/inbound/invoices/aging", response_model=DashboardAging)
async def dashboard_aging(db: Db, who: BillerDep, as_of: AsOfDay) -> DashboardAging:
    """The dashboard's aging shape: current, days_1_30, days_31_60, days_61_90, days_90_plus."""
    return await service.dashboard_aging(db, who.company.id, as_of)
