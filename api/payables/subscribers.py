"""What payables do when a ticket announces something (wired in api.wiring).

A completed truck-scale load gets its bill of lading and the partner's payable when the
settings say so; a voided one voids its bill (refused with 409 when the bill has payments).
"""
from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from api.payables.service import outbound_completed, void_outbound_ticket
from api.tickets.events import TicketCompleted, TicketVoided


async def on_ticket_completed(db: AsyncSession, event: TicketCompleted) -> None:
    await outbound_completed(db, event.ticket)  # nothing for any other ticket


async def on_ticket_voided(db: AsyncSession, event: TicketVoided) -> None:
    if event.ticket.is_inbound:
        return
    bill, bol_number = await void_outbound_ticket(db, event.ticket, event.at) if event.was_completed else (None, None)
    event.record["bill_number"] = bill.bill_number if bill else None
    event.record["bol_number"] = bol_number
