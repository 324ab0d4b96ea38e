"""What a ticket announces: a load completed, a ticket voided (outbound and inbound alike).

Tickets publish these through api.kit.events inside the ticket's own transaction and import
none of the domains that act on them: inventory stocks and draws down, invoices bill and
unbill, payables issue bills of lading and payables (subscribed in api.wiring).
"""
from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from api.tables.tickets import Ticket, TicketLineItem


@dataclass(frozen=True)
class TicketCompleted:
    """A load was completed: what it brought in or took away is now real."""

    ticket: Ticket
    user_id: uuid.UUID | None
    at: datetime
    lines: Sequence[TicketLineItem] = ()  # an inbound load's lines, as written (it is stocked and billed per line)
    # Whether the site holds inventory of the ticket's waste type, when the publisher already
    # read it (the outbound reference book asks beside the waste type); None: not known.
    stocked: bool | None = None


@dataclass(frozen=True)
class TicketVoided:
    """A ticket is being voided (its status is still the previous one while subscribers run).

    A subscriber takes back what the completed load set off, or refuses the void with a 409
    (the whole request rolls back), and notes what it took back in `record`, which becomes part
    of the ticket's 'ticket.void' audit entry."""

    ticket: Ticket
    previous_status: str
    user_id: uuid.UUID | None
    at: datetime
    record: dict = field(default_factory=dict)

    @property
    def was_completed(self) -> bool:
        return self.previous_status == "completed"
