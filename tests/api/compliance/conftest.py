import pytest

from tests.api.worlds import shared
from tests.pipelines.world import OCTOBER, Weighing, add_tickets, utc


async def sb1383_override(company_id, value: bool | None) -> None:
    """The platform's SB 1383 override for one company (wins over the plan)."""
    from api.core.db import sessionmaker, set_tenant
    from api.settings.service import get_settings_row

    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, company_id)
        row = await get_settings_row(db, company_id)
        row.sb1383_compliance_override = value


@shared("compliance")
async def build_world() -> dict:
    """a: enterprise, OCTOBER (210 lb outbound, 160 diverted, 60 donated; 3 tickets).
    ready: pro, 50 tickets in 2026 at 80% (eligible). core: core plan. off: pro, override off.
    empty: pro, no tickets.

    One build for test_dashboard and test_ear (each had its own full build): what one of them
    writes for these companies (test_dashboard's stored log events, test_ear's export events) is
    outside what the other asserts, in either order. test_state_laws has a world of its own. Under pytest-xdist a worker builds it once for
    the modules it runs."""
    from tests.factories import Factory

    factory = Factory()
    a = await factory.tenant("enterprise", stores=2, assign_employee=True)
    ready = await factory.tenant("pro", stores=1)
    core = await factory.tenant("core", stores=1)
    off = await factory.tenant("pro", stores=1)
    empty = await factory.tenant("pro", stores=1)
    await add_tickets(a, OCTOBER)
    # 40 composted + 10 landfilled tickets of 10 lb in January to May 2026: 400 of 500 lb = 80%.
    await add_tickets(ready, [
        Weighing(utc(2026, 1 + i % 5, 10, 19), "Landfill" if i % 5 == 4 else "Compost", "10.0") for i in range(50)
    ])
    await add_tickets(core, [Weighing(utc(2026, 10, 15, 19), "Compost", "10.0")])
    await sb1383_override(off.company_id, False)
    # formula: ready's year at a location named like a spreadsheet formula (test_ear's export cells;
    # the test renamed ready's location and refreshed twice, to rename and to put it back).
    formula = await factory.tenant("pro", stores=1)
    await rename_store(formula, FORMULA)
    await add_tickets(formula, [
        Weighing(utc(2026, 1 + i % 5, 10, 19), "Landfill" if i % 5 == 4 else "Compost", "10.0") for i in range(50)
    ])
    return {"a": a, "ready": ready, "core": core, "off": off, "empty": empty, "formula": formula}


@pytest.fixture(scope="package")
async def world(shared_worlds):
    """This package's part of the session's one build (tests/api/worlds.py)."""
    return shared_worlds["compliance"]


FORMULA = '=HYPERLINK("http://evil.example","x")'


async def rename_store(tenant, name: str) -> None:
    from api.core.db import sessionmaker, set_tenant
    from api.tables.stores import Store

    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, tenant.company_id)
        (await db.get(Store, tenant.stores[0].id)).name = name
