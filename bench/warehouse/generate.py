"""Realistic tickets for the warehouse benchmark, generated inside Postgres (no Python per row).

Several companies (different time zones) with several locations each; a year of tickets with
seasonality (summer peak, quieter weekends), lunch/dinner hours, a destination mix by company
(compost, landfill, food bank), and weights that depend on the container.
Usage: .venv/bin/python -m bench.warehouse.generate --tickets 1000000
"""
from __future__ import annotations

import argparse
import time

import psycopg

COMPANIES = (
    ("Bench Grocers", "America/Los_Angeles", 12, 0.55),
    ("Bench Campus Dining", "America/Chicago", 8, 0.70),
    ("Bench Hotels", "America/New_York", 6, 0.40),
    ("Bench Hospital Kitchens", "America/Denver", 4, 0.62),
    ("Bench Stadiums", "America/Los_Angeles", 2, 0.30),
)
BATCH = 1_000_000
SHARES = ", ".join(f"('{name}', {share})" for name, _, _, share in COMPANIES)


def setup_companies(conn: psycopg.Connection) -> None:
    """One row per company and location; the bench database holds only bench tenants."""
    if conn.execute("select count(*) from companies where name like 'Bench %'").fetchone()[0]:
        return
    for name, tz, stores, _ in COMPANIES:
        cid = conn.execute(
            "insert into companies (id, name, industry, timezone, subscription_plan, subscription_status, "
            "account_type, approval_status, payment_failure_count, last_payment_failed, is_demo) values "
            "(gen_random_uuid(), %s, 'Food Service', %s, 'enterprise', 'active', 'paid', 'approved', 0, false, "
            "false) returning id", (name, tz),
        ).fetchone()[0]
        for n in range(stores):
            conn.execute(
                "insert into stores (id, company_id, name, store_number, state, is_active, advanced_options_enabled)"
                " values (gen_random_uuid(), %s, %s, %s, 'CA', true, false)",
                (cid, f"{name.split()[1]} #{n + 1}", f"B{n + 1:03d}"),
            )


INSERT = """
with shares(company_name, compost) as (values {shares}),
stores as (
    select s.id as store_id, s.company_id, row_number() over (order by s.company_id, s.id) - 1 as k,
           c.name as company_name, shares.compost
    from stores s join companies c on c.id = s.company_id join shares on shares.company_name = c.name
), n as (select count(*) as stores from stores),
series as (
    select g, (g %% (select stores from n)) as k,
           -- day of year weighted toward summer (seasonality), time between 06:00 and 22:00
           (random() * 365)::int as day, random() as r1, random() as r2, random() as r3
    from generate_series(%(first)s::bigint, %(last)s::bigint) g
), shaped as (
    select series.*, stores.store_id, stores.company_id, stores.company_name, stores.compost,
           timestamptz '2025-11-01 14:00:00+00' + make_interval(days => day) + make_interval(mins => (r1 * 720)::int)
               as at
    from series join stores using (k)
    -- thin winter and weekends: keep a ticket with a seasonal probability
    where r2 < 0.75 + 0.25 * sin(2 * pi() * (day - 100) / 365.0)
)
insert into tickets (id, company_id, ticket_number, store_id, is_inbound, status, ticket_at, waste_type_name,
    destination_name, destination_is_diversion, destination_management_path, container_name, gross_weight,
    tare_weight, net_weight, unit_of_measure, total_amount, manual_override, is_multi_product, employee_name,
    outbound_ticket_type, created_at, updated_at)
select gen_random_uuid(), company_id, 'T-B-' || g, store_id, r3 < 0.05,
       case when r3 > 0.995 then 'void' else 'completed' end, at,
       case when r1 < 0.6 then 'Food Scraps' when r1 < 0.8 then 'Food Waste' when r1 < 0.9 then 'Bread'
            else 'Produce' end,
       case when r3 < compost then 'Compost' when r3 < compost + 0.08 then 'Food Bank' else 'Landfill' end,
       r3 < compost + 0.08,
       case when r3 < compost then 'compost' when r3 < compost + 0.08 then 'donation' else 'landfill' end,
       case when r2 < 0.5 then 'Slim Jim 23 (23gal)' else 'Plastic Bucket' end,
       round((w + t)::numeric, 1), round(t::numeric, 1), round(w::numeric, 1), 'lbs', 0, false, false,
       'Bench Employee ' || (g %% 7), 'type_1_container', at, at
from (select shaped.*, case when r2 < 0.5 then 7.8 else 2.0 end as t,
             (5 + 60 * r1 * r2 + 10 * (1 + sin(2 * pi() * (day - 100) / 365.0))) as w
      from shaped) x
"""


def generate(url: str, tickets: int, *, offset: int = 0) -> float:
    """Insert about `tickets` tickets (seasonal thinning keeps ~75%); returns seconds taken."""
    started = time.perf_counter()
    with psycopg.connect(url, autocommit=True) as conn:
        setup_companies(conn)
        # the seasonal filter keeps 75% on average: draw a third more to land near the target
        draws = int(tickets / 0.75)
        for first in range(offset, offset + draws, BATCH):
            last = min(first + BATCH, offset + draws) - 1
            conn.execute(INSERT.replace("{shares}", SHARES), {"first": first, "last": last})
        conn.execute("analyze tickets")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tickets", type=int, default=1_000_000)
    parser.add_argument("--database", default="flow_bench")
    args = parser.parse_args()
    from bench.warehouse.run import bench_database

    url = bench_database(args.database)
    print(f"generated in {generate(url, args.tickets):.1f}s")


if __name__ == "__main__":
    main()
