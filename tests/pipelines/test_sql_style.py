"""Every SQL file of the dbt project passes sqlfluff with dbt/.sqlfluff (`make lint` runs the same)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT

DBT = ROOT / "dbt"
IGNORED = {"target", "dbt_packages", "logs"}  # dbt/.sqlfluffignore


def _dbt_sql_files() -> set[str]:
    return {
        path.relative_to(ROOT).as_posix()
        for path in DBT.rglob("*.sql")
        if not IGNORED & set(path.relative_to(DBT).parts)
    }


def _lint_dbt() -> list[dict]:
    # A subprocess, as `make lint` runs it: the templater imports dbt/macros/sqlfluff_stubs.
    result = subprocess.run(
        [sys.executable, "-m", "sqlfluff", "lint", "dbt/", "--format", "json", "--nocolor"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
    )
    assert result.returncode in (0, 1), f"sqlfluff could not run:\n{result.stderr[-4000:]}"
    return json.loads(result.stdout)


@pytest.mark.slow  # sqlfluff over every model (16 s), as make lint runs it: left out of make test-fast
def test_every_dbt_sql_file_follows_the_sql_style():
    report = _lint_dbt()
    linted = {entry["filepath"] for entry in report}
    # A file sqlfluff skipped (too large, unreadable) would pass silently otherwise.
    assert _dbt_sql_files() <= linted, f"not linted: {sorted(_dbt_sql_files() - linted)}"
    violations = [
        f"{entry['filepath']}:{v['start_line_no']}:{v['start_line_pos']} {v['code']} {v['description']}"
        for entry in report
        for v in entry["violations"]
    ]
    assert not violations, (
        f"{len(violations)} sqlfluff violations (fix with `cd dbt && ../.venv/bin/sqlfluff fix <file>`):\n"
        + "\n".join(violations)
    )
