"""Who listens to what: the app's domain events and their subscribers, in the order they run.

Called once by create_app (api.main); anything else that runs ticket code outside the app calls
it too. The order is the order of the old direct calls: on a void, whoever may refuse it (a paid
bill, a paid invoice, stock already shipped) speaks before anything else is written.
"""
from __future__ import annotations

from api.inventory import subscribers as inventory
from api.invoices import subscribers as invoices
from api.kit.events import subscribe
from api.payables import subscribers as payables
from api.tickets.events import TicketCompleted, TicketVoided


def wire() -> None:
    """Subscribe every domain to the events it acts on (subscribing again changes nothing)."""
    for handler in (inventory.on_ticket_completed, invoices.on_ticket_completed, payables.on_ticket_completed):
        subscribe(TicketCompleted, handler)
    for handler in (payables.on_ticket_voided, inventory.on_ticket_voided, invoices.on_ticket_voided):
        subscribe(TicketVoided, handler)
