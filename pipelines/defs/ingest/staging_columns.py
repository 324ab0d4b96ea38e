"""Which raw columns the warehouse reads, derived from the dbt staging models (dbt's only readers
of raw: `stg_` models are where `source()` is called), so the extract copies no column nothing reads.

Read from the model files themselves, without dbt or a database (the sensor's extract runs every
few seconds): a column is read when its name appears as a word in a staging model of its table.
That over-counts (a word in a comment or an alias keeps a column), never under-counts, unless the
model selects columns it does not name; then the whole table is read:
- a `*` other than the house style's `select * from {{ source(...) }}` (the `source` CTE) and
  `select * from <a CTE that names its columns>`: `select * from source` passes every column on;
- any Jinja but `source('app', ...)` and `dbt.type_...()`: a macro may name columns itself.
tests/pipelines/test_staging_columns.py binds every staging model in DuckDB over raw tables holding
only these columns and expects the same columns and types as over every column.
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from pipelines.paths import DBT_DIR

STAGING_DIR = DBT_DIR / "models" / "staging"
EVERY_COLUMN = None  # a staging model reads columns it does not name

_SOURCE_CALL = r"source\(\s*['\"]app['\"]\s*,\s*['\"](\w+)['\"]\s*\)"
_SOURCE = re.compile(_SOURCE_CALL)
_JINJA = re.compile(r"{{(.*?)}}|{%(.*?)%}|{#.*?#}", re.DOTALL)
_NAMED_JINJA = re.compile(rf"\s*(?:{_SOURCE_CALL}|dbt\.type_\w+\(\s*\))\s*")
_SOURCE_CTE = re.compile(rf"(\w+)\s+as\s*\(\s*select\s+\*\s+from\s+{{{{\s*{_SOURCE_CALL}\s*}}}}\s*\)", re.IGNORECASE)
_STAR_FROM = re.compile(r"select\s+\*\s+from\s+(\w+)", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z_]\w*")


def columns_read(model_sql: str) -> tuple[set[str], set[str] | None]:
    """(source tables a staging model reads, the words naming its columns or EVERY_COLUMN)."""
    tables = set(_SOURCE.findall(model_sql))
    for expression, statement in (m.groups() for m in _JINJA.finditer(model_sql)):
        if statement is not None or (expression is not None and not _NAMED_JINJA.fullmatch(expression)):
            return tables, EVERY_COLUMN
    source_ctes = {m.group(1).lower() for m in _SOURCE_CTE.finditer(model_sql)}
    rest = _SOURCE_CTE.sub("", model_sql)
    named_star = [m for m in _STAR_FROM.finditer(rest) if m.group(1).lower() not in source_ctes]
    if rest.count("*") != len(named_star):  # select * from source, source.*, count(*) ...
        return tables, EVERY_COLUMN
    return tables, set(_WORD.findall(_JINJA.sub(" ", model_sql)))


@cache
def _staging_reads(files: tuple[tuple[Path, float], ...]) -> dict[str, frozenset[str] | None]:
    reads: dict[str, set[str] | None] = {}
    for path, _mtime in files:
        tables, words = columns_read(path.read_text())
        for table in tables:
            if words is EVERY_COLUMN or reads.get(table, set()) is EVERY_COLUMN:
                reads[table] = EVERY_COLUMN
            else:
                reads[table] = reads.get(table, set()) | words
    return {table: None if words is None else frozenset(words) for table, words in reads.items()}


def staging_reads(staging_dir: Path = STAGING_DIR) -> dict[str, frozenset[str] | None]:
    """Source table -> the words its staging models name (EVERY_COLUMN: read the whole row).
    A table no staging model reads is absent: only its key and updated_at are extracted."""
    files = tuple(sorted((p, p.stat().st_mtime) for p in staging_dir.rglob("*.sql")))
    return _staging_reads(files)
