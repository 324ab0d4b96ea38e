import pytest

from tests.pipelines.world import OCTOBER, add_tickets, refresh


@pytest.fixture(scope="package")
async def world(app):
    """One company with a hand-computed October, refreshed once for the whole package (dbt is slow)."""
    from tests.factories import Factory

    tenant = await Factory().tenant("enterprise", stores=2)
    await add_tickets(tenant, OCTOBER)
    refreshed_at = await refresh(full=True)
    return {"a": tenant, "refreshed_at": refreshed_at}
