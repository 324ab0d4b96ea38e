"""Receivables test data written as the app writes it: customers, inbound loads billed through
api.invoices.service.bill_inbound_ticket, and hand-made invoices at every aging edge."""
from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from sqlalchemy import update

from api.core.db import sessionmaker, set_system_scope, set_tenant
from api.invoices.service import bill_inbound_ticket
from api.tables.invoices import Invoice, InvoiceLine
from api.tables.parties import Customer
from api.tables.settings import CompanySettings
from api.tables.tickets import Ticket, TicketLineItem

ZONE = ZoneInfo("America/Los_Angeles")  # the Company model's default time zone
# Days past due on the as-of day -> the bucket it must land in (spec 3 s9, DOMAIN.md).
EDGES = {0: "CURRENT", 1: "1-30", 30: "1-30", 31: "31-60", 60: "31-60", 61: "61-90", 90: "61-90", 91: "90+"}


def today() -> date:
    return datetime.now(ZONE).date()


async def enable_inbound(company_id: uuid.UUID, enabled: bool = True) -> None:
    async with sessionmaker()() as db, db.begin():
        await set_system_scope(db)
        await db.execute(update(CompanySettings).where(CompanySettings.company_id == company_id)
                         .values(inbound_module_enabled=enabled))


async def customer(company_id: uuid.UUID, name: str, *, terms: int | None = 30, cycle: str = "per_load") -> Customer:
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, company_id)
        row = Customer(customer_name=name, account_number=f"C-{uuid.uuid4().hex[:6]}", email="ap@example.com",
                       address="1 Market St, San Francisco, CA", payment_terms_days=terms, billing_cycle=cycle,
                       custom_pricing_per_unit=Decimal("0.05"))
        db.add(row)
        await db.flush()
    return row


async def load(tenant, payee: Customer, lines: list[tuple[str, str, str]], *, at: datetime,
               payment_method: str = "invoice") -> tuple[Ticket, Invoice | None]:
    """A completed inbound load (lines: waste type, quantity lb, price per lb), then billed."""
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, tenant.company_id)
        amounts = [(Decimal(q) * Decimal(p)).quantize(Decimal("0.01")) for _, q, p in lines]
        net = sum((Decimal(q) for _, q, _ in lines), Decimal(0))
        ticket = Ticket(ticket_number=f"T-I-{at:%Y%m%d}-{uuid.uuid4().int % 10000:04d}", store_id=tenant.stores[0].id,
                        is_inbound=True, status="completed", ticket_at=at, waste_type_name=lines[0][0],
                        gross_weight=net + Decimal("11000.0"), tare_weight=Decimal("11000.0"), net_weight=net,
                        total_amount=sum(amounts, Decimal(0)), customer1_id=payee.id, payment_method=payment_method,
                        is_multi_product=len(lines) > 1)
        db.add(ticket)
        await db.flush()
        for position, ((kind, quantity, price), amount) in enumerate(zip(lines, amounts), start=1):
            db.add(TicketLineItem(ticket_id=ticket.id, position=position, waste_type_name=kind,
                                  quantity=Decimal(quantity), unit="lbs", unit_price=Decimal(price), amount=amount))
        await db.flush()
        invoice = await bill_inbound_ticket(db, ticket)
    return ticket, invoice


async def edge_invoices(tenant, payee: Customer, as_of: date) -> dict[int, Invoice]:
    """One unpaid invoice per edge: due `days` before as_of, amounts 100 + days (all different)."""
    made = {}
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, tenant.company_id)
        for days in EDGES:
            due = as_of - timedelta(days=days)
            amount = Decimal(100 + days).quantize(Decimal("0.01")) + Decimal("0.37")
            invoice = Invoice(invoice_number=f"EDGE-{days:03d}", customer_id=payee.id, issue_date=due - timedelta(days=30),
                              due_date=due, payment_terms="Net 30", amount=amount, balance=amount,
                              payment_status="pending")
            db.add(invoice)
            await db.flush()
            db.add(InvoiceLine(invoice_id=invoice.id, position=1, description="Food Scraps (lbs)",
                               quantity=Decimal("1000.00"), unit_price=amount / 1000, total=amount))
            made[days] = invoice
    return made


def local(day: date, hour: int) -> datetime:
    return datetime.combine(day, time(hour), tzinfo=ZONE).astimezone(UTC)
