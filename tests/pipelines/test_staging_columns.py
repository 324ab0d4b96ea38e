"""The extract copies only the columns dbt's sources declare (read from the manifest): never one a staging model needs."""
from __future__ import annotations

import re
from types import SimpleNamespace

import adbc_driver_postgresql.dbapi as adbc
import duckdb
import jinja2

from pipelines.defs.ingest.declared_columns import declared_columns
from pipelines.defs.ingest.extract import LOADED_AT, adbc_uri, extracted_columns, primary_key, source_columns
from pipelines.paths import DBT_DIR

STAGING_DIR = DBT_DIR / "models" / "staging"
SOURCE = re.compile(r"source\(\s*'app'\s*,\s*'(\w+)'\s*\)")


def test_a_column_no_source_declares_is_not_extracted_and_the_key_always_is():
    from pipelines.defs.ingest.extract import Column

    columns = [Column(name, "text", None, None) for name in ("id", "email", "first_name", "password_hash", "updated_at")]
    declared = declared_columns()["users"]
    assert "first_name" not in declared and "password_hash" not in declared
    assert [c.name for c in extracted_columns(columns, "users", ["id"])] == [
        c.name for c in columns if c.name in declared or c.name in ("id", "updated_at")]
    assert "email" not in [c.name for c in extracted_columns(columns, "users", ["id"])]


def _render(model_sql: str) -> str:
    types = {"type_string": "varchar", "type_timestamp": "timestamp", "type_int": "integer",
             "type_bigint": "bigint", "type_numeric": "numeric", "type_float": "double", "type_boolean": "boolean"}
    dbt = SimpleNamespace(**{name: (lambda sql_type=sql_type: sql_type) for name, sql_type in types.items()})
    template = jinja2.Environment(undefined=jinja2.StrictUndefined).from_string(model_sql)
    return template.render(source=lambda _source, table: f'raw."{table}"', dbt=dbt)


def test_every_staging_model_binds_to_the_extracted_columns_exactly_as_to_every_column(database_url):
    """Each staging model in DuckDB over raw tables typed as the extract types them: over only the
    extracted columns it must bind and give the same columns and types as over every column."""
    models = sorted(STAGING_DIR.rglob("*.sql"))
    assert len(models) >= 18
    pruned_somewhere = False
    with adbc.connect(adbc_uri(database_url)) as pg:
        for model in models:
            text = model.read_text()
            (table,) = set(SOURCE.findall(text))
            every = source_columns(pg, table)
            extracted = extracted_columns(every, table, primary_key(pg, table) or ["id"])
            pruned_somewhere |= len(extracted) < len(every)
            shapes = []
            for columns in (every, extracted):
                con = duckdb.connect()
                con.execute("create schema raw")
                con.execute(f'create table raw."{table}" ('
                            + ", ".join(f'"{c.name}" {c.duck_type}' for c in columns) + f", {LOADED_AT} timestamp)")
                shapes.append(con.execute(f"describe {_render(text)}").fetchall())
                con.close()
            assert shapes[1] == shapes[0], model.name
        pg.rollback()
    assert pruned_somewhere  # the extract does leave columns behind (users' email, for one)


def test_the_extract_selects_exactly_the_manifests_declared_columns_and_each_exists(database_url):
    """Per extracted table: the key, updated_at and the `app` source's declared columns from dbt's
    manifest, in Postgres's order; a declared column Postgres lacks (a typo) would be dropped
    silently, so none may be. When the list moved to the manifest it was the regular expressions'
    over staging SQL column for column (295 over the 25 tables, issue 33)."""
    from pipelines.defs.ingest.extract import TABLES

    declared = declared_columns()
    with adbc.connect(adbc_uri(database_url)) as pg:
        for table in TABLES:
            every = source_columns(pg, table)
            key = primary_key(pg, table) or ["id"]
            names = {c.name for c in every}
            assert declared.get(table, frozenset()) <= names, (table, declared[table] - names)
            extracted = [c.name for c in extracted_columns(every, table, key)]
            wanted = declared.get(table, frozenset()) | set(key) | {"updated_at"}
            assert extracted == [c.name for c in every if c.name in wanted], table
        pg.rollback()
    assert set(declared) <= set(TABLES)
