"""The empty warehouse: what the API reads before the first publish, made by dbt itself.

dbt loads the reference seeds the API reads (their post-hook creates the figure functions, as in
every build) and the marts are created empty with the columns and types of their enforced
contracts, read from the manifest of that same dbt invocation; an empty `warehouse_refresh` says
nothing was published. The API attaches the file read-only (api/warehouse/reader.py) and reads
no dbt source file. Made again when the dbt project changes (its digest is kept beside it).
"""
from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import duckdb

from pipelines.defs.publish.publish import PUBLISHED_SCHEMAS
from pipelines.defs.transform.project import DBT_EXECUTABLE, dbt_env, project_digest
from pipelines.paths import DBT_DIR, empty_path

# The reference seeds the API reads from the empty warehouse (the figure functions come with
# impact_constants' post-hook).
SEEDS = ("impact_constants", "edible_food_generator_rules")


def _digest_file(path: Path) -> Path:
    return path.with_name(path.name + ".project")


def is_current(path: Path) -> bool:
    digest = _digest_file(path)
    return path.exists() and digest.exists() and digest.read_text() == project_digest()


def contract_tables(manifest: dict) -> list[str]:
    """create table statements for every mart with an enforced contract, as the manifest has it."""
    statements = []
    for node in sorted(manifest["nodes"].values(), key=lambda n: n["name"]):
        if node["resource_type"] != "model" or node.get("schema") != "marts":
            continue
        if not ((node.get("config") or {}).get("contract") or {}).get("enforced"):
            continue
        columns = ", ".join(f'{c["name"]} {c["data_type"]}' for c in node["columns"].values())
        statements.append(f"create table marts.{node['name']} ({columns})")
    return statements


def build(path: Path) -> None:
    """Make the empty warehouse at `path` (replaced atomically)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="flow-empty-", dir=path.parent) as tmp:
        work = Path(tmp)
        build_file = work / "empty.build.duckdb"
        env = dbt_env()
        env["FLOW_WAREHOUSE_BUILD_PATH"] = str(build_file)
        env["FLOW_WAREHOUSE_WORK_PATH"] = str(work / "empty.work.duckdb")
        subprocess.run(
            [DBT_EXECUTABLE, "seed", "--quiet", "--full-refresh", "--select", *SEEDS,
             "--project-dir", str(DBT_DIR), "--profiles-dir", str(DBT_DIR),
             "--target-path", str(work / "target"), "--log-path", str(work / "logs")],
            check=True, env=env, cwd=DBT_DIR,
        )
        manifest = json.loads((work / "target" / "manifest.json").read_text())
        con = duckdb.connect(str(build_file))
        try:
            strays = con.execute("select schema_name, table_name from duckdb_tables() "
                                 f"where schema_name not in {PUBLISHED_SCHEMAS}").fetchall()
            for schema, table in strays:
                con.execute(f'drop table "{schema}"."{table}"')
            con.execute("create schema if not exists marts")
            for statement in contract_tables(manifest):
                con.execute(statement)
            # written by the publish step, not by dbt: empty, nothing was published
            con.execute("create table marts.warehouse_refresh (refreshed_at timestamp, source_changed_at timestamp)")
            con.execute("checkpoint")
        finally:
            con.close()
        staged = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        shutil.copyfile(build_file, staged)
        os.replace(staged, path)


def prepare_empty_warehouse(path: Path | None = None) -> Path:
    """The empty warehouse, made when missing or older than the dbt project (one maker at a time)."""
    path = path or empty_path()
    if is_current(path):
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(path.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not is_current(path):  # another process may have made it meanwhile
            digest = project_digest()
            build(path)
            _digest_file(path).write_text(digest)
    return path


if __name__ == "__main__":
    print(prepare_empty_warehouse())
