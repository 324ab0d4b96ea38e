"""The two settings the pipelines need, read from the same FLOW_ environment (and .env) as the API.

The pipelines never import api/: the warehouse is a separate code location that only shares
the database and the published file with the API.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parents[1]


class WarehouseSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FLOW_", env_file=".env", extra="ignore")

    database_url: str = Field(default="", validation_alias=AliasChoices("FLOW_DATABASE_URL", "DATABASE_URL"))
    # The published DuckDB file the API reads (the API's FLOW_WAREHOUSE_PATH, same default).
    warehouse_path: Path = ROOT / ".flow" / "warehouse" / "flow.duckdb"
    # The warehouse before the first publish (pipelines/defs/publish/empty.py; the API's
    # FLOW_WAREHOUSE_EMPTY_PATH, same default): one for every published path of this checkout.
    warehouse_empty_path: Path = ROOT / ".flow" / "warehouse" / "flow.empty.duckdb"
    # Whether `flow warehouse refresh` (refresh_once) runs dbt's data and unit tests with the build.
    # Off (FLOW_DBT_TESTS=0) only where the data is tested another way: the browser journeys
    # refresh many times and test it once at their end (tests/e2e/test_browser.py). The
    # warehouse job's quality checks run either way.
    dbt_tests: bool = True


@lru_cache
def get_settings() -> WarehouseSettings:
    return WarehouseSettings()
