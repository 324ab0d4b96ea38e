import pytest

from tests.api.worlds import shared
from tests.pipelines.world import Weighing, add_tickets, utc

# Company a, hand-computed with the seeded WARM v15 food waste factors (MTCO2e per short ton):
# March: 1,000 lb composted (0.5 x 0.68 = 0.340 MT) + 300 lb donated (0.15 x 0.55 = 0.0825 MT);
# May: 200 lb composted (0.1 x 0.68 = 0.068 MT). Landfill and inbound loads make no estimate.
A_TICKETS = [
    Weighing(utc(2026, 3, 10, 19), "Compost", "1000.0"),
    Weighing(utc(2026, 3, 20, 19), "Food Bank", "300.0"),
    Weighing(utc(2026, 5, 5, 19), "Compost", "200.0"),
    Weighing(utc(2026, 5, 6, 19), "Landfill", "500.0"),
    Weighing(utc(2026, 5, 7, 19), "Compost", "700.0", inbound=True),
]


async def carbon_setting(company_id, value: bool) -> None:
    from api.core.db import sessionmaker, set_tenant
    from api.settings.service import get_settings_row

    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, company_id)
        (await get_settings_row(db, company_id)).enable_carbon_credits = value


@shared("carbon")
async def build_world() -> dict:
    """a: pro with A_TICKETS; b: another pro tenant with one compost load; off: carbon disabled."""
    from tests.factories import Factory

    factory = Factory()
    a = await factory.tenant("pro", stores=1)
    b = await factory.tenant("pro", stores=1)
    off = await factory.tenant("pro", stores=1)
    ids = await add_tickets(a, A_TICKETS)
    b_ids = await add_tickets(b, [Weighing(utc(2026, 4, 1, 19), "Compost", "2000.0")])
    await add_tickets(off, [Weighing(utc(2026, 4, 1, 19), "Compost", "2000.0")])
    await carbon_setting(off.company_id, False)
    return {"a": a, "b": b, "off": off, "a_ids": [str(i) for i in ids], "b_ids": [str(i) for i in b_ids]}


@pytest.fixture(scope="module")
async def world(shared_worlds):
    """This package's part of the session's one build (tests/api/worlds.py)."""
    return shared_worlds["carbon"]
