"""What other domains may use of tickets: one surface, so tickets' modules can change behind it.

Inbound builds on tickets (the caller, numbering, locations, the void, the read model, the
schemas); compliance reads ticket photos. Import-linter holds every other package to this module
and to `api.tickets.events` (the announcements subscribers listen to).
"""
from api.tickets.events import TicketCompleted, TicketVoided
from api.tickets.images import image_store
from api.tickets.numbering import next_ticket_number
from api.tickets.references import as_uuid
from api.tickets.rules import tenth
from api.tickets.schemas import MAX_WEIGHT_LB, JsonNumber, LineUnit, TicketRead, TicketVoid, clean_notes
from api.tickets.service import (
    NO_LOCATIONS_YET,
    REUSED_CLIENT_ID,
    Caller,
    choose_location,
    client_id_of,
    mark_void,
    require_location,
)
from api.tickets.views import read_tickets

__all__ = [
    "MAX_WEIGHT_LB", "NO_LOCATIONS_YET", "REUSED_CLIENT_ID", "Caller", "JsonNumber", "LineUnit", "TicketCompleted",
    "TicketRead", "TicketVoid", "TicketVoided", "as_uuid", "choose_location", "clean_notes", "client_id_of",
    "image_store", "mark_void", "next_ticket_number", "read_tickets", "require_location", "tenth",
]
