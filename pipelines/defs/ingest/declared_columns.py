"""Which raw columns the warehouse reads: the columns dbt's `app` sources declare
(dbt/models/staging/app/_app__sources.yml), read from the dbt manifest, so the extract copies no
column nothing reads and dbt's own project says which ones.

The manifest is the one `prepare_manifest` keeps current (remade when a dbt file changed); it is
read once per manifest version, as the sensor's extract runs every few seconds.
tests/pipelines/test_staging_columns.py binds every staging model in DuckDB over raw tables holding
only these columns and expects the same columns and types as over every column.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from pipelines.defs.transform.project import prepare_manifest


@cache
def _declared(manifest: Path, _mtime: float) -> dict[str, frozenset[str]]:
    sources = json.loads(manifest.read_text())["sources"].values()
    return {node["name"]: frozenset(node["columns"]) for node in sources if node["source_name"] == "app"}


def declared_columns() -> dict[str, frozenset[str]]:
    """Source table -> the columns its staging models read. A table without declared columns
    is extracted with only its key and updated_at."""
    manifest = prepare_manifest()
    return _declared(manifest, manifest.stat().st_mtime)
