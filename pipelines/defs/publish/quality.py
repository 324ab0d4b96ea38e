"""Data-quality expectations on the marts, checked on the work file before anything is published.

Each expectation is a Great Expectations (GX 1.x) expectation run by GX's SQL execution engine
inside DuckDB: the marts are never pulled into pandas (``marts.tickets`` holds millions of rows),
GX sends one aggregate query per mart and reads back counts. One ephemeral context per run (no
``gx/`` folder, no data docs, analytics off), one suite per mart, all suites over the same work
file; ``validate`` returns the offending rows per expectation, ``offending_rows`` one of them.

Stack this was verified on (Nov 2026): great-expectations 1.24.1, SQLAlchemy 2.1.9,
duckdb-engine 0.17.0, duckdb 2.0.0. Two incompatibilities need the small shims below:

* GX fetches a query's rows after closing the SQLAlchemy connection that ran it
  (``SqlAlchemyExecutionEngine.execute_query``); closing rolls back the implicit transaction, and
  a DuckDB rollback drops the pending result set. Every metric then comes back empty:
  ``IndexError: list index out of range`` in ``resolve_metric_bundle`` (GX issue #11579, closed
  with a clearer error message only) and ``'NoneType' object is not subscriptable`` in
  ``query_row_count``. ``_ReadOnlyConnection`` makes begin/commit/rollback no-ops, which is
  exact for a read-only connection: DuckDB runs each statement in its own transaction.
* SQLAlchemy 2.1's PostgreSQL column reflection (inherited by duckdb-engine) joins
  ``pg_catalog.pg_collation``, which DuckDB lacks; GX then falls back to ``SELECT * FROM <table>``
  without the schema ("Table with name tickets does not exist! Did you mean marts.tickets?").
  Each mart is therefore a query asset (``select * from marts.<mart>``), not a table asset.

Cost on this machine (2 vCPU shared with other runs), generated marts in DuckDB, all four
expectations in one call: 1.6–3.2 s at 1M tickets and 11–21 s at 10M (the plain SQL counts they
replace: 0.3 s and 3.4 s). Most of it is the duplicate ticket id scan, and
UnexpectedRowsExpectation runs its query twice (a count, then the first 200 rows). The one-time
``import great_expectations`` takes 10–25 s here (pandas, scipy, altair), in every run process,
so it is never imported by ``import pipelines.definitions``.

That import alone would cost the sensor's runs a quarter of their minute, and a full refresh
6-9 s of its own. Every run of the warehouse job therefore checks the same expectations with
``engine="sql"``: one DuckDB query per expectation, counting what GX counts (the unexpected-rows
queries are the very text GX runs; the column ranges are counted per column, as GX does). The GX
suites stay the reference: tests/pipelines/test_quality.py runs every planted violation through
both engines and expects the same counts, and a run launched with the quality step's config
``engine: gx`` checks by GX. Both are blocking. See bench/README.md, "Quality expectations".
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Engine = Literal["gx", "sql"]

MARTS_SCHEMA = "marts"


@dataclass(frozen=True)
class Expectation:
    name: str
    asset: str  # the mart the Dagster asset check sits on
    description: str


EXPECTATIONS = (
    Expectation("weights_never_negative", "tickets",
                "No completed ticket has a negative gross, tare or net weight."),
    Expectation("net_is_gross_minus_tare", "tickets",
                "Net weight = gross − tare on every ticket (to 0.1 lb)."),
    Expectation(
        "each_ticket_in_one_day_and_location", "ticket_facts_daily",
        "Every completed ticket is counted once, on one local day and one location.",
    ),
    Expectation(
        "rates_within_0_and_100", "location_monthly_stats",
        "Every diversion rate is a percent in 0..100 "
        "(location_monthly_stats, diversion_daily, diversion_monthly).",
    ),
)
_BY_NAME = {e.name: e for e in EXPECTATIONS}

# Ticket counts per company, location and local day must agree between the two marts (this also
# catches a day the incremental ticket_facts_daily build left stale), no ticket may lack its day
# or location, and a ticket id appears once. {batch} is ticket_facts_daily; joins alias it.
# A ticket written without a store (an admin's, in a company with no locations yet) belongs to
# the location "Unassigned": a null location_id is a location here, never a mismatch.
_COUNTED_IN_ITS_DAY_SQL = f"""
select 'count differs' as problem, coalesce(facts.location_id, tickets.location_id) as location_id,
       coalesce(facts.local_date, tickets.local_date) as local_date
from (select company_id, location_id, local_date, sum(ticket_count) as n from {{batch}} as daily
      group by company_id, location_id, local_date) as facts
full outer join (select company_id, location_id, local_date, count(*) as n from {MARTS_SCHEMA}.tickets
                 group by company_id, location_id, local_date) as tickets
  on facts.company_id = tickets.company_id and facts.location_id is not distinct from tickets.location_id
 and facts.local_date = tickets.local_date
where facts.n is distinct from tickets.n
union all
select 'no day or location', location_id, local_date from {MARTS_SCHEMA}.tickets
where local_date is null
"""
# A ticket id once in the tickets mart: hashes every ticket id (1.5 of the sensor run's 2.4 check
# seconds at 10 M). The sensor's run leaves it to the full builds, as it leaves dbt's unique tests
# over ticket ids (dbt/selectors.yml): the mart's incremental build replaces a ticket's row by its
# id (unique_key, delete+insert), so a sensor run cannot add a second one.
_TICKET_TWICE_SQL = f"""
select 'ticket twice', any_value(location_id), any_value(local_date) from {MARTS_SCHEMA}.tickets
group by ticket_id having count(*) > 1
"""
_COUNTED_ONCE_SQL = _COUNTED_IN_ITS_DAY_SQL + "union all" + _TICKET_TWICE_SQL


_NET_SQL = "select ticket_id from {batch} where abs(net_weight_lb - (gross_weight_lb - tare_weight_lb)) > 0.05"
WEIGHT_COLUMNS = ("gross_weight_lb", "tare_weight_lb", "net_weight_lb")
RATE_MARTS = ("location_monthly_stats", "diversion_daily", "diversion_monthly")


def _sql_checks(ticket_ids_once: bool = True) -> dict[str, list[tuple[str, str]]]:
    """Expectation -> (mart, query counting its offending values or rows), for engine="sql"."""
    counted_once = _COUNTED_ONCE_SQL if ticket_ids_once else _COUNTED_IN_ITS_DAY_SQL

    def rows(query: str, mart: str) -> str:
        return f"select count(*) from ({query.replace('{batch}', f'{MARTS_SCHEMA}.{mart}')}) as offending"

    return {
        "weights_never_negative": [
            ("tickets", f"select count({column}) filter (where {column} < 0) from {MARTS_SCHEMA}.tickets")
            for column in WEIGHT_COLUMNS],
        "net_is_gross_minus_tare": [("tickets", rows(_NET_SQL, "tickets"))],
        "each_ticket_in_one_day_and_location": [("ticket_facts_daily",
                                                 rows(counted_once, "ticket_facts_daily"))],
        "rates_within_0_and_100": [
            (mart, (f"select count(*) filter (where diversion_rate_percent not between 0 and 100) "
                    f"from {MARTS_SCHEMA}.{mart}"))
            for mart in RATE_MARTS],
    }


def _validate_sql(build_file: Path, wanted: set[str], ticket_ids_once: bool = True) -> dict[str, int]:
    import duckdb

    checks = _sql_checks(ticket_ids_once)
    counts = dict.fromkeys(wanted, 0)
    con = duckdb.connect(str(build_file), read_only=True)
    try:
        for name in wanted:
            for mart, query in checks[name]:
                try:
                    counts[name] += con.execute(query).fetchone()[0]
                except duckdb.Error as exc:
                    raise RuntimeError(f"{name} could not run on marts.{mart}: {exc}") from exc
    finally:
        con.close()
    return counts


def _suites(gxe) -> dict[str, list]:
    """Mart -> its GX suite's expectations, each tagged with the Flow expectation it belongs to."""

    def tag(name: str) -> dict:
        return {"meta": {"flow_expectation": name}, "description": _BY_NAME[name].description}

    def rate():
        return gxe.ExpectColumnValuesToBeBetween(column="diversion_rate_percent", min_value=0, max_value=100,
                                                 **tag("rates_within_0_and_100"))

    return {
        "tickets": [
            *(gxe.ExpectColumnValuesToBeBetween(column=column, min_value=0, **tag("weights_never_negative"))
              for column in WEIGHT_COLUMNS),
            gxe.UnexpectedRowsExpectation(unexpected_rows_query=_NET_SQL, **tag("net_is_gross_minus_tare")),
        ],
        "ticket_facts_daily": [
            gxe.UnexpectedRowsExpectation(unexpected_rows_query=_COUNTED_ONCE_SQL,
                                          **tag("each_ticket_in_one_day_and_location")),
        ],
        **{mart: [rate()] for mart in RATE_MARTS},
    }


def _offending(result) -> int:
    """Offending rows of one GX result: unexpected values (column expectations) or rows (SQL)."""
    if result.exception_info and result.exception_info.get("raised_exception"):
        raise RuntimeError(f"{result.expectation_config.type} could not run: "
                           f"{result.exception_info.get('exception_message')}")
    for exc in (result.exception_info or {}).values():  # per-metric errors (a missing mart, bad SQL)
        if isinstance(exc, dict) and exc.get("raised_exception"):
            raise RuntimeError(f"{result.expectation_config.type} could not run: "
                               f"{exc.get('exception_message')}")
    counted = result.result.get("unexpected_count", result.result.get("observed_value"))
    if counted is None and result.success and not result.result.get("element_count"):
        # A mart with no rows (a new installation, a company without tickets): GX reports no
        # count for a column over zero rows. Nothing can offend there.
        return 0
    if counted is None:
        raise RuntimeError(f"{result.expectation_config.type} returned no count: {result.result}")
    return int(counted)


def _hide_spark_connect() -> None:
    """great_expectations imports pyspark's Connect DataFrame if pyspark is installed (it is, for the
    Spark build). Without Connect's extras (pyarrow, grpcio) that import calls sys.exit(0) in a
    process whose __main__ has no file, such as `python -c` (pyspark/sql/connect/utils.py
    check_dependencies), which ended a warehouse refresh with a SystemExit in quality_expectations.
    Flow's checks never use Spark DataFrames, so GX is told pyspark.sql.connect is absent: importing it raises
    ImportError, which GX takes as "not installed". A Connect already loaded is kept."""
    import sys

    sys.modules.setdefault("pyspark.sql.connect", None)  # type: ignore[arg-type]


def validate(build_file: Path, expectations: Iterable[Expectation] = EXPECTATIONS, *,
             engine: Engine = "gx", ticket_ids_once: bool = True) -> dict[str, int]:
    """Check the expectations on the built marts; offending rows (or values) per expectation.
    engine="gx": the GX suites; engine="sql": the same counts by plain DuckDB queries.
    ticket_ids_once=False (sql only, the sensor's run): no ticket id hash (_TICKET_TWICE_SQL)."""
    if engine == "sql":
        return _validate_sql(build_file, {e.name for e in expectations}, ticket_ids_once)
    os.environ.setdefault("GX_ANALYTICS_ENABLED", "False")
    import duckdb
    _hide_spark_connect()
    import great_expectations as gx
    import great_expectations.expectations as gxe
    from duckdb_engine import ConnectionWrapper
    from great_expectations.data_context.types.base import (
        DataContextConfig,
        InMemoryStoreBackendDefaults,
        ProgressBarsConfig,
    )

    class _ReadOnlyConnection(ConnectionWrapper):
        """DuckDB in its own per-statement transactions; see the module docstring for why."""

        def begin(self) -> None:
            pass

        def commit(self) -> None:
            pass

        def rollback(self) -> None:
            pass

    wanted = {e.name for e in expectations}
    counts = dict.fromkeys(wanted, 0)
    context = gx.get_context(mode="ephemeral", project_config=DataContextConfig(
        store_backend_defaults=InMemoryStoreBackendDefaults(), analytics_enabled=False,
        progress_bars=ProgressBarsConfig(globally=False),
    ))
    opened: list[_ReadOnlyConnection] = []

    def connect() -> _ReadOnlyConnection:
        opened.append(_ReadOnlyConnection(duckdb.connect(str(build_file), read_only=True)))
        return opened[-1]

    try:
        source = context.data_sources.add_sql(
            name="work_file", connection_string="duckdb:///:memory:",  # the creator decides the file
            kwargs={"creator": connect},
        )
        for mart, suite_expectations in _suites(gxe).items():
            chosen = [e for e in suite_expectations if e.meta["flow_expectation"] in wanted]
            if not chosen:
                continue
            asset = source.add_query_asset(name=mart, query=f"select * from {MARTS_SCHEMA}.{mart}")
            batch = asset.add_batch_definition_whole_table("whole mart").get_batch()
            run = batch.validate(gx.ExpectationSuite(name=mart, expectations=chosen), result_format="BASIC")
            for result in run.results:
                counts[result.expectation_config.meta["flow_expectation"]] += _offending(result)
    finally:
        # GX keeps two engines (datasource, execution) and never closes them: close every handle
        # here, or the next writer in this process (extract, dbt, publish) cannot open the file.
        for connection in opened:
            connection.close()
    return counts


def offending_rows(build_file: Path, expectation: Expectation, *, engine: Engine = "gx") -> int:
    return validate(build_file, [expectation], engine=engine)[expectation.name]
