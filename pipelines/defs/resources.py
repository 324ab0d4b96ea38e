"""Resources, configured from the same environment as the API (FLOW_DATABASE_URL, FLOW_WAREHOUSE_PATH)."""
from __future__ import annotations

from functools import cached_property
from importlib.metadata import version as installed_version
from pathlib import Path

from dagster import ConfigurableResource
from dagster_dbt import DbtCliResource
from packaging.version import Version

from pipelines import paths
from pipelines.defs.transform.in_process import in_process
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


class FlowDbtCliResource(DbtCliResource):
    """dagster-dbt's dbt CLI resource with dbt run in this process (in_process.py: no Python
    start, imports or parse per build), and without two costs it pays before every `dbt build`
    and that the warehouse gains nothing from (about 11 s of a sensor run on this machine):

    * the dbt version, which dagster-dbt learns by running `dbt --version` (a whole dbt start-up):
      the executable is this venv's, so it is the installed dbt-core's version;
    * an in-process dbt adapter, which dagster-dbt opens only to fetch row counts and column
      metadata (`fetch_row_counts`, `fetch_column_metadata`) and loads the whole dbt project for;
      the pipeline asks for neither, and without the adapter dagster-dbt skips them.
    Checked against dagster-dbt 0.29.27 (uv.lock); tests/pipelines/test_definitions.py fails if
    a dbt build through Dagster loses its events.
    """

    @cached_property
    def _cli_version(self) -> Version:
        return Version(installed_version("dbt-core"))

    def _initialize_dbt_core_adapter(self, args):
        return None

    def cli(self, args, **kwargs):
        with in_process():
            return super().cli(args, **kwargs)


def build_resources(warehouse: WarehouseResource | None = None) -> dict:
    return {
        "warehouse": warehouse or WarehouseResource(),
        "dbt": FlowDbtCliResource(project_dir=dbt_project, dbt_executable=DBT_EXECUTABLE),
    }
