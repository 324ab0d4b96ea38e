"""The dbt project on Apache Spark gives every mart the same rows as on DuckDB, from the same raw rows.

The demo tenant's year (plus bills, a food recovery partner and photos, which the demo has none
of) is extracted once into a private work file, other tests' companies left out. dbt builds it
on DuckDB (the production target) and on Spark (pyspark in local mode, dbt-spark's session
method, `dbt build` with its unit tests: pipelines/spark_build.py), each with the same inventory
as-of day, and every table of schema marts is compared row by row. The data tests run on the
DuckDB build of these very rows: every Spark row equal to a DuckDB row, they would pass on Spark
too, so Spark is spared them (24 of its 100 s). Slow by nature (a JVM, ~130 dbt nodes on Spark):
about 2 minutes of the suite on this machine, the figure in docs/scaling.md.
"""
from __future__ import annotations

import asyncio
import math
import subprocess
import sys
import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest
from sqlalchemy import select, text

from pipelines.defs.transform.project import dbt_env
from pipelines.paths import DBT_DIR, ROOT
from tests.pipelines.world import dbt

# spark: left out of `make test-fast`. The time limit: the build runs in the module's fixture (a JVM and
# ~300 dbt nodes, 121-172 s in CI), on top of the DuckDB build of the same rows.
pytestmark = [pytest.mark.spark, pytest.mark.timeout(600)]

AS_OF = date.today().isoformat()  # inventory_summary's day, the same on both engines

# Columns rounded from doubles, where the engines may land on either side of a tie at the shown
# decimal (the allowance is that decimal): a window mean and standard deviation, and sums of
# doubles, which each engine (and each DuckDB build: a hash aggregate stores its rows in no fixed
# order) adds in another order; and a double cast to decimal(14,3), which DuckDB rounds from the
# binary value (2.00749999... -> 2.007) and Spark from the shortest decimal form (2.0075 -> 2.008),
# as Spark's round() of a double does.
# The monthly sum of that cast adds up to one unit per estimate; months hold hundreds.
FLOAT_ROUNDED = {
    ("ai_daily_anomalies", "prior_mean_lb"): 0.1,
    ("ai_daily_anomalies", "prior_stddev_lb"): 0.1,
    ("ai_daily_anomalies", "z_score"): 0.01,
    ("esg_monthly", "co2_prevented_kg"): 0.01,
    ("esg_monthly", "co2_prevented_tons"): 0.001,
    ("esg_monthly", "methane_prevented_kg"): 0.01,
    ("esg_monthly", "equivalent_cars_off_road"): 0.01,
    ("carbon_credit_estimates", "inventory_co2e_kg"): 0.001,
    ("carbon_credit_estimates", "credit_value_usd"): 0.01,  # round() of a double, a tie each engine breaks its way
    ("carbon_credits_monthly", "inventory_co2e_kg"): 0.05,
    # sum(lb) / 2000 is a double on both engines (DuckDB's decimal / decimal is a double too):
    # a line of 1,011 lb is 0.5055 t, the double 0.50549999..., which DuckDB rounds to 0.505 and
    # Spark, from the shortest decimal form, to 0.506. The demo's lines move with today's date; the
    # CI run of 24 Nov 2026 met such a tie (0.505 against 0.506).
    ("sb1383_ear_lines", "net_weight_tons"): 0.001,
    # round(double, 4) of a per-week rate: the same tie (CI of 28 Nov 2026: 41.41295 was 41.4129
    # on DuckDB and 41.413 on Spark).
    ("state_law_location_rates", "measured_value"): 0.0001,
}


async def add_money_and_records() -> str:
    """Bills with part payments, a food recovery partner on the donation destination and ticket
    photos for the demo company: rows the demo seed has none of, so their marts are not empty."""
    from api.core.db import sessionmaker, set_system_scope
    from api.tables.compliance import FoodRecoveryPartner
    from api.tables.lists import DestinationType
    from api.tables.parties import Customer
    from api.tables.payables import Bill, BillPayment
    from api.tables.tickets import Ticket, TicketImage
    from flow.demo import COMPANY

    async with sessionmaker()() as db, db.begin():
        await set_system_scope(db)
        company_id = (await db.execute(text("select id from companies where name = :n"), {"n": COMPANY})).scalar_one()
        if (await db.execute(select(Bill.id).where(Bill.company_id == company_id).limit(1))).first():
            return str(company_id)  # added by an earlier run on this database
        partner = (await db.execute(select(Customer).where(Customer.company_id == company_id).limit(1))).scalar_one()
        tickets = (await db.execute(
            select(Ticket).where(Ticket.company_id == company_id, Ticket.status == "completed", ~Ticket.is_inbound)
            .order_by(Ticket.ticket_at).limit(12))).scalars().all()
        today = date.today()
        for i, ticket in enumerate(tickets):
            issued = today - timedelta(days=20 * i + 3)
            amount = Decimal("120.00") + i * Decimal("17.35")
            paid = amount / 2 if i % 3 == 1 else (amount if i % 3 == 2 else Decimal(0))
            bill = Bill(company_id=company_id, bill_number=f"B-SPARK-{i:03d}", partner_id=partner.id,
                        ticket_id=ticket.id, issue_date=issued, due_date=issued + timedelta(days=30),
                        description="Haul", quantity=Decimal("1.000"), unit="load", unit_price=amount,
                        amount=amount, balance=amount - paid, status="paid" if paid == amount else "open")
            db.add(bill)
            await db.flush()
            if paid:
                db.add(BillPayment(company_id=company_id, bill_id=bill.id, amount=paid, method="check",
                                   paid_at=datetime.combine(issued + timedelta(days=10 + i), datetime.min.time(),
                                                            tzinfo=UTC) + timedelta(hours=7)))
            db.add(TicketImage(company_id=company_id, ticket_id=ticket.id, kind="gross",
                               storage_key=f"spark/{uuid.uuid4().hex}.jpg", content_type="image/jpeg",
                               size_bytes=1000, sha256="0" * 64))
        donation = (await db.execute(select(DestinationType).where(
            DestinationType.company_id == company_id, DestinationType.management_path == "donation").limit(1))).scalar()
        if donation is not None:
            db.add(FoodRecoveryPartner(company_id=company_id, name="Harbor Food Bank", destination_id=donation.id))
    return str(company_id)


def keep_one_company(work_file: Path, company_id: str) -> None:
    """Leave only the demo company's raw rows: the test database also holds other tests' tenants."""
    con = duckdb.connect(str(work_file))
    try:
        for table, column in con.execute(
                "select table_name, column_name from information_schema.columns where table_schema = 'raw' "
                "and (column_name = 'company_id' or (table_name = 'companies' and column_name = 'id'))").fetchall():
            con.execute(f'delete from raw."{table}" where "{column}" is distinct from ?', [company_id])
    finally:
        con.close()


def build_both(folder: Path, company_id: str) -> tuple[Path, Path]:
    """Extract the demo company's rows once, then build them on DuckDB and on Spark."""
    from pipelines.defs.ingest.extract import extract_all
    from pipelines.paths import database_url

    build_file, work_file = folder / "w.build.duckdb", folder / "w.work.duckdb"
    extract_all(database_url(), work_file, full=True)
    keep_one_company(work_file, company_id)
    variables = '{"inventory_as_of_date": "' + AS_OF + '"}'
    code, output = dbt(
        ["build", "--target", "duckdb", "--vars", variables,
         # its data tests on these rows stand for Spark's (same rows, compared below); the unit
         # tests, which read no rows, run on Spark and in tests/pipelines/test_refresh.py
         "--exclude-resource-type", "unit_test"],
        build_file, folder / "target")
    assert code == 0, output[-4000:]
    spark = subprocess.run(
        [sys.executable, "-m", "pipelines.spark_build", "--work-file", str(work_file),
         "--out", str(folder / "spark"), "--as-of", AS_OF],
        check=False, cwd=ROOT, env=dbt_env(), capture_output=True, text=True)
    assert spark.returncode == 0, (spark.stdout[-4000:], spark.stderr[-4000:])
    return build_file, folder / "spark"


@pytest.fixture(scope="module")
async def built(app, tmp_path_factory):
    """Both builds of the same raw rows: DuckDB's build file and Spark's marts as Parquet."""
    from flow.demo import seed_demo
    from tests.demo_tenant import remove_demo

    await seed_demo()
    company_id = await add_money_and_records()
    yield await asyncio.to_thread(build_both, tmp_path_factory.mktemp("spark"), company_id)
    remove_demo()  # later modules' warehouse builds do not carry the demo's year


def _value(v):
    if isinstance(v, (Decimal, float, int)) and not isinstance(v, bool):
        return float(v)
    return v


def _sort_key(row):
    return tuple((0, "") if v is None else (1, f"{v:.6f}" if isinstance(v, float) else repr(v)) for v in row)


def _same(mart: str, column: str, a, b) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-12, abs_tol=FLOAT_ROUNDED.get((mart, column), 1e-9) + 1e-9)
    return a == b


def _marts(con) -> list[str]:
    return [t for (t,) in con.execute(
        "select table_name from information_schema.tables where table_schema = 'marts' order by 1").fetchall()]


def test_spark_builds_every_mart_with_duckdbs_rows(built):
    build_file, spark_dir = built
    con = duckdb.connect(str(build_file), read_only=True)
    marts = _marts(con)
    # Every mart of the project (tables under models/marts), none left out on Spark.
    assert len(marts) == len(list((DBT_DIR / "models" / "marts").rglob("*.sql")))
    assert sorted(p.name for p in spark_dir.iterdir() if p.is_dir()) == marts
    differences = {}
    for mart in marts:
        columns = [c for (c,) in con.execute(
            "select column_name from information_schema.columns where table_schema = 'marts' and table_name = ? "
            "order by ordinal_position", [mart]).fetchall()]
        listed = ", ".join(f'"{c}"' for c in columns)
        on_duckdb = sorted(([_value(v) for v in r] for r in con.execute(f"select {listed} from marts.{mart}").fetchall()),
                           key=_sort_key)
        on_spark = sorted(([_value(v) for v in r] for r in con.execute(
            f"select {listed} from read_parquet('{spark_dir / mart}/*.parquet')").fetchall()), key=_sort_key)
        assert len(on_spark) == len(on_duckdb), mart
        cells = [(columns[i], x[i], y[i]) for x, y in zip(on_duckdb, on_spark)
                 for i in range(len(columns)) if not _same(mart, columns[i], x[i], y[i])]
        if cells:
            differences[mart] = cells[:5]
    assert differences == {}
    # The data set reaches every mart: none is compared empty.
    empty = [m for m in marts if con.execute(f"select count(*) from marts.{m}").fetchone()[0] == 0]
    assert empty == []
