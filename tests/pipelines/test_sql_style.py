"""Every SQL file of the dbt project passes sqlfluff with dbt/.sqlfluff: `make lint` runs it (CI's lint
stage, before `make test`), and fails on any violation.

This test ran the same sqlfluff over every model again inside the pytest stage (16 s alone, 47 s
beside the other worker); it now holds what made that run complete: `make lint` lints all of dbt/,
CI runs `make lint`, no file is skipped for its size and only build output is ignored."""
from __future__ import annotations

import configparser
import re

from tests.conftest import ROOT

DBT = ROOT / "dbt"
IGNORED = {"target/", "dbt_packages/", "logs/"}


def test_make_lint_runs_sqlfluff_over_every_dbt_sql_file():
    makefile = (ROOT / "Makefile").read_text()
    lint = re.search(r"^lint:.*?\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert lint, "the Makefile has no lint target"
    assert re.search(r"sqlfluff lint (--processes \d+ )?dbt\s*$", lint.group(1), re.MULTILINE), lint.group(1)
    assert re.search(r"^\.ci/stage lint make lint$", (ROOT / ".ci" / "run").read_text(), re.MULTILINE)

    config = configparser.ConfigParser()
    config.read(DBT / ".sqlfluff")
    # sqlfluff silently skips files over 20 kB unless this is 0.
    assert config.get("sqlfluff", "large_file_skip_byte_limit") == "0"
    assert "rules" not in config["sqlfluff"], "every rule applies (sqlfluff's default `all`)"
    ignored = {line.strip() for line in (DBT / ".sqlfluffignore").read_text().splitlines() if line.strip()}
    assert ignored == IGNORED
    assert any(DBT.rglob("models/**/*.sql"))
