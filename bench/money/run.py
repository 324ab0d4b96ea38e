"""Receivables benchmark: the invoice_aging mart and the aging calls at a million invoices.

Usage: .venv/bin/python -m bench.money.run --invoices 1000000 [--queries 30]
Own database (flow_bench_money in the private cluster) and own warehouse file (.flow/bench-money/),
so the app's data is never touched. Writes bench/out/money-<n>.json.

What it does: the bench companies of bench/warehouse (five, four time zones) get 200 customers
each; `--invoices` invoices are generated inside Postgres (one INSERT ... SELECT per batch),
issued over a year, Net 30, 50 to 2,050 USD; 60 % are paid in full and 15 % half paid, 5 to 60
days after issue (payment rows, balances kept beside them). Then it times a full warehouse
refresh (extract, dbt build of invoice_aging with its tests, publish), checks that the aged
balances add up to the Postgres receivables to the cent, and times the calls' service
functions for the largest company (since issue 30 they read the Postgres ledger functions, not
the mart): the aging report (GET /api/invoices/aging-report), the
dashboard aging (GET /api/inbound/invoices/aging), the overdue list (GET /api/invoices?status=
overdue, first 500) and the 90+ list, p50/p95 over --queries calls each.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
from datetime import date
from decimal import Decimal
from pathlib import Path

import psycopg

from bench.warehouse.run import bench_database, percentile

ROOT = Path(__file__).resolve().parents[2]
AS_OF = date(2026, 11, 1)
BATCH = 500_000

CUSTOMERS = """
insert into customers (id, company_id, customer_name, account_number, is_hauler, is_disposal_partner, active,
                       billing_cycle, payment_terms_days)
select gen_random_uuid(), c.id, c.name || ' customer ' || g, 'B-' || left(c.id::text, 8) || '-' || g,
       false, false, true, 'per_load', 30
from companies c cross join generate_series(1, 200) g
where c.name like 'Bench %%'
  and not exists (select 1 from customers x where x.company_id = c.id)
"""
# Generated documents carry the times they would have been written (an invoice on its issue day,
# a payment on its day; never later than an hour ago): with the generation's own now() a million
# rows fall inside the extract's 10-minute look-back and every sensor run read them again (2.7 s
# of the incremental refresh at 10 M, an artefact of the bench, not of a real ledger).
INVOICES = """
with cust as (
    select id, company_id, row_number() over (order by company_id, id) - 1 as k from customers
), n as (select count(*) as c from cust),
series as (
    select g, g %% (select c from n) as k, (random() * 365)::int as day,
           round((50 + random() * 2000)::numeric, 2) as amount
    from generate_series(%(first)s::bigint, %(last)s::bigint) g
)
insert into invoices (id, company_id, invoice_number, customer_id, issue_date, due_date, payment_terms, amount,
                      balance, payment_status, created_at, updated_at)
select gen_random_uuid(), cust.company_id, 'BINV-' || lpad(series.g::text, 8, '0'), cust.id,
       date '2025-11-01' + series.day, date '2025-11-01' + series.day + 30, 'Net 30', series.amount,
       series.amount, 'pending', least((date '2025-11-01' + series.day) + time '17:00' at time zone 'UTC', now() - interval '1 hour'), least((date '2025-11-01' + series.day) + time '17:00' at time zone 'UTC', now() - interval '1 hour')
from series join cust on cust.k = series.k
"""
PAYMENTS = """
with picked as (
    select id, company_id, amount, issue_date, random() as r from invoices where invoice_number like 'BINV-%%'
      and not exists (select 1 from payments p where p.invoice_id = invoices.id)
)
insert into payments (id, company_id, invoice_id, amount, method, paid_at, created_at, updated_at)
select gen_random_uuid(), company_id, id, amount, 'check', paid_at, written, written
from (
    select company_id, id, case when r < 0.6 then amount else round(amount / 2, 2) end as amount,
           (issue_date + (5 + (random() * 55)::int)) + time '17:00' at time zone 'UTC' as paid_at
    from picked where r < 0.75
) p cross join lateral (select least(p.paid_at, now() - interval '1 hour') as written) w
"""
BALANCES = """
update invoices i set balance = i.amount - p.paid, payment_status = case when i.amount = p.paid then 'paid'
    else 'pending' end, updated_at = greatest(i.updated_at, p.written)
from (select invoice_id, sum(amount) as paid, max(updated_at) as written from payments group by invoice_id) p
where p.invoice_id = i.id
"""
TRUTH = """
select coalesce(sum(i.amount - coalesce(p.paid, 0)), 0) from invoices i
left join (select invoice_id, sum(amount) as paid from payments
           where (paid_at at time zone %(tz)s)::date <= %(d)s group by invoice_id) p on p.invoice_id = i.id
where i.company_id = %(c)s and i.payment_status <> 'void' and i.issue_date <= %(d)s
"""


def generate(url: str, wanted: int) -> float | None:
    from bench.warehouse.generate import setup_companies

    started = time.perf_counter()
    with psycopg.connect(url) as conn:
        setup_companies(conn)
        conn.execute(CUSTOMERS)
        have = conn.execute("select count(*) from invoices where invoice_number like 'BINV-%'").fetchone()[0]
        if have >= wanted:
            return None
        for first in range(have + 1, wanted + 1, BATCH):
            conn.execute(INVOICES, {"first": first, "last": min(first + BATCH - 1, wanted)})
            conn.commit()
        conn.execute(PAYMENTS)
        conn.execute(BALANCES)
        conn.commit()
        conn.execute("analyze invoices")
        conn.execute("analyze payments")
    return round(time.perf_counter() - started, 1)


def timed(call, n: int) -> dict[str, float]:
    samples = []
    for _ in range(n):
        t0 = time.perf_counter()
        call()
        samples.append((time.perf_counter() - t0) * 1000)
    return {"p50_ms": round(percentile(samples, 50), 1), "p95_ms": round(percentile(samples, 95), 1)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--invoices", type=int, default=1_000_000)
    parser.add_argument("--database", default="flow_bench_money")
    parser.add_argument("--queries", type=int, default=30)
    args = parser.parse_args()

    url = bench_database(args.database)
    os.environ["FLOW_DATABASE_URL"] = url
    os.environ["FLOW_WAREHOUSE_PATH"] = str(ROOT / ".flow" / "bench-money" / "flow.duckdb")
    from api.core.config import get_settings

    get_settings.cache_clear()
    generated_s = generate(url, args.invoices)
    from pipelines.refresh import refresh_once

    load_before = os.getloadavg()
    started = time.perf_counter()
    refresh_once(full=True)
    refresh_s = round(time.perf_counter() - started, 1)
    print(f"full refresh: {refresh_s}s")

    from api.invoices import service
    from api.warehouse import reader as warehouse

    with psycopg.connect(url) as conn:
        total = conn.execute("select count(*) from invoices").fetchone()[0]
        payments = conn.execute("select count(*) from payments").fetchone()[0]
        company, tz = conn.execute(
            "select c.id, c.timezone from companies c join invoices i on i.company_id = c.id "
            "group by c.id, c.timezone order by count(*) desc limit 1").fetchone()
        truth = conn.execute(TRUTH, {"c": company, "tz": tz, "d": AS_OF}).fetchone()[0]
    with warehouse.read_warehouse() as con:
        segments = con.execute("select count(*) from marts.invoice_aging").fetchone()[0]
    loop = asyncio.new_event_loop()

    def ledger(call):
        """A service read as one request runs it: its own transaction in the company's scope."""
        from api.core.db import sessionmaker, set_tenant

        async def run():
            async with sessionmaker()() as db, db.begin():
                await set_tenant(db, company)
                return await call(db)
        return loop.run_until_complete(run())

    report = ledger(lambda db: service.aging_report(db, company, AS_OF))
    assert report.total_accounts_receivable == Decimal(truth).quantize(Decimal("0.01")), (report, truth)
    calls = {
        "aging-report": lambda: ledger(lambda db: service.aging_report(db, company, AS_OF)),
        "inbound/invoices/aging": lambda: ledger(lambda db: service.dashboard_aging(db, company, AS_OF)),
        "invoices?status=overdue (500)": lambda: ledger(lambda db: service.list_invoices(
            db, service.ListFilter(company_id=company, as_of=AS_OF, status="overdue"))),
        "invoices?aging_category=90+ (500)": lambda: ledger(lambda db: service.list_invoices(
            db, service.ListFilter(company_id=company, as_of=AS_OF, aging_category="90+"))),
    }
    latency = {name: timed(call, args.queries) for name, call in calls.items()}
    for name, figures in latency.items():
        print(f"{name}: {figures}")
    result = {"invoices": total, "payments": payments, "mart_segments": segments, "generated_s": generated_s,
              "full_refresh_s": refresh_s, "as_of": AS_OF.isoformat(),
              "largest_company_receivables": str(report.total_accounts_receivable),
              "receivables_match_postgres": True, "latency": latency, "queries_per_call": args.queries,
              "cpus": os.cpu_count(), "load_average_at_start": [round(x, 1) for x in load_before],
              "load_average_at_end": [round(x, 1) for x in os.getloadavg()]}
    out = ROOT / "bench" / "out" / f"money-{args.invoices}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
