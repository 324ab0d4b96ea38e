"""Taking a voided inbound load off its invoice (the other side of service.bill_inbound_ticket).

Decision (the spec names no credit note): a load may leave its invoice only while that invoice
has no payment recorded. A per-load invoice then becomes void (amount kept as the record, balance
0); a monthly consolidated invoice loses the load's lines, and its amount and balance drop by their
total (it becomes void when nothing is left on it). An invoice with payments refuses the void with
409: taking money off an invoice that was paid needs a credit note, which Flow does not issue.
"""
from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.invoices.service import paid_so_far
from api.kit.errors import Conflict
from api.kit.money import CENT
from api.tables.invoices import Invoice, InvoiceLine
from api.tables.tickets import Ticket


async def unbill_inbound_ticket(db: AsyncSession, ticket: Ticket, now: datetime) -> Invoice | None:
    """The invoice the load was on (None when it was never billed), after taking the load off it."""
    invoice = await db.scalar(select(Invoice).join(InvoiceLine, InvoiceLine.invoice_id == Invoice.id)
                              .where(InvoiceLine.ticket_id == ticket.id).limit(1).with_for_update(of=Invoice))
    if invoice is None or invoice.payment_status == "void":
        return invoice
    paid = await paid_so_far(db, invoice.id)
    if paid > 0:
        raise Conflict(f"Ticket {ticket.ticket_number} is billed on invoice {invoice.invoice_number}, which has "
                       f"${paid} in payments recorded; a paid load cannot be voided (Flow issues no credit notes)")
    lines = (await db.execute(select(InvoiceLine).where(InvoiceLine.invoice_id == invoice.id))).scalars().all()
    mine = [line for line in lines if line.ticket_id == ticket.id]
    if len(mine) == len(lines):
        invoice.payment_status = "void"
        invoice.balance = Decimal("0.00")
    else:
        removed = sum((line.total for line in mine), Decimal(0))
        for line in mine:
            await db.delete(line)
        invoice.amount = (invoice.amount - removed).quantize(CENT)
        invoice.balance = invoice.amount
    invoice.updated_at = now
    await db.flush()
    return invoice
