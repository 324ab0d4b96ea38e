"""Readings per company per minute: one busy tablet in a loop must not starve the other kitchens.

Counted in this process (each API worker keeps its own window), which is enough to stop a
runaway client; the readings themselves are idempotent, so a retry after the wait is safe.
"""
from __future__ import annotations

import time
import uuid
from collections import defaultdict, deque

from api.kit.errors import DomainError

READINGS_PER_MINUTE = 60
_WINDOW_S = 60.0
_recent: dict[uuid.UUID, deque[float]] = defaultdict(deque)


class TooManyReadings(DomainError):
    status_code = 429


def count_reading(company_id: uuid.UUID) -> None:
    now = time.monotonic()
    window = _recent[company_id]
    while window and now - window[0] > _WINDOW_S:
        window.popleft()
    if len(window) >= READINGS_PER_MINUTE:
        raise TooManyReadings("Too many AI readings in the last minute. Please wait a moment and try again.")
    window.append(now)
