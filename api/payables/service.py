"""Payables: disposal partners, a bill per completed type-2 truck-scale outbound load (when the
company's settings say so), payments against bills, A/P aging from the ledger.

Same ledger rules as receivables (api/invoices/service.py): payments are rows, the balance is
the amount less their sum under the bill's row lock; the list and the aging read the Postgres
function ledger_bill_aging, so a payment shows at once (the mart bill_aging keeps it for analytics).
"""
from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from sqlalchemy import Integer, cast, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.concurrency import run_in_threadpool

from api.invoices import service as receivables
from api.invoices.schemas import AgingBucket, PaymentCreate
from api.kit.calendar import local_day
from api.kit.errors import Conflict, Invalid, NotFound
from api.kit.money import CENT
from api.kit.units import LB_PER_TON
from api.parties import service as party
from api.payables.bol import bol_pdf
from api.payables.schemas import (
    BillDetail,
    BillList,
    BillPaymentRead,
    BillRow,
    DisposalPartnerCreate,
    DisposalPartnerRead,
    DisposalPartnerUpdate,
    PayablesAging,
)
from api.reports.spreadsheet import Column
from api.settings.service import get_settings_row
from api.tables.companies import Company
from api.tables.parties import Customer
from api.tables.payables import Bill, BillOfLading, BillPayment
from api.tables.stores import Store
from api.tables.tickets import TYPE_2, Ticket


# ---- disposal partners -------------------------------------------------------------------------
def partner_read(c: Customer) -> DisposalPartnerRead:
    materials = [m.strip() for m in (c.accepted_materials or "").split(",") if m.strip()]
    return DisposalPartnerRead(
        id=c.id, name=c.customer_name, contact_name=c.contact_name, phone=c.phone, email=c.email, address=c.address,
        facility_type=c.facility_type, accepted_materials=materials, price_basis=c.price_basis,
        price=c.partner_price, permit_number=c.permit_number, payment_terms_days=c.payment_terms_days,
        notes=c.notes, active=c.active)


async def list_partners(db: AsyncSession, company_id: uuid.UUID, *, search: str | None = None,
                        limit: int | None = None, offset: int = 0) -> tuple[list[DisposalPartnerRead], int]:
    """(partners by name, `limit` from `offset` or all; how many match the search)."""
    where = [Customer.company_id == company_id, Customer.is_disposal_partner.is_(True)]
    if search and search.strip():
        pattern = "%" + search.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        where.append(or_(*(column.ilike(pattern, escape="\\") for column in (
            Customer.customer_name, Customer.contact_name, Customer.phone, Customer.email, Customer.permit_number))))
    stmt = select(Customer).where(*where).order_by(func.lower(Customer.customer_name), Customer.id).offset(offset)
    rows = (await db.scalars(stmt if limit is None else stmt.limit(limit))).all()
    total = len(rows) if limit is None and offset == 0 else int(
        await db.scalar(select(func.count()).select_from(Customer).where(*where)) or 0)
    return [partner_read(c) for c in rows], total


def _apply(partner: Customer, values: dict) -> None:
    if "price_basis" in values or "price" in values:
        basis = values.get("price_basis", partner.price_basis)
        price = values.get("price", partner.partner_price)
        if (basis is None) != (price is None):
            raise Invalid("price_basis and price go together: per_ton or per_load with a price")
    mapping = {"name": "customer_name", "price": "partner_price"}
    for key, value in values.items():
        if key == "accepted_materials":
            value = ", ".join(m.strip() for m in value) if value is not None else None
        setattr(partner, mapping.get(key, key), value)


async def create_partner(db: AsyncSession, company_id: uuid.UUID, body: DisposalPartnerCreate) -> DisposalPartnerRead:
    partner = Customer(company_id=company_id, customer_name=body.name, is_disposal_partner=True, is_hauler=False,
                       active=body.active)
    _apply(partner, body.model_dump(exclude={"name", "active"}, exclude_unset=False))
    db.add(partner)
    await db.flush()
    return partner_read(partner)


async def update_partner(db: AsyncSession, company_id: uuid.UUID, partner_id: uuid.UUID,
                         body: DisposalPartnerUpdate) -> DisposalPartnerRead:
    partner = await db.scalar(select(Customer).where(Customer.id == partner_id, Customer.company_id == company_id,
                                                     Customer.is_disposal_partner.is_(True)).with_for_update())
    if partner is None:
        raise NotFound("Disposal partner not found")
    _apply(partner, body.model_dump(exclude_unset=True))
    partner.updated_at = datetime.now(tz=UTC)
    await db.flush()
    return partner_read(partner)


# ---- a completed type-2 load: bill of lading and payable ---------------------------------------
def is_type_2_completed(ticket: Ticket) -> bool:
    return not ticket.is_inbound and ticket.status == "completed" and ticket.outbound_ticket_type == TYPE_2


async def outbound_completed(db: AsyncSession, ticket: Ticket) -> None:
    """What a completed type-2 truck-scale load sets off, each when its setting is on: the bill of
    lading (outbound_type2_auto_generate_bol) and the partner's payable
    (outbound_type2_auto_create_payable). Other tickets: nothing."""
    if not is_type_2_completed(ticket):
        return
    settings = await get_settings_row(db, ticket.company_id)
    if settings.outbound_type2_auto_generate_bol:
        await issue_bill_of_lading(db, ticket)
    if settings.outbound_type2_auto_create_payable:
        await bill_outbound_ticket(db, ticket)


async def issue_bill_of_lading(db: AsyncSession, ticket: Ticket) -> BillOfLading:
    """Render and store the load's bill of lading (once per ticket: the stored one is returned)."""
    existing = await db.scalar(select(BillOfLading).where(BillOfLading.ticket_id == ticket.id))
    if existing is not None:
        return existing
    company = await db.get(Company, ticket.company_id)
    store = await db.get(Store, ticket.store_id) if ticket.store_id else None
    partner = await party.customer(db, ticket.disposal_partner_id)
    info = {"name": partner.customer_name, "address": partner.address, "permit": partner.permit_number} \
        if partner else None
    block = await receivables.company_block(company)
    pdf = await run_in_threadpool(bol_pdf, block, ticket, store.name if store else None, info)
    bol = BillOfLading(company_id=ticket.company_id, ticket_id=ticket.id, bol_number=f"BOL-{ticket.ticket_number}",
                       pdf=pdf)
    db.add(bol)
    await db.flush()
    return bol


async def ticket_bill_of_lading(db: AsyncSession, company_id: uuid.UUID, ticket_id: uuid.UUID,
                                scope: uuid.UUID | None, made_by: uuid.UUID | None = None) -> tuple[Ticket, BillOfLading]:
    """The caller's ticket (their company; their location when they are assigned one; an
    employee's own, `made_by`) and its bill of lading; 404 for a ticket they cannot see."""
    stmt = select(Ticket).where(Ticket.id == ticket_id, Ticket.company_id == company_id)
    if scope is not None:
        stmt = stmt.where(Ticket.store_id == scope)
    if made_by is not None:
        stmt = stmt.where(Ticket.created_by_id == made_by)
    ticket = await db.scalar(stmt)
    if ticket is None:
        raise NotFound("Ticket not found")
    return ticket, await bill_of_lading(db, company_id, ticket)


async def bill_of_lading(db: AsyncSession, company_id: uuid.UUID, ticket: Ticket) -> BillOfLading:
    """The stored bill of lading of a completed type-2 load. With the setting on, a load completed
    before it was (or before bills of lading were stored) gets its document now; with it off,
    none is issued and the answer is 404 naming the setting."""
    stored = await db.scalar(select(BillOfLading).where(BillOfLading.ticket_id == ticket.id,
                                                        BillOfLading.company_id == company_id))
    if ticket.status == "void" and ticket.outbound_ticket_type == TYPE_2:
        raise NotFound(f"Ticket {ticket.ticket_number} was voided: "
                       + (f"its bill of lading {stored.bol_number} is void" if stored else "it has no bill of lading"))
    if not is_type_2_completed(ticket):
        raise NotFound("Only completed truck-scale outbound tickets have a bill of lading")
    if stored is not None:
        return stored
    if not (await get_settings_row(db, company_id)).outbound_type2_auto_generate_bol:
        raise NotFound("No bill of lading was issued for this ticket: automatic bills of lading are off "
                       "(Admin Settings, outbound_type2_auto_generate_bol)")
    return await issue_bill_of_lading(db, ticket)


# ---- bills from outbound loads -----------------------------------------------------------------
async def next_bill_number(db: AsyncSession, company_id: uuid.UUID, issue_date: date) -> str:
    prefix = f"BILL-{issue_date:%Y}-"
    await receivables.advisory_lock(db, f"bill-number:{company_id}:{issue_date:%Y}")
    last = await db.scalar(select(func.max(cast(func.substr(Bill.bill_number, len(prefix) + 1), Integer)))
                           .where(Bill.company_id == company_id, Bill.bill_number.like(prefix + "%")))
    return f"{prefix}{(last or 0) + 1:05d}"


async def bill_outbound_ticket(db: AsyncSession, ticket: Ticket) -> Bill | None:
    """The payable for a completed type-2 truck-scale outbound load to a priced disposal partner,
    when the company's setting outbound_type2_auto_create_payable is on; None otherwise. At the
    partner's price: per ton of net weight (lb / 2000) or per load. Idempotent per ticket."""
    if not is_type_2_completed(ticket) or ticket.disposal_partner_id is None:
        return None
    settings = await get_settings_row(db, ticket.company_id)
    if not settings.outbound_type2_auto_create_payable:
        return None
    existing = await db.scalar(select(Bill).where(Bill.ticket_id == ticket.id))
    if existing is not None:
        return existing
    partner = await party.customer(db, ticket.disposal_partner_id)
    if partner is None or partner.price_basis is None or partner.partner_price is None:
        return None
    if partner.price_basis == "per_ton":
        quantity, unit = (ticket.net_weight / LB_PER_TON).quantize(Decimal("0.001")), "ton"
    else:
        quantity, unit = Decimal(1), "load"
    amount = (quantity * partner.partner_price).quantize(CENT)
    if amount <= 0:
        return None
    company = await db.get(Company, ticket.company_id)
    day = local_day(ticket.ticket_at, company.timezone)
    terms = 30 if partner.payment_terms_days is None else partner.payment_terms_days
    bill = Bill(company_id=ticket.company_id, bill_number=await next_bill_number(db, ticket.company_id, day),
                partner_id=partner.id, ticket_id=ticket.id, issue_date=day, due_date=day + timedelta(days=terms),
                payment_terms=receivables.terms_label(terms),
                description=f"{ticket.waste_type_name or 'Material'} hauled, ticket {ticket.ticket_number}"[:300],
                quantity=quantity, unit=unit, unit_price=partner.partner_price, amount=amount, balance=amount,
                status="open")
    db.add(bill)
    await db.flush()
    return bill


async def void_outbound_ticket(db: AsyncSession, ticket: Ticket, now: datetime) -> tuple[Bill | None, str | None]:
    """Take a voided type-2 load off the books: (its bill, its bill of lading's number), either None.

    Decision (as for a voided inbound load's invoice, api/invoices/unbill.py): an unpaid bill is
    voided (status void, balance 0, the amount kept as the record), so it leaves the A/P list and
    the A/P aging; a bill with any payment refuses the void with 409, as money already paid
    to a partner needs a refund or a vendor credit, which Flow does not issue. The stored bill of
    lading is kept as issued (a shipping document is a record) and is void with its ticket: the
    download answers 404 naming the void.
    """
    bill = await db.scalar(select(Bill).where(Bill.ticket_id == ticket.id, Bill.company_id == ticket.company_id)
                           .with_for_update())
    if bill is not None and bill.status != "void":
        paid = Decimal(await db.scalar(select(func.coalesce(func.sum(BillPayment.amount), 0))
                                       .where(BillPayment.bill_id == bill.id))).quantize(CENT)
        if paid > 0:
            raise Conflict(f"Ticket {ticket.ticket_number} is billed on {bill.bill_number}, which has ${paid:,.2f} in "
                           f"payments recorded to {await _partner_name(db, bill)}; a paid load cannot be voided "
                           f"(Flow issues no vendor credits)")
        bill.status = "void"
        bill.balance = Decimal("0.00")
        bill.updated_at = now
    bol = await db.scalar(select(BillOfLading.bol_number).where(BillOfLading.ticket_id == ticket.id))
    await db.flush()
    return bill, bol


async def _partner_name(db: AsyncSession, bill: Bill) -> str:
    partner = await party.customer(db, bill.partner_id)
    return partner.customer_name if partner else "the partner"


# ---- ledger ------------------------------------------------------------------------------------
async def _bill(db: AsyncSession, company_id: uuid.UUID, bill_id: uuid.UUID, *, for_update: bool = False) -> Bill:
    stmt = select(Bill).where(Bill.id == bill_id, Bill.company_id == company_id)
    bill = await db.scalar(stmt.with_for_update() if for_update else stmt)
    if bill is None:
        raise NotFound("Bill not found")
    return bill


def payment_read(p: BillPayment) -> BillPaymentRead:
    return BillPaymentRead(payment_id=p.id, bill_id=p.bill_id, amount=p.amount, method=p.method,
                           reference=p.reference, notes=p.notes, paid_at=p.paid_at)


async def bill_detail(db: AsyncSession, company_id: uuid.UUID, bill_id: uuid.UUID) -> BillDetail:
    bill = await _bill(db, company_id, bill_id)
    payments = (await db.scalars(select(BillPayment).where(BillPayment.bill_id == bill.id)
                                 .order_by(BillPayment.paid_at))).all()
    partner = await party.customer(db, bill.partner_id)
    number = await db.scalar(select(Ticket.ticket_number).where(Ticket.id == bill.ticket_id)) if bill.ticket_id else None
    balance = (bill.amount - sum((p.amount for p in payments), Decimal(0))).quantize(CENT)
    return BillDetail(bill_id=bill.id, bill_number=bill.bill_number, partner_id=bill.partner_id,
                      partner_name=partner.customer_name if partner else None, ticket_id=bill.ticket_id,
                      ticket_number=number, issue_date=bill.issue_date, due_date=bill.due_date,
                      payment_terms=bill.payment_terms, description=bill.description, quantity=bill.quantity,
                      unit=bill.unit, unit_price=bill.unit_price, amount=bill.amount, balance=balance,
                      status="void" if bill.status == "void" else "paid" if balance == 0 else "open",
                      payments=[payment_read(p) for p in payments])


async def record_payment(db: AsyncSession, company_id: uuid.UUID, user_id: uuid.UUID, bill_id: uuid.UUID,
                         body: PaymentCreate, key: uuid.UUID | None) -> tuple[BillPayment, bool]:
    bill = await _bill(db, company_id, bill_id, for_update=True)
    earlier = await receivables.earlier_payment(db, BillPayment, company_id, key, ("bill_id", bill.id), body)
    if earlier is not None:
        return earlier, False
    if bill.status == "void":
        raise Conflict("Cannot record a payment on a void bill")
    paid = await db.scalar(select(func.coalesce(func.sum(BillPayment.amount), 0)).where(BillPayment.bill_id == bill.id))
    balance = bill.amount - Decimal(paid)
    if balance <= 0:
        raise Conflict("This bill is already paid")
    if body.amount > balance:
        raise Invalid(f"Payment amount cannot exceed the balance (${balance:,.2f})")
    now = datetime.now(tz=UTC)
    payment = BillPayment(company_id=company_id, bill_id=bill.id, amount=body.amount, method=body.method,
                          reference=body.reference, notes=body.notes, paid_at=now, recorded_by_id=user_id,
                          idempotency_key=key)
    db.add(payment)
    bill.balance = (balance - body.amount).quantize(CENT)
    bill.status = "paid" if bill.balance == 0 else "open"
    bill.updated_at = now
    await db.flush()
    return payment, True


# ---- ledger reads: the Postgres function ledger_bill_aging (migration 0010) ----------------------
BILL_COLUMNS = """bill_id, bill_number, partner_id, partner_name, ticket_id, ticket_number, issue_date, due_date,
    payment_terms, description, amount, balance, payment_status, aging_category, days_overdue"""


async def list_bills(db: AsyncSession, f: receivables.ListFilter) -> BillList:
    found, total = await receivables.read_page(db, f, "ledger_bill_aging", BILL_COLUMNS, "partner_id",
                                               "issue_date desc, bill_number desc")
    return BillList(bills=[BillRow(**r, status=r["payment_status"].upper()) for r in found],
                    total=total, as_of=f.as_of, last_refreshed_at=None)


BILL_EXPORT_COLUMNS = [
    Column("Bill #", width=20), Column("Disposal Partner", width=28), Column("Issue Date", "date"),
    Column("Due Date", "date"), Column("Description", width=30), Column("Amount (USD)", "money"),
    Column("Balance (USD)", "money"), Column("Status", width=10), Column("Aging", width=9),
    Column("Days Overdue", "int", 13), Column("Ticket #", width=22),
]


async def bill_export_rows(db: AsyncSession, f: receivables.ListFilter) -> list[list]:
    rows = await receivables.read_all(db, f, "ledger_bill_aging", BILL_COLUMNS, "partner_id",
                                      "issue_date desc, bill_number desc", noun="bills")
    return [[r["bill_number"], r["partner_name"], r["issue_date"], r["due_date"], r["description"], r["amount"],
             r["balance"], r["payment_status"].upper(), r["aging_category"], r["days_overdue"], r["ticket_number"]]
            for r in rows]


async def payables_aging(db: AsyncSession, company_id: uuid.UUID, as_of: date,
                         partner_id: uuid.UUID | None = None) -> PayablesAging:
    buckets, overall = await receivables.aging_buckets(db, company_id, as_of, partner_id,
                                                       function="ledger_bill_aging", party_column="partner_id")
    return PayablesAging(as_of=as_of, total_accounts_payable=Decimal(overall["total"]).quantize(CENT),
                         aging_buckets={k: AgingBucket(total=t.quantize(CENT), count=n) for k, (t, n) in buckets.items()},
                         last_refreshed_at=None)
