"""A vehicle's licence plate as Flow keeps and looks it up: ASCII letters and digits in upper case
(spec 2: the plate is forced to upper case), so "7abc-123", "7ABC 123" and "7abc123" are one
vehicle. US plates use only ASCII letters and digits; anything else is separators or noise."""
from __future__ import annotations

import re

_NOT_PLATE = re.compile(r"[^A-Za-z0-9]")


def normalize_plate(plate: str | None) -> str | None:
    """The plate's letters and digits in upper case, or None when none are left."""
    if plate is None:
        return None
    return _NOT_PLATE.sub("", plate).upper() or None
