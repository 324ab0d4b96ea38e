"""What receivables do when a ticket announces something (wired in api.wiring).

A completed inbound load charged to the payee's account becomes a receivable; a voided one
leaves its invoice (refused with 409 when that invoice has payments).
"""
from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from api.invoices.service import bill_inbound_ticket
from api.invoices.unbill import unbill_inbound_ticket
from api.tickets.events import TicketCompleted, TicketVoided


async def on_ticket_completed(db: AsyncSession, event: TicketCompleted) -> None:
    if event.ticket.is_inbound:
        await db.flush()  # the invoice reads the ticket's lines
        await bill_inbound_ticket(db, event.ticket)


async def on_ticket_voided(db: AsyncSession, event: TicketVoided) -> None:
    if event.ticket.is_inbound:
        invoice = await unbill_inbound_ticket(db, event.ticket, event.at) if event.was_completed else None
        event.record["invoice_number"] = invoice.invoice_number if invoice else None
