"""Domain events in process: a domain announces what happened, the domains that care subscribe.

The publisher does not import its subscribers (tickets does not know inventory, invoices or
payables); the app wires them once at start-up (api.wiring). `publish` awaits each subscriber in
turn, in the caller's session, so what they write is in the same transaction as the event: a
subscriber that raises (a 409, say) takes the whole request back with it. Subscribers run in the
order they were subscribed; the wiring lists them in the order it wants.

An event type nobody subscribes to is refused when published: an app that forgot its wiring
would otherwise complete tickets that silently stock and bill nothing.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

Handler = Callable[[Any, Any], Awaitable[None]]  # (session, event)

_subscribers: dict[type, list[Handler]] = {}


class NotWired(RuntimeError):
    """An event was published before anything subscribed to its type."""


def subscribe(event_type: type, handler: Handler) -> None:
    """Call `handler(session, event)` for each event of this type; subscribing twice is once."""
    handlers = _subscribers.setdefault(event_type, [])
    if handler not in handlers:
        handlers.append(handler)


def unsubscribe(event_type: type, handler: Handler) -> None:
    """Stop calling `handler` (a test's listener); unknown handlers are ignored."""
    handlers = _subscribers.get(event_type, [])
    if handler in handlers:
        handlers.remove(handler)


def subscribers(event_type: type) -> tuple[Handler, ...]:
    return tuple(_subscribers.get(event_type, ()))


async def publish(session: Any, event: object) -> None:
    """Run every subscriber of the event's type, in order, in the caller's transaction."""
    handlers = _subscribers.get(type(event))
    if not handlers:
        raise NotWired(f"nothing subscribes to {type(event).__name__}: call api.wiring.wire() at start-up")
    for handler in handlers:
        await handler(session, event)
