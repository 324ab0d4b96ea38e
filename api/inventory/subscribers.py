"""What inventory does when a ticket announces something (wired in api.wiring).

A completed inbound load brings its lines in; a completed outbound load draws its waste type
down. A void takes either back (an inbound one is refused with 409 when part of the load has
already left in an outbound load).
"""
from __future__ import annotations

from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from api.inventory.service import draw_down_for_disposal, receive_inbound, reverse_disposal, reverse_inbound
from api.tickets.events import TicketCompleted, TicketVoided


async def on_ticket_completed(db: AsyncSession, event: TicketCompleted) -> None:
    ticket = event.ticket
    if ticket.is_inbound:
        await receive_inbound(db, ticket, list(event.lines), event.user_id, event.at)
    elif event.stocked is not False:  # a waste type the site holds no inventory of: nothing to draw down
        await draw_down_for_disposal(db, ticket, event.user_id)


async def on_ticket_voided(db: AsyncSession, event: TicketVoided) -> None:
    ticket = event.ticket
    if ticket.is_inbound:
        taken = await reverse_inbound(db, ticket, event.user_id, event.at) if event.was_completed else Decimal(0)
        event.record["inventory_reversed_lbs"] = str(taken)
    elif event.was_completed:
        await reverse_disposal(db, ticket, event.user_id, event.at)  # what the load drew goes back
