"""Inbound list exports (issue 32): Inbound Tickets and Customers as CSV or Excel, every row of the
list's filters (not one page), through the shared writer (api.reports.spreadsheet)."""
from __future__ import annotations

import uuid
from datetime import date
from zoneinfo import ZoneInfo

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.inbound import customers
from api.inbound.tickets import _conds, inbound_reads
from api.kit.calendar import company_zone_name
from api.kit.errors import Invalid, NotFound
from api.reports.spreadsheet import EXPORT_ROW_CAP, Column
from api.tables.tickets import Ticket
from api.tickets.public import Caller

TICKET_COLUMNS = [
    Column("Date", "datetime"), Column("Ticket #", width=22), Column("Customer", width=26),
    Column("Hauler", width=22), Column("License Plate", width=14), Column("Location", width=20),
    Column("Products", width=30), Column("Net Weight", "weight"), Column("Unit", width=8),
    Column("Total (USD)", "money"), Column("Payment Method", width=15), Column("Status", width=10),
    Column("Employee", width=22),
]
CUSTOMER_COLUMNS = [
    Column("Account #", width=12), Column("Name", width=28), Column("Type", width=8), Column("Phone", width=16),
    Column("Email", width=28), Column("Address", width=36), Column("Price per Unit (USD)", "money", 20),
    Column("Unit", width=8), Column("Active", width=8), Column("Created", "date"),
]


async def ticket_rows(db: AsyncSession, caller: Caller, start: date | None, end: date | None,
                      customer_id: uuid.UUID | None, status: str) -> tuple[list[list], ZoneInfo]:
    """The Inbound Tickets list's rows (same filters and order), times in the company's zone."""
    listed = _conds(caller, start, end, customer_id) + ([Ticket.status == status] if status != "all" else [])
    total = await db.scalar(select(func.count()).select_from(Ticket).where(*listed)) or 0
    if not total:
        raise NotFound("No data to export")
    if total > EXPORT_ROW_CAP:
        raise Invalid(f"More than {EXPORT_ROW_CAP:,} tickets match: choose a shorter date range "
                      "(start_date, end_date) and export it in parts")
    found = (await db.execute(select(Ticket).where(*listed)
                              .order_by(Ticket.ticket_at.desc(), Ticket.ticket_number.desc()))).scalars().all()
    rows = [[t.ticket_at, t.ticket_number, t.customer1.customer_name if t.customer1 else None,
             t.customer2.customer_name if t.customer2 else None, t.license_plate, t.store_name,
             ", ".join(line.waste_type for line in t.line_items) or t.waste_type, t.net_weight, t.unit_of_measure,
             t.total_amount, t.payment_method, t.status, t.employee_name]
            for t in await inbound_reads(db, list(found))]
    return rows, ZoneInfo(company_zone_name(caller.company))


async def customer_rows(db: AsyncSession, search: str | None, customer_type: str) -> list[list]:
    """The Customers list's rows (same search and type, by name)."""
    found = await customers.list_customers(db, search, customer_type)
    if not found:
        raise NotFound("No data to export")
    return [[c.account_number, c.customer_name, "Hauler" if c.is_hauler else "Payee", c.phone, c.email, c.address,
             c.custom_pricing_per_unit, c.default_unit_of_measure, "Yes" if c.active else "No", c.created_at]
            for c in found]
