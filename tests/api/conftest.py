"""The API tests' warehouse worlds build their marts without dbt's data and unit tests.

Each world's full refresh ran all 390 dbt nodes, 289 of them data tests and 31 unit tests, some
22 times a run. tests/pipelines builds the same project with every test on (test_refresh.py
asserts the unit tests pass on the work file; any failing data test fails its refresh), and the
warehouse job's quality checks still run here. A test that wants them passes
refresh(dbt_tests=True).
"""
import pytest

from tests.pipelines import world


@pytest.fixture(scope="package", autouse=True)
def _worlds_build_without_dbt_tests():
    world.DBT_TESTS["default"] = False
    yield
    world.DBT_TESTS["default"] = True
