"""A replayed create (same client_id, the Idempotency-Key) is the same request only if its body is
the same: payload_digest is the fingerprint stored beside the row and compared on a replay."""
from __future__ import annotations

import hashlib
import json

from pydantic import BaseModel


def payload_digest(body: BaseModel) -> str:
    """SHA-256 of the body's JSON without its client_id, keys sorted, so field order does not count."""
    data = body.model_dump(mode="json", exclude={"client_id"})
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
