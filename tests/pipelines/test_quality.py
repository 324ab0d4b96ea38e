"""The quality expectations on the marts: each fails on the row that breaks it, in both engines.

Every test crafts a small work file in DuckDB with the marts' tables (clean, then one violation)
and runs the same validation the Dagster asset check (the publish guard) runs: with the Great
Expectations suites (full runs) and with the plain SQL counts (the sensor's runs), which must
agree.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from pipelines.defs.publish.quality import EXPECTATIONS, offending_rows, validate
from pipelines.paths import ROOT

# Two locations, three local days, six tickets (weights in lb, net = gross − tare).
TICKETS = [
    # ticket_id, company, location, local_date, gross, tare, net, diverted
    ("t1", "c1", "l1", "2026-10-01", "110.0", "10.0", "100.0", "100.0"),
    ("t2", "c1", "l1", "2026-10-01", "35.5", "5.5", "30.0", "0.0"),
    ("t3", "c1", "l1", "2026-10-02", "20.0", "0.0", "20.0", "20.0"),
    ("t4", "c1", "l2", "2026-10-01", "52.3", "2.3", "50.0", "25.0"),
    ("t5", "c1", "l2", "2026-10-03", "8.1", "0.1", "8.0", "8.0"),
    ("t6", "c2", "l3", "2026-10-03", "12.0", "2.0", "10.0", "0.0"),
]
RATE = "round(100 * sum(diverted_weight_lb) / nullif(sum(net_weight_lb), 0), 1)::double"


@pytest.fixture(params=["gx", "sql"])
def engine(request) -> str:
    return request.param


def make_work_file(path: Path, *statements: str) -> Path:
    """The marts as dbt builds them (the columns the expectations read), then `statements`."""
    con = duckdb.connect(str(path))
    try:
        con.execute("create schema marts")
        con.execute("""create table marts.tickets (
            ticket_id varchar, company_id varchar, location_id varchar, local_date date,
            gross_weight_lb decimal(12,1), tare_weight_lb decimal(12,1), net_weight_lb decimal(12,1),
            diverted_weight_lb decimal(12,1))""")
        con.executemany("insert into marts.tickets values (?, ?, ?, ?, ?, ?, ?, ?)", TICKETS)
        con.execute("""create table marts.ticket_facts_daily as
            select company_id, location_id, local_date, count(*) as ticket_count,
                   sum(net_weight_lb) as net_weight_lb
            from marts.tickets group by all""")
        con.execute(f"""create table marts.diversion_daily as
            select company_id, local_date, {RATE} as diversion_rate_percent
            from marts.tickets group by all""")
        for mart in ("diversion_monthly", "location_monthly_stats"):
            con.execute(f"""create table marts.{mart} as
                select company_id, location_id, date_trunc('month', local_date) as month,
                       {RATE} as diversion_rate_percent
                from marts.tickets group by all""")
        for statement in statements:
            con.execute(statement)
    finally:
        con.close()
    return path


def assert_only_fails(counts: dict[str, int], failing: str) -> None:
    assert counts[failing] > 0, counts
    assert {name: n for name, n in counts.items() if name != failing} == dict.fromkeys(
        (e.name for e in EXPECTATIONS if e.name != failing), 0), counts


def test_a_clean_work_file_meets_every_expectation(tmp_path, engine):
    counts = validate(make_work_file(tmp_path / "clean.duckdb"), engine=engine)
    assert counts == dict.fromkeys((e.name for e in EXPECTATIONS), 0)


@pytest.mark.parametrize("column", ["gross_weight_lb", "tare_weight_lb", "net_weight_lb"])
def test_a_negative_weight_fails_weights_never_negative(tmp_path, engine, column):
    # Keep net = gross − tare so that only the sign is wrong.
    fix = {
        "gross_weight_lb": "gross_weight_lb = -5.0, tare_weight_lb = 0.0, net_weight_lb = -5.0",
        "tare_weight_lb": "tare_weight_lb = -2.0, gross_weight_lb = 18.0",
        "net_weight_lb": "net_weight_lb = -2.0, gross_weight_lb = -2.0, tare_weight_lb = 0.0",
    }[column]
    work = make_work_file(tmp_path / "w.duckdb", f"update marts.tickets set {fix} where ticket_id = 't3'")
    assert_only_fails(validate(work, engine=engine), "weights_never_negative")


def test_net_not_gross_minus_tare_fails(tmp_path, engine):
    work = make_work_file(tmp_path / "w.duckdb",
                          "update marts.tickets set net_weight_lb = 99.0 where ticket_id = 't2'")
    counts = validate(work, engine=engine)
    assert_only_fails(counts, "net_is_gross_minus_tare")
    assert counts["net_is_gross_minus_tare"] == 1
    # A difference within the 0.1 lb the weights are kept to is not an error.
    close = make_work_file(tmp_path / "close.duckdb",
                           "update marts.tickets set net_weight_lb = 30.0, gross_weight_lb = 35.5, "
                           "tare_weight_lb = 5.5 where ticket_id = 't2'")
    assert offending_rows(close, _expectation("net_is_gross_minus_tare"), engine=engine) == 0


@pytest.mark.parametrize("mart", ["location_monthly_stats", "diversion_daily", "diversion_monthly"])
@pytest.mark.parametrize("rate", [101.0, -0.1])
def test_a_rate_outside_0_to_100_fails(tmp_path, engine, mart, rate):
    work = make_work_file(tmp_path / "w.duckdb",
                          f"update marts.{mart} set diversion_rate_percent = {rate} where company_id = 'c2'")
    counts = validate(work, engine=engine)
    assert_only_fails(counts, "rates_within_0_and_100")
    assert counts["rates_within_0_and_100"] == 1


def test_rates_of_exactly_0_and_100_pass(tmp_path, engine):
    work = make_work_file(tmp_path / "w.duckdb",
                          "update marts.location_monthly_stats set diversion_rate_percent = 100.0 "
                          "where company_id = 'c1'",
                          "update marts.diversion_daily set diversion_rate_percent = 0.0")
    assert offending_rows(work, _expectation("rates_within_0_and_100"), engine=engine) == 0


@pytest.mark.parametrize("change", [
    # a ticket missing from ticket_facts_daily (its day and location count one short)
    ("update marts.ticket_facts_daily set ticket_count = ticket_count - 1 "
     "where location_id = 'l1' and local_date = date '2026-10-01'"),
    # a whole day and location missing from ticket_facts_daily
    "delete from marts.ticket_facts_daily where location_id = 'l2' and local_date = date '2026-10-03'",
    # a ticket counted twice in ticket_facts_daily
    "insert into marts.ticket_facts_daily values ('c1', 'l1', date '2026-10-02', 1, 20.0)",
    # the right total, on the wrong day
    ("update marts.ticket_facts_daily set local_date = date '2026-10-04' "
     "where location_id = 'l1' and local_date = date '2026-10-02'"),
    # a ticket twice in the tickets mart
    "insert into marts.tickets select * from marts.tickets where ticket_id = 't6'",
    # a ticket without its local day
    "update marts.tickets set local_date = null where ticket_id = 't5'",
], ids=["missing-ticket", "missing-day", "counted-twice", "wrong-day", "duplicate-ticket", "no-local-day"])
def test_a_ticket_not_counted_exactly_once_fails(tmp_path, engine, change):
    counts = validate(make_work_file(tmp_path / "w.duckdb", change), engine=engine)
    assert_only_fails(counts, "each_ticket_in_one_day_and_location")


def test_the_sensors_checks_leave_only_the_duplicate_ticket_id_to_the_full_builds(tmp_path):
    duplicate = make_work_file(tmp_path / "d.duckdb", "insert into marts.tickets select * from marts.tickets "
                                                      "where ticket_id = 't6'")
    assert validate(duplicate, engine="sql")["each_ticket_in_one_day_and_location"] > 0
    # The duplicate also doubles its day's count, which the sensor's check still sees; a ticket
    # only in the wrong day or missing its day is caught without the id hash too.
    assert validate(duplicate, engine="sql", ticket_ids_once=False)["each_ticket_in_one_day_and_location"] > 0
    moved = make_work_file(tmp_path / "m.duckdb", "update marts.tickets set local_date = null where ticket_id = 't5'")
    assert validate(moved, engine="sql", ticket_ids_once=False)["each_ticket_in_one_day_and_location"] > 0


def test_offending_rows_runs_one_expectation_and_a_missing_mart_is_an_error(tmp_path, engine):
    work = make_work_file(tmp_path / "w.duckdb", "update marts.tickets set tare_weight_lb = -1.0, "
                          "gross_weight_lb = 9.0 where ticket_id in ('t1', 't2')",
                          "drop table marts.diversion_daily")
    assert offending_rows(work, _expectation("weights_never_negative"), engine=engine) == 2
    with pytest.raises(RuntimeError, match="diversion_daily"):
        offending_rows(work, _expectation("rates_within_0_and_100"), engine=engine)


def test_validation_writes_nothing_and_leaves_the_file_free_for_a_writer(tmp_path, engine):
    work = make_work_file(tmp_path / "w.duckdb")
    before = sorted(p.name for p in ROOT.iterdir())
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        validate(work, engine=engine)
    finally:
        os.chdir(cwd)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.duckdb"]
    assert sorted(p.name for p in ROOT.iterdir()) == before
    assert not (ROOT / "gx").exists()
    # No read-only handle survives the run: the same process can open the file for writing.
    con = duckdb.connect(str(work))
    con.execute("update marts.tickets set net_weight_lb = net_weight_lb")
    con.close()


# That loading the code location (pipelines.definitions) imports no great_expectations is asserted
# by the fresh Python of tests/api/reliability/test_code_locations.py, which loads it once for its
# api/jobs check too (one process importing the location instead of two, 7 s each).


def test_the_sql_engine_never_imports_great_expectations(tmp_path):
    work = make_work_file(tmp_path / "w.duckdb", "update marts.tickets set net_weight_lb = 99.0 where ticket_id = 't2'")
    code = ("import sys; from pathlib import Path; from pipelines.defs.publish.quality import validate; "
            f"counts = validate(Path({str(work)!r}), engine='sql'); "
            "assert counts['net_is_gross_minus_tare'] == 1, counts; "
            "sys.exit(1 if 'great_expectations' in sys.modules else 0)")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-2000:]


def _expectation(name: str):
    return next(e for e in EXPECTATIONS if e.name == name)


def test_a_ticket_without_a_store_is_counted_in_the_unassigned_location(tmp_path, engine):
    # An admin's ticket in a company with no locations yet: location_id is null in both marts.
    statements = (
        "insert into marts.tickets values ('t-nostore', 'c1', null, date '2026-10-05', 12.0, 2.0, 10.0, 0.0)",
        "insert into marts.ticket_facts_daily values ('c1', null, date '2026-10-05', 1, 10.0)",
    )
    counts = validate(make_work_file(tmp_path / "nostore.duckdb", *statements), engine=engine)
    assert counts == dict.fromkeys((e.name for e in EXPECTATIONS), 0)
