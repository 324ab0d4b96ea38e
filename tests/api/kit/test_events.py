"""The in-process event dispatcher (api.kit.events): order, once per handler, refused when unwired."""
from __future__ import annotations

import pytest

from api.kit import events


class Happened:
    pass


class NobodyCares:
    pass


async def test_subscribers_run_in_order_once_each_with_the_session():
    seen = []

    async def first(db, event):
        seen.append(("first", db, event))

    async def second(db, event):
        seen.append(("second", db, event))

    events.subscribe(Happened, first)
    events.subscribe(Happened, second)
    events.subscribe(Happened, first)  # again: still once
    event = Happened()
    await events.publish("session", event)
    assert seen == [("first", "session", event), ("second", "session", event)]


async def test_an_event_nobody_subscribes_to_is_refused():
    with pytest.raises(events.NotWired):
        await events.publish(None, NobodyCares())


def test_the_app_wires_every_ticket_event():
    from api.tickets.events import TicketCompleted, TicketVoided
    from api.wiring import wire

    wire()
    assert [h.__module__ for h in events.subscribers(TicketVoided)] == [
        "api.payables.subscribers", "api.inventory.subscribers", "api.invoices.subscribers"]
    assert len(events.subscribers(TicketCompleted)) == 3
