import pytest

from tests.pipelines.world import OCTOBER, add_tickets, refresh
from tests.smtp import smtp  # noqa: F401


@pytest.fixture(scope="package")
async def world(app):
    """An enterprise company with the hand-computed October of tests/pipelines/world.py, published."""
    from tests.factories import Factory

    factory = Factory()
    a = await factory.tenant("enterprise", stores=2)
    pro = await factory.tenant("pro", stores=1)
    core = await factory.tenant("core", stores=1)
    await add_tickets(a, OCTOBER)
    await refresh(full=True)
    return {"a": a, "pro": pro, "core": core}
