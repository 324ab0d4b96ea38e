"""The dbt project as Dagster sees it; the manifest is made by `dbt parse` before Dagster loads."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from dagster_dbt import DbtProject

from pipelines.paths import DBT_DIR

BIN = Path(sys.executable).parent
DBT_EXECUTABLE = str(BIN / "dbt")
MANIFEST = DBT_DIR / "target" / "manifest.json"

dbt_project = DbtProject(project_dir=DBT_DIR, profiles_dir=DBT_DIR)


def dbt_env(build_file: Path | None = None) -> dict[str, str]:
    """The dbt subprocess environment: the venv's bin first on PATH, the work file as target."""
    env = dict(os.environ)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env.setdefault("DBT_SEND_ANONYMOUS_USAGE_STATS", "false")
    if build_file is not None:
        env["FLOW_WAREHOUSE_BUILD_PATH"] = str(build_file)
    return env


def _sources_changed_since(stamp: float) -> bool:
    for folder in ("models", "macros", "seeds", "unit_tests"):
        for path in (DBT_DIR / folder).rglob("*"):
            if path.is_file() and path.stat().st_mtime > stamp:
                return True
    return (DBT_DIR / "dbt_project.yml").stat().st_mtime > stamp


def prepare_manifest(force: bool = False) -> Path:
    """Run `dbt parse` when the manifest is missing or older than the project's files."""
    if force or not MANIFEST.exists() or _sources_changed_since(MANIFEST.stat().st_mtime):
        subprocess.run(
            [DBT_EXECUTABLE, "parse", "--quiet", "--project-dir", str(DBT_DIR), "--profiles-dir", str(DBT_DIR)],
            check=True, env=dbt_env(), cwd=DBT_DIR,
        )
    return MANIFEST
