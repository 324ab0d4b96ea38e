"""The API tests' warehouse worlds build their marts without dbt's data and unit tests.

Each world's full refresh ran all 390 dbt nodes, 289 of them data tests and 31 unit tests, some
22 times a run. tests/pipelines builds the same project with every test on (test_refresh.py
asserts the unit tests pass on the work file; any failing data test fails its refresh), and the
warehouse job's quality checks still run here. A test that wants them passes
refresh(dbt_tests=True).
"""
import uuid

import pytest
from sqlalchemy import create_engine, pool

from api.migrations import ticket_locations
from tests.api.legacy_locations import _is_nullable
from tests.pipelines import world


@pytest.fixture(scope="package", autouse=True)
def _worlds_build_without_dbt_tests():
    world.DBT_TESTS["default"] = False
    yield
    world.DBT_TESTS["default"] = True


@pytest.fixture
def owner_engine(database_url):
    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://", 1), poolclass=pool.NullPool)
    yield engine
    engine.dispose()


@pytest.fixture
def legacy(owner_sql, owner_engine):
    """Make these tickets location-less as an older database has them; afterwards finish as
    `flow db upgrade` does (tickets the test left without a location are deleted first)."""
    made: list = []

    def unlocate(*ticket_ids) -> None:
        if not made:
            owner_sql("alter table tickets alter column store_id drop not null")
        owner_sql("update tickets set store_id = null where id = any(%s)", ([uuid.UUID(str(i)) for i in ticket_ids],))
        if not made:
            owner_sql(f"alter table tickets add constraint {ticket_locations.CHECK} check (store_id is not null) not valid")
        made.extend(ticket_ids)

    yield unlocate
    if made:
        owner_sql("delete from ticket_line_items where ticket_id in (select id from tickets where store_id is null)")
        owner_sql("delete from tickets where store_id is null")
        with owner_engine.begin() as conn:
            assert ticket_locations.finish(conn)
    assert not _is_nullable(owner_sql)


@pytest.fixture(scope="session")
async def shared_worlds(app):
    """The read-only worlds (tests/api/worlds.py), one warehouse build for all of them."""
    from tests.api.worlds import build_all

    return await build_all()
