"""Stand-ins for dbt's Jinja globals so sqlfluff's jinja templater can render the models.

Read only by sqlfluff (`library_path` in dbt/.sqlfluff); dbt ignores .py files under macros/.
They render DuckDB SQL of the same shape dbt-duckdb compiles, which is all the linter needs.
"""

from types import SimpleNamespace

from jinja2 import Undefined, pass_context


def _date_trunc(datepart, date):
    return f"date_trunc('{datepart}', {date})"


def _dateadd(datepart, interval, from_date_or_timestamp):
    return f"({from_date_or_timestamp} + interval ({interval}) {datepart})"


def _datediff(first_date, second_date, datepart):
    return f"date_diff('{datepart}', {first_date}, {second_date})"


# dbt's cross-database macros (the `dbt.` namespace), with dbt-duckdb's types.
dbt = SimpleNamespace(
    date_trunc=_date_trunc,
    dateadd=_dateadd,
    datediff=_datediff,
    concat=lambda fields: "(" + " || ".join(fields) + ")",
    type_bigint=lambda: "bigint",
    type_int=lambda: "integer",
    type_float=lambda: "double",
    type_numeric=lambda: "numeric(28,6)",
    type_string=lambda: "varchar",
    type_timestamp=lambda: "timestamp",
    type_boolean=lambda: "boolean",
)


@pass_context
def _dispatch(context, macro_name, macro_namespace=None):
    # As dbt does for the duckdb adapter: duckdb__<name>, else default__<name>.
    for candidate in (f"duckdb__{macro_name}", f"default__{macro_name}"):
        macro = context.resolve(candidate)
        if not isinstance(macro, Undefined):
            return macro
    raise LookupError(f"no duckdb__ or default__ implementation of macro {macro_name}")


adapter = SimpleNamespace(dispatch=_dispatch)
target = SimpleNamespace(name="duckdb", type="duckdb", schema="main", database="build", threads=1)
# dbt's run flags: lint the branch a plain (not --full-refresh) build renders.
flags = SimpleNamespace(FULL_REFRESH=False)
