"""One look of the monthly billing run (api/subscription/run.py) and of the subscription's customer
alerts (api/subscription/lifecycle.py), with its own database pool: the jobs code location's
schedule calls `bill_once`; `python -m api.subscription.cli` runs it by hand and prints one JSON
line per company, exiting 1 when a charge failed or a company errored (retried by a later look)."""
from __future__ import annotations

import asyncio
import json
import sys


async def bill_once() -> list:
    """Bill each paid company's month once and raise the lifecycle alerts, with a pool of its own."""
    from sqlalchemy.ext.asyncio import async_sessionmaker

    from api.core.config import get_settings
    from api.core.db import make_engine
    from api.subscription.lifecycle import raise_lifecycle_alerts
    from api.subscription.run import run_billing

    engine = make_engine(get_settings())
    sessions = async_sessionmaker(engine, expire_on_commit=False, autoflush=False)
    try:
        outcomes = await run_billing(sessions=sessions)
        async with sessions() as db, db.begin():  # trial ending or expired, usage at the plan limit
            await raise_lifecycle_alerts(db)
        return outcomes
    finally:
        await engine.dispose()


def main() -> int:
    outcomes = asyncio.run(bill_once())
    for o in outcomes:
        print(json.dumps({"company_id": str(o.company_id), "action": o.action, "invoice": o.invoice,
                          "detail": o.detail}))
    return 1 if any(o.action in ("failed", "error") for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
