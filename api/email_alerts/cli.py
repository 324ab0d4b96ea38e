"""One look of the scheduler (send every due alert slot) with its own database pool: the jobs code
location's schedule calls `send_due_once`; `python -m api.email_alerts.cli` runs it by hand and
prints one JSON line per send."""
from __future__ import annotations

import asyncio
import json
import sys


async def send_due_once() -> list:
    """Send every due alert slot with a pool of its own (a scheduled run is its own process)."""
    from sqlalchemy.ext.asyncio import async_sessionmaker

    from api.core.config import get_settings
    from api.core.db import make_engine
    from api.email_alerts.service import send_due

    engine = make_engine(get_settings())
    try:
        return await send_due(sessions=async_sessionmaker(engine, expire_on_commit=False, autoflush=False))
    finally:
        await engine.dispose()


def main() -> int:
    outcomes = asyncio.run(send_due_once())
    for o in outcomes:
        print(json.dumps({"alert_id": str(o.alert_id), "slot_at": o.slot_at.isoformat(), "status": o.status,
                          "error": o.error}))
    return 1 if any(o.status == "failed" for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
