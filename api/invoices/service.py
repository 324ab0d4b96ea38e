"""Receivables: billing completed inbound loads, the invoice ledger, payments, aging reads.

Postgres is the ledger: an invoice, its lines and its payments; the balance is the amount less
the payment rows, recomputed under the invoice's row lock with every payment. Every read here is
read-your-writes: the list, the aging (buckets, overdue, days past due) and the statement read the
Postgres functions ledger_invoice_aging(company, as_of) and the view ledger_receivable_activity
(migration 0010), not the warehouse, so the next read after a payment shows it. The warehouse's
money marts keep the same rules for analytics (tests/api/invoices/test_receivables.py holds them equal).
"""
from __future__ import annotations

import calendar
import uuid
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from sqlalchemy import Integer, cast, func, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.invoices.schemas import (
    AGING_CATEGORIES,
    AgingBucket,
    AgingReport,
    BillingAccount,
    BillingAccountUpdate,
    BillTo,
    DashboardAging,
    DashboardBucket,
    InvoiceDetail,
    InvoiceLineRead,
    InvoiceList,
    InvoiceRow,
    PaymentCreate,
    PaymentRead,
    Statement,
    StatementLine,
)
from api.kit.calendar import company_today, company_zone_name, local_day
from api.kit.errors import Conflict, Invalid, NotFound
from api.kit.money import CENT
from api.reports.spreadsheet import EXPORT_ROW_CAP, Column
from api.tables.companies import Company
from api.tables.invoices import Invoice, InvoiceLine, Payment
from api.tables.parties import Customer
from api.tables.tickets import Ticket, TicketLineItem

TERMS = {0: "Due on receipt", 15: "Net 15", 30: "Net 30", 60: "Net 60"}
DEFAULT_TERMS_DAYS = 30
DASHBOARD_KEYS = {"CURRENT": "current", "1-30": "days_1_30", "31-60": "days_31_60", "61-90": "days_61_90",
                  "90+": "days_90_plus"}


def terms_label(days: int | None) -> str:
    days = DEFAULT_TERMS_DAYS if days is None else days
    return TERMS.get(days, f"Net {days}")


def status_badge(payment_status: str) -> str:
    return payment_status.upper()


# ---- ledger reads: Postgres functions of migration 0010 (docs/architecture.md, "Ledger and analytics") ----
ROW_COLUMNS = """invoice_id, invoice_number, ticket_id, ticket_number, customer_id, customer_name, issue_date,
    due_date, payment_terms, billing_period, amount, balance, payment_status, aging_category, days_overdue"""


@dataclass(frozen=True)
class ListFilter:
    """A page of documents (invoices, bills) as aged on the as-of day; a filter left None is not
    applied. party_id is the invoice's customer or the bill's partner."""

    company_id: uuid.UUID
    as_of: date
    status: str | None = None
    party_id: uuid.UUID | None = None
    aging_category: str | None = None
    billing_period: date | None = None
    search: str | None = None  # part of the document's number or the party's name, any case
    limit: int = 500
    offset: int = 0


def ledger_where(equal: dict[str, object]) -> tuple[str, dict]:
    """The where clause and its parameters: each column of `equal` equal to its value (None: not filtered)."""
    where, params = ["true"], {}
    for i, (column, value) in enumerate(equal.items()):
        if value is not None:
            where.append(f"{column} = :v{i}")
            params[f"v{i}"] = value
    return " and ".join(where), params


def _like(text: str) -> str:
    """A LIKE pattern matching `text` anywhere, its own % and _ taken literally."""
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def ledger_filter(f: ListFilter, party_column: str, search_columns: tuple[str, ...] = ()) -> tuple[str, dict]:
    """The where clause of a list's filters (the list and its export read the same set)."""
    period = f.billing_period.replace(day=1) if f.billing_period else None
    where, params = ledger_where({"payment_status": f.status, party_column: f.party_id,
                                  "aging_category": f.aging_category, "billing_period": period})
    search = (f.search or "").strip()
    if search and search_columns:
        where += " and (" + " or ".join(f"{c} ilike :search" for c in search_columns) + ")"
        params["search"] = _like(search)
    return where, params


async def read_page(db: AsyncSession, f: ListFilter, function: str, columns: str, party_column: str,
                    order: str, search_columns: tuple[str, ...] = ()) -> tuple[list[dict], int]:
    """(rows, matching count) of one page of the ledger function `function` under the filter."""
    where, params = ledger_filter(f, party_column, search_columns)
    found = (await db.execute(text(
        f"select {columns}, count(*) over () as matching from {function}(:company, :as_of) where {where} "
        f"order by {order} limit :limit offset :offset"),
        {**params, "company": f.company_id, "as_of": f.as_of, "limit": f.limit, "offset": f.offset})).mappings().all()
    if found:
        total = found[0]["matching"]
    elif f.offset:  # a page past the end still says how many there are, so the pager can go back
        total = await db.scalar(text(f"select count(*) from {function}(:company, :as_of) where {where}"),
                                {**params, "company": f.company_id, "as_of": f.as_of})
    else:
        total = 0
    return [{k: v for k, v in r.items() if k != "matching"} for r in found], total


def _row(values: dict) -> InvoiceRow:
    return InvoiceRow(**values, status=status_badge(values["payment_status"]))


INVOICE_SEARCH = ("invoice_number", "customer_name")
INVOICE_ORDER = "issue_date desc, invoice_number desc"


async def list_invoices(db: AsyncSession, f: ListFilter) -> InvoiceList:
    found, total = await read_page(db, f, "ledger_invoice_aging", ROW_COLUMNS, "customer_id", INVOICE_ORDER,
                                   INVOICE_SEARCH)
    return InvoiceList(invoices=[_row(r) for r in found], total=total, as_of=f.as_of, last_refreshed_at=None)


# ---- list exports (the list's filters, every matching row) --------------------------------------
INVOICE_EXPORT_COLUMNS = [
    Column("Invoice #", width=20), Column("Customer", width=28), Column("Issue Date", "date"),
    Column("Due Date", "date"), Column("Terms", width=14), Column("Billing Period", "date", 14),
    Column("Amount (USD)", "money"), Column("Balance (USD)", "money"), Column("Status", width=10),
    Column("Aging", width=9), Column("Days Overdue", "int", 13), Column("Ticket #", width=22),
]
AGING_EXPORT_COLUMNS = [
    Column("Customer", width=28), *[Column(name if name != "CURRENT" else "Current", "money") for name in AGING_CATEGORIES],
    Column("Total (USD)", "money"), Column("Open Invoices", "int", 14),
]


async def read_all(db: AsyncSession, f: ListFilter, function: str, columns: str, party_column: str, order: str,
                   search_columns: tuple[str, ...] = (), noun: str = "rows") -> list[dict]:
    """Every row of the list's filter, for an export; more than the cap is a 422, not a cut file."""
    rows, total = await read_page(db, replace(f, limit=EXPORT_ROW_CAP + 1, offset=0), function, columns,
                                  party_column, order, search_columns)
    if total > EXPORT_ROW_CAP:
        raise Invalid(f"More than {EXPORT_ROW_CAP:,} {noun} match: narrow the filters and export in parts")
    if not rows:
        raise NotFound("No data to export")
    return rows


async def invoice_export_rows(db: AsyncSession, f: ListFilter) -> list[list]:
    rows = await read_all(db, f, "ledger_invoice_aging", ROW_COLUMNS, "customer_id", INVOICE_ORDER,
                          INVOICE_SEARCH, "invoices")
    return [[r["invoice_number"], r["customer_name"], r["issue_date"], r["due_date"], terms_label(r["payment_terms"]),
             r["billing_period"], r["amount"], r["balance"], status_badge(r["payment_status"]), r["aging_category"],
             r["days_overdue"], r["ticket_number"]] for r in rows]


async def aging_export_rows(db: AsyncSession, company_id: uuid.UUID, as_of: date,
                            customer_id: uuid.UUID | None) -> list[list]:
    """A/R aging per customer (open balances on the as-of day by bucket), then the total row."""
    where, params = ledger_where({"customer_id": customer_id})
    buckets = ", ".join(f"coalesce(sum(balance) filter (where aging_category = '{name}'), 0)"
                        for name in AGING_CATEGORIES)
    found = (await db.execute(text(
        f"select coalesce(customer_name, '') as customer, {buckets}, sum(balance) as total, count(*) as n "
        f"from ledger_invoice_aging(:company, :as_of) where {where} and balance > 0 "
        f"group by customer_id, customer_name order by lower(coalesce(customer_name, '')), customer_id"),
        {**params, "company": company_id, "as_of": as_of})).all()
    if not found:
        raise NotFound("No data to export")
    rows = [list(r) for r in found]
    totals = [sum((Decimal(r[i]) for r in rows), Decimal(0)) for i in range(1, len(AGING_CATEGORIES) + 2)]
    return [*rows, ["Total", *totals, sum(r[-1] for r in rows)]]


async def aging_of_one(db: AsyncSession, company_id: uuid.UUID, invoice_id: uuid.UUID, as_of: date) -> dict | None:
    found = (await db.execute(text(
        f"select {ROW_COLUMNS} from ledger_invoice_aging(:company, :as_of) where invoice_id = :invoice"),
        {"company": company_id, "as_of": as_of, "invoice": invoice_id})).mappings().first()
    return dict(found) if found else None


async def aging_buckets(db: AsyncSession, company_id: uuid.UUID, as_of: date, party_id: uuid.UUID | None, *,
                        function: str = "ledger_invoice_aging", party_column: str = "customer_id"):
    """Open balances of the ledger function `function` (invoices or bills) on the as-of day, per
    bucket: ({bucket: (total, count)}, overall {total, n, customers})."""
    where, params = ledger_where({party_column: party_id})
    params.update(company=company_id, as_of=as_of)
    source = f"from {function}(:company, :as_of) where {where} and balance > 0"
    by_bucket = (await db.execute(text(
        f"select aging_category, sum(balance) as total, count(*) as n {source} group by aging_category"),
        params)).mappings().all()
    overall = (await db.execute(text(
        f"select coalesce(sum(balance), 0) as total, count(*) as n, count(distinct {party_column}) as customers "
        f"{source}"), params)).mappings().one()
    found = {r["aging_category"]: r for r in by_bucket}
    buckets = {name: (Decimal(found[name]["total"]) if name in found else Decimal("0.00"),
                      int(found[name]["n"]) if name in found else 0) for name in AGING_CATEGORIES}
    return buckets, dict(overall)


async def aging_report(db: AsyncSession, company_id: uuid.UUID, as_of: date,
                       customer_id: uuid.UUID | None = None) -> AgingReport:
    buckets, overall = await aging_buckets(db, company_id, as_of, customer_id)
    return AgingReport(
        as_of=as_of, total_accounts_receivable=Decimal(overall["total"]).quantize(CENT),
        aging_buckets={name: AgingBucket(total=total.quantize(CENT), count=n) for name, (total, n) in buckets.items()},
        last_refreshed_at=None,
    )


async def dashboard_aging(db: AsyncSession, company_id: uuid.UUID, as_of: date) -> DashboardAging:
    buckets, overall = await aging_buckets(db, company_id, as_of, None)
    return DashboardAging(
        as_of=as_of,
        aging_buckets={DASHBOARD_KEYS[name]: DashboardBucket(total_amount=total.quantize(CENT), invoice_count=n)
                       for name, (total, n) in buckets.items()},
        total_outstanding=Decimal(overall["total"]).quantize(CENT), total_invoices=int(overall["n"]),
        unique_customers=int(overall["customers"]), last_refreshed_at=None,
    )


# ---- the ledger (Postgres) ---------------------------------------------------------------------
async def _invoice(db: AsyncSession, company_id: uuid.UUID, invoice_id: uuid.UUID, *, for_update: bool = False) -> Invoice:
    stmt = select(Invoice).where(Invoice.id == invoice_id, Invoice.company_id == company_id)
    if for_update:
        stmt = stmt.with_for_update()
    invoice = await db.scalar(stmt)
    if invoice is None:
        raise NotFound("Invoice not found")
    return invoice


async def paid_so_far(db: AsyncSession, invoice_id: uuid.UUID) -> Decimal:
    total = await db.scalar(select(func.coalesce(func.sum(Payment.amount), 0)).where(Payment.invoice_id == invoice_id))
    return Decimal(total).quantize(CENT)


def payment_read(p: Payment) -> PaymentRead:
    return PaymentRead(payment_id=p.id, invoice_id=p.invoice_id, amount=p.amount, method=p.method,
                       reference=p.reference, notes=p.notes, paid_at=p.paid_at)


async def invoice_detail(db: AsyncSession, company: Company, invoice_id: uuid.UUID) -> InvoiceDetail:
    invoice = await _invoice(db, company.id, invoice_id)
    lines = (await db.execute(
        select(InvoiceLine, Ticket.ticket_number).outerjoin(Ticket, Ticket.id == InvoiceLine.ticket_id)
        .where(InvoiceLine.invoice_id == invoice.id).order_by(InvoiceLine.position)
    )).all()
    payments = (await db.scalars(
        select(Payment).where(Payment.invoice_id == invoice.id).order_by(Payment.paid_at, Payment.created_at)
    )).all()
    customer = await db.get(Customer, invoice.customer_id) if invoice.customer_id else None
    ticket_number = await db.scalar(select(Ticket.ticket_number).where(Ticket.id == invoice.ticket_id)) \
        if invoice.ticket_id else None
    balance = (invoice.amount - sum((p.amount for p in payments), Decimal(0))).quantize(CENT)
    today = company_today(company)
    aged = await aging_of_one(db, company.id, invoice.id, today)
    # Void invoices are not aged; an invoice issued after today (a monthly one) is pending, no bucket yet.
    if invoice.payment_status == "void":
        status, category, days = "void", None, 0
    elif balance == 0:
        status, category, days = "paid", None, 0
    elif aged is not None:
        status = aged["payment_status"] if aged["payment_status"] != "paid" else "pending"
        category, days = aged["aging_category"], aged["days_overdue"]
    else:
        status, category, days = "pending", None, 0
    return InvoiceDetail(
        invoice_id=invoice.id, invoice_number=invoice.invoice_number, ticket_id=invoice.ticket_id,
        ticket_number=ticket_number, customer_id=invoice.customer_id,
        customer_name=customer.customer_name if customer else None, issue_date=invoice.issue_date,
        due_date=invoice.due_date, payment_terms=invoice.payment_terms, amount=invoice.amount, balance=balance,
        payment_status=status, status=status_badge(status), aging_category=category, days_overdue=days,
        bill_to=BillTo(customer_name=customer.customer_name if customer else None,
                       account_number=customer.account_number if customer else None,
                       address=customer.address if customer else None, email=customer.email if customer else None,
                       phone=customer.phone if customer else None),
        billing_period=invoice.billing_period,
        line_items=[InvoiceLineRead(description=line.description, quantity=line.quantity, unit_price=line.unit_price,
                                    total=line.total, ticket_number=number) for line, number in lines],
        payments=[payment_read(p) for p in payments],
    )


def idempotency_key(header: str | None) -> uuid.UUID | None:
    if header is None or not header.strip():
        return None
    try:
        return uuid.UUID(header.strip())
    except ValueError:
        raise Invalid("Idempotency-Key must be a UUID") from None


async def earlier_payment(db: AsyncSession, model: type, company_id: uuid.UUID, key: uuid.UUID | None,
                          document: tuple[str, uuid.UUID], body: PaymentCreate):
    """The payment (a Payment or a BillPayment row) first recorded with this Idempotency-Key, to be
    answered again; None for a new key or none. 409 when the key was used for another payment
    (another document, amount or method). `document`: the column naming the paid document and its id."""
    if key is None:
        return None
    earlier = await db.scalar(select(model).where(model.company_id == company_id, model.idempotency_key == key))
    column, document_id = document
    if earlier is not None and (getattr(earlier, column) != document_id or earlier.amount != body.amount
                                or earlier.method != body.method):
        raise Conflict("This Idempotency-Key was already used for another payment")
    return earlier


async def record_payment(db: AsyncSession, company: Company, user_id: uuid.UUID, invoice_id: uuid.UUID,
                         body: PaymentCreate, key: uuid.UUID | None) -> tuple[Payment, bool]:
    """Record one payment; (payment, created). A known Idempotency-Key answers its first payment.

    The invoice row is locked first, so two payments for the same invoice run one after the
    other: the second sees the first's row and the balance it left.
    """
    invoice = await _invoice(db, company.id, invoice_id, for_update=True)
    earlier = await earlier_payment(db, Payment, company.id, key, ("invoice_id", invoice.id), body)
    if earlier is not None:
        return earlier, False
    if invoice.payment_status == "void":
        raise Conflict("Cannot record a payment on a void invoice")
    balance = invoice.amount - await paid_so_far(db, invoice.id)
    if balance <= 0:
        raise Conflict("This invoice is already paid")
    if body.amount > balance:
        raise Invalid(f"Payment amount cannot exceed the balance (${balance:,.2f})")
    now = datetime.now(tz=UTC)
    payment = Payment(company_id=company.id, invoice_id=invoice.id, amount=body.amount, method=body.method,
                      reference=body.reference, notes=body.notes, paid_at=now, recorded_by_id=user_id,
                      idempotency_key=key)
    db.add(payment)
    left = (balance - body.amount).quantize(CENT)
    invoice.balance = left
    invoice.payment_status = "paid" if left == 0 else "pending"
    invoice.paid_at = now if left == 0 else None
    invoice.updated_at = now
    try:
        await db.flush()
    except IntegrityError as exc:  # pragma: no cover - the lock above makes this a last guard
        raise Conflict("The payment could not be recorded; please try again") from exc
    return payment, True


# ---- billing a completed inbound load ----------------------------------------------------------
def _month_end(day: date) -> date:
    return day.replace(day=calendar.monthrange(day.year, day.month)[1])


async def advisory_lock(db: AsyncSession, name: str) -> None:
    await db.execute(text("select pg_advisory_xact_lock(hashtextextended(:name, 0))"), {"name": name})


async def next_invoice_number(db: AsyncSession, company_id: uuid.UUID, issue_date: date) -> str:
    """INV-YYYY-NNNNN, gap-free per company and year (the lock queues concurrent billers)."""
    prefix = f"INV-{issue_date:%Y}-"
    await advisory_lock(db, f"invoice-number:{company_id}:{issue_date:%Y}")
    last = await db.scalar(
        select(func.max(cast(func.substr(Invoice.invoice_number, len(prefix) + 1), Integer)))
        .where(Invoice.company_id == company_id, Invoice.invoice_number.like(prefix + "%"))
    )
    return f"{prefix}{(last or 0) + 1:05d}"


async def _ticket_lines(db: AsyncSession, ticket: Ticket) -> list[tuple[str, Decimal, Decimal, Decimal]]:
    """(description, quantity, unit price, total) of each product line of the load."""
    items = (await db.scalars(
        select(TicketLineItem).where(TicketLineItem.ticket_id == ticket.id).order_by(TicketLineItem.position)
    )).all()
    if items:
        return [(f"{i.waste_type_name} ({i.unit})", i.quantity, i.unit_price if i.unit_price is not None
                 else (i.amount / i.quantity if i.quantity else Decimal(0)), i.amount) for i in items]
    net = ticket.net_weight or Decimal(0)
    price = (ticket.total_amount / net) if net else Decimal(0)
    return [(f"{ticket.waste_type_name or 'Material'} ({ticket.unit_of_measure})", net, price, ticket.total_amount)]


async def bill_inbound_ticket(db: AsyncSession, ticket: Ticket) -> Invoice | None:
    """The invoice for a completed inbound load charged to the payee's account (payment method
    'invoice'); None when nothing is owed (paid at the scale, not completed, nothing charged).

    Per-load customers get an invoice of their own (issued on the load's local day); monthly
    customers get the load added to the month's consolidated invoice, issued on the month's last
    day. Due date = issue date + the customer's terms. Billing the same load twice returns the
    first invoice.
    """
    if not ticket.is_inbound or ticket.status != "completed" or ticket.payment_method != "invoice":
        return None
    if ticket.customer1_id is None:
        raise Invalid("customer1_id: an invoiced load needs a payee")
    billed = await db.scalar(select(Invoice).join(InvoiceLine, InvoiceLine.invoice_id == Invoice.id)
                             .where(InvoiceLine.ticket_id == ticket.id))
    if billed is not None:
        return billed
    lines = await _ticket_lines(db, ticket)
    total = sum((line[3] for line in lines), Decimal(0)).quantize(CENT)
    if total <= 0:
        return None
    company = await db.get(Company, ticket.company_id)
    customer = await db.get(Customer, ticket.customer1_id)
    if customer is None:
        raise Invalid("customer1_id: payee not found")
    day = local_day(ticket.ticket_at, company.timezone)
    terms_days = DEFAULT_TERMS_DAYS if customer.payment_terms_days is None else customer.payment_terms_days
    invoice: Invoice | None = None
    if customer.billing_cycle == "monthly":
        period = day.replace(day=1)
        await advisory_lock(db, f"monthly-invoice:{customer.id}:{period}")
        invoice = await db.scalar(select(Invoice).where(
            Invoice.customer_id == customer.id, Invoice.billing_period == period,
            Invoice.payment_status != "void").with_for_update())
        issue = _month_end(day)
    else:
        period, issue = None, day
    if invoice is None:
        invoice = Invoice(
            company_id=ticket.company_id, invoice_number=await next_invoice_number(db, ticket.company_id, issue),
            customer_id=customer.id, ticket_id=None if period else ticket.id, issue_date=issue,
            due_date=issue + timedelta(days=terms_days), payment_terms=terms_label(terms_days),
            amount=Decimal("0.00"), balance=Decimal("0.00"), payment_status="pending", billing_period=period,
        )
        db.add(invoice)
        await db.flush()
    position = (await db.scalar(select(func.coalesce(func.max(InvoiceLine.position), 0))
                                .where(InvoiceLine.invoice_id == invoice.id))) or 0
    for description, quantity, price, amount in lines:
        position += 1
        label = f"{ticket.ticket_number}: {description}" if period else description
        db.add(InvoiceLine(company_id=ticket.company_id, invoice_id=invoice.id, ticket_id=ticket.id, position=position,
                           description=label[:300], quantity=quantity, unit_price=price, total=amount))
    invoice.amount = (invoice.amount + total).quantize(CENT)
    invoice.balance = (invoice.amount - await paid_so_far(db, invoice.id)).quantize(CENT)
    invoice.payment_status = "pending" if invoice.balance > 0 else "paid"
    invoice.paid_at = None if invoice.balance > 0 else invoice.paid_at
    invoice.updated_at = datetime.now(tz=UTC)
    await db.flush()
    return invoice


# ---- printable documents -----------------------------------------------------------------------
async def company_block(company: Company):
    from api.companies.logo import logo_png
    from api.invoices.pdf import CompanyBlock
    from api.reports.pdf import ReportHeader

    street = company.address_street or ""
    city = ", ".join(part for part in (company.address_city, " ".join(
        p for p in (company.address_state, company.address_zip) if p)) if part)
    header = ReportHeader(company_name=company.name, timezone=company_zone_name(company),
                          generated_at=datetime.now(tz=UTC), logo=logo_png(company))
    return CompanyBlock(header=header, address_lines=[street, city, company.phone or "", company.billing_email or ""])


async def invoice_pdf(db: AsyncSession, company: Company, invoice_id: uuid.UUID) -> tuple[str, bytes]:
    from api.invoices.pdf import invoice_pdf as render

    detail = await invoice_detail(db, company, invoice_id)
    block = await company_block(company)
    return f"invoice_{detail.invoice_number}.pdf", render(block, detail)


# The warehouse's order of a day's lines (its activity_id compares byte by byte).
ACTIVITY_ORDER = 'activity_date, kind, recorded_at, activity_id collate "C"'


async def statement_lines(db: AsyncSession, company_id: uuid.UUID, customer_id: uuid.UUID, start: date, end: date):
    """(opening balance, lines with running balance, totals) of one customer from the ledger view
    ledger_receivable_activity: sums and a running sum, no other arithmetic."""
    base = "from ledger_receivable_activity where company_id = :company and customer_id = :customer"
    key = {"company": company_id, "customer": customer_id, "start": start, "end": end}
    opening = Decimal((await db.execute(text(
        f"select coalesce(sum(charge - credit), 0) {base} and activity_date < :start"), key)).scalar_one())
    lines = (await db.execute(text(f"""select activity_date, kind, invoice_number, payment_method as method, reference,
        charge, credit, :opening + sum(charge - credit) over (
            order by {ACTIVITY_ORDER} rows between unbounded preceding and current row) as balance
        {base} and activity_date between :start and :end order by {ACTIVITY_ORDER}"""),
        {**key, "opening": opening})).mappings().all()
    totals = (await db.execute(text(f"""select coalesce(sum(charge), 0) as charges, coalesce(sum(credit), 0) as credits,
        :opening + coalesce(sum(charge - credit), 0) as closing {base} and activity_date between :start and :end"""),
        {**key, "opening": opening})).mappings().one()
    return opening, [dict(r) for r in lines], dict(totals)


async def statement(db: AsyncSession, company: Company, customer_id: uuid.UUID, start: date, end: date) -> Statement:
    """A customer statement: opening balance, the period's invoices and payments with a running
    balance, the invoices open on the last day and their aging (all from the ledger)."""
    if start > end:
        raise Invalid("start_date must be on or before end_date")
    customer = await db.scalar(select(Customer).where(Customer.id == customer_id, Customer.company_id == company.id))
    if customer is None:
        raise NotFound("Customer not found")
    opening, lines, totals = await statement_lines(db, company.id, customer.id, start, end)
    aged = await list_invoices(db, ListFilter(company_id=company.id, as_of=end, party_id=customer.id, limit=1000))
    aging = await aging_report(db, company.id, end, customer.id)
    return Statement(
        customer_id=customer.id, customer_name=customer.customer_name, account_number=customer.account_number,
        start_date=start, end_date=end, opening_balance=opening.quantize(CENT),
        total_charges=Decimal(totals["charges"]).quantize(CENT), total_credits=Decimal(totals["credits"]).quantize(CENT),
        closing_balance=Decimal(totals["closing"]).quantize(CENT),
        lines=[StatementLine(**{**r, "balance": Decimal(r["balance"]).quantize(CENT)}) for r in lines],
        open_invoices=[r for r in aged.invoices if r.balance > 0], aging=aging, last_refreshed_at=None)


async def statement_pdf(db: AsyncSession, company: Company, customer_id: uuid.UUID, start: date,
                        end: date) -> tuple[str, bytes]:
    """The statement of statement() as a PDF, with the company block and the customer's address."""
    from api.invoices.pdf import statement_pdf as render

    data = await statement(db, company, customer_id, start, end)
    customer = await db.get(Customer, customer_id)
    bill_to = [customer.customer_name, f"Account {customer.account_number}" if customer.account_number else "",
               customer.address or "", customer.email or ""]
    block = await company_block(company)
    pdf = render(block, bill_to, data)
    return f"statement_{customer.account_number or str(customer.id)[:8]}_{end.isoformat()}.pdf", pdf


# ---- billing accounts: how each customer is billed ----------------------------------------------
def billing_account(c: Customer) -> BillingAccount:
    return BillingAccount(customer_id=c.id, customer_name=c.customer_name, account_number=c.account_number,
                          email=c.email, active=c.active, billing_cycle=c.billing_cycle,
                          payment_terms_days=c.payment_terms_days, payment_terms=terms_label(c.payment_terms_days))


async def billing_accounts(db: AsyncSession, company_id: uuid.UUID) -> list[BillingAccount]:
    """The company's payees (customers who are not disposal partners), by name."""
    rows = (await db.scalars(select(Customer).where(Customer.company_id == company_id,
                                                    Customer.is_disposal_partner.is_(False))
                             .order_by(Customer.customer_name))).all()
    return [billing_account(c) for c in rows]


async def update_billing_account(db: AsyncSession, company_id: uuid.UUID, customer_id: uuid.UUID,
                                 body: BillingAccountUpdate) -> BillingAccount:
    """Set the cycle and/or the terms; they apply to loads billed from now on (an issued
    invoice keeps its terms and due date)."""
    customer = await db.scalar(select(Customer).where(Customer.id == customer_id, Customer.company_id == company_id,
                                                      Customer.is_disposal_partner.is_(False)).with_for_update())
    if customer is None:
        raise NotFound("Customer not found")
    given = body.model_dump(exclude_unset=True)
    if given.get("billing_cycle") is None and "billing_cycle" in given:
        raise Invalid("billing_cycle: choose per_load or monthly")
    for key, value in given.items():
        setattr(customer, key, value)
    customer.updated_at = datetime.now(tz=UTC)
    await db.flush()
    return billing_account(customer)
