import pytest

from tests.api.worlds import shared
from tests.pipelines.world import OCTOBER, add_tickets
from tests.smtp import smtp  # noqa: F401


@shared("email_alerts")
async def build_world() -> dict:
    """An enterprise company with the hand-computed October of tests/pipelines/world.py, published."""
    from tests.factories import Factory

    factory = Factory()
    a = await factory.tenant("enterprise", stores=2)
    pro = await factory.tenant("pro", stores=1)
    core = await factory.tenant("core", stores=1)
    await add_tickets(a, OCTOBER)
    return {"a": a, "pro": pro, "core": core}


@pytest.fixture(scope="package")
async def world(shared_worlds):
    """This package's part of the session's one build (tests/api/worlds.py)."""
    return shared_worlds["email_alerts"]
