"""dbt in the pipeline's own process: the parsed project is kept per warehouse, and a failure that
dbt reports as no event (a bad argument) still reaches dagster-dbt as an error line."""
from __future__ import annotations

import json

import pytest

from pipelines.defs.transform import in_process
from pipelines.defs.transform.project import dbt_env
from pipelines.paths import DBT_DIR

# Each test parses the dbt project (4-8 s): with the warehouse builds, left out of `make test-fast`.
pytestmark = pytest.mark.warehouse

LIST_ONE = ["ls", "--select", "stg_app__tickets", "--resource-type", "model", "--output", "name"]


def env_for(tmp_path, name: str) -> dict[str, str]:
    return {**dbt_env(tmp_path / f"{name}.build.duckdb"), "DBT_PROFILES_DIR": str(DBT_DIR),
            "DBT_PROJECT_DIR": str(DBT_DIR), "DBT_TARGET_PATH": str(tmp_path / f"target-{name}")}


def events(lines: list[bytes]) -> list[dict]:
    return [json.loads(line) for line in lines]


def test_a_warehouse_parses_the_project_once_per_process_and_another_warehouse_once_more(tmp_path):
    in_process.forget_manifests()
    first, again, other = [], [], []
    assert in_process.run(LIST_ONE, env_for(tmp_path, "a"), first) == 0
    assert in_process.kept_manifests() == 1
    assert in_process.run(LIST_ONE, env_for(tmp_path, "a"), again) == 0
    assert in_process.kept_manifests() == 1  # the same profile: the kept manifest, no parse
    assert in_process.run(LIST_ONE, env_for(tmp_path, "b"), other) == 0
    assert in_process.kept_manifests() == 2  # another build file renders another profile
    for lines in (first, again, other):  # what `dbt ls` prints, as the CLI's JSON events
        assert [e["data"]["msg"] for e in events(lines) if e["info"]["name"] == "PrintEvent"] == ["stg_app__tickets"]
    parsed = ["ParsePerfInfoPath" in {e["info"]["name"] for e in events(lines)} for lines in (first, again, other)]
    assert parsed == [True, False, True]


def test_a_bad_argument_is_a_failed_command_with_dbts_message(tmp_path):
    lines: list[bytes] = []
    assert in_process.run(["ls", "--no-such-flag"], env_for(tmp_path, "a"), lines) == 1
    errors = [e["info"]["msg"] for e in events(lines) if e["info"]["level"] == "error"]
    assert any("no-such-flag" in message for message in errors), errors


def test_warming_up_parses_once_for_a_warehouse_and_a_build_of_it_needs_no_more(tmp_path):
    in_process.forget_manifests()
    build_file = tmp_path / "w.build.duckdb"
    assert not in_process.is_warm(build_file)
    assert in_process.warm(build_file)
    assert in_process.is_warm(build_file) and in_process.kept_manifests() == 1
    lines: list[bytes] = []
    env = {**in_process.build_env(build_file), "DBT_TARGET_PATH": str(tmp_path / "target")}
    assert in_process.run(LIST_ONE, env, lines) == 0
    assert "ParsePerfInfoPath" not in {e["info"]["name"] for e in events(lines)}
    assert in_process.kept_manifests() == 1
