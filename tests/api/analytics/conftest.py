import pytest

from tests.api.worlds import shared
from tests.pipelines.world import OCTOBER, Weighing, add_tickets, utc


@shared("analytics")
async def build_world() -> dict:
    """Company A (enterprise, 2 locations, assigned employee) with OCTOBER; company B (core).

    One build for the package's modules that read it (test_reports, test_report_exports,
    test_screen_fixes; each had its own full build): none of them changes these companies' tickets
    or locations, the figures' sources (test_freshness, which does, has a world of its own). Under
    pytest-xdist a worker builds it once for the modules it runs."""
    from tests.factories import Factory

    factory = Factory()
    a = await factory.tenant("enterprise", stores=2, assign_employee=True)
    b = await factory.tenant("core", stores=1)
    empty = await factory.tenant("pro", stores=1)
    await add_tickets(a, OCTOBER)
    # 05:00 UTC on 1 November is still 31 October in Los Angeles.
    await add_tickets(b, [Weighing(utc(2026, 11, 1, 5), "Landfill", "5000.0")])
    return {"a": a, "b": b, "empty": empty}


@pytest.fixture(scope="package")
async def world(shared_worlds):
    """This package's part of the session's one build (tests/api/worlds.py)."""
    return shared_worlds["analytics"]
