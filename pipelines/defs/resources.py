"""Resources, configured from the same environment as the API (FLOW_DATABASE_URL, FLOW_WAREHOUSE_PATH)."""
from __future__ import annotations

from pathlib import Path

from dagster import ConfigurableResource
from dagster_dbt import DbtCliResource

from pipelines import paths
from pipelines.defs.transform.project import DBT_EXECUTABLE, dbt_project


class WarehouseResource(ConfigurableResource):
    """The operational database to read and the warehouse files to write."""

    database_url: str = ""
    warehouse_path: str = ""

    @property
    def source_url(self) -> str:
        return self.database_url or paths.database_url()

    @property
    def published_file(self) -> Path:
        return Path(self.warehouse_path) if self.warehouse_path else paths.published_path()

    @property
    def build_file(self) -> Path:
        return paths.build_path(self.published_file)

    @property
    def work_file(self) -> Path:
        return paths.work_path(self.published_file)


def build_resources(warehouse: WarehouseResource | None = None) -> dict:
    return {
        "warehouse": warehouse or WarehouseResource(),
        "dbt": DbtCliResource(project_dir=dbt_project, dbt_executable=DBT_EXECUTABLE),
    }
