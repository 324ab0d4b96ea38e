"""The extract copies only the columns the dbt staging models read: never one they need."""
from __future__ import annotations

from types import SimpleNamespace

import adbc_driver_postgresql.dbapi as adbc
import duckdb
import jinja2
import pytest

from pipelines.defs.ingest.extract import LOADED_AT, adbc_uri, extracted_columns, primary_key, source_columns
from pipelines.defs.ingest.staging_columns import EVERY_COLUMN, STAGING_DIR, columns_read

SOURCE_CTE = "with source as (select * from {{ source('app', 'tickets') }}),\n"


def test_a_column_a_staging_model_names_is_read_and_one_it_never_names_is_not():
    tables, words = columns_read(SOURCE_CTE + "renamed as (select status, cast(id as {{ dbt.type_string() }}) "
                                 "as ticket_id from source)\nselect * from renamed")
    assert tables == {"tickets"}
    assert {"status", "id"} <= words and "internal_notes" not in words


@pytest.mark.parametrize("rest", [
    "renamed as (select * from source) select * from renamed",  # every column passed on
    "renamed as (select source.*, 1 as n from source) select * from renamed",
    "renamed as (select {{ dbt_utils.star(source('app', 'tickets')) }} from source) select * from renamed",
    "renamed as (select status from source {% if true %}where 1 = 1{% endif %}) select * from renamed",
])
def test_a_model_that_may_read_columns_it_does_not_name_reads_the_whole_row(rest):
    assert columns_read(SOURCE_CTE + rest)[1] is EVERY_COLUMN


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
            (table,) = columns_read(text)[0]
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
