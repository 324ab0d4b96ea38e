"""The demo tenant (flow.demo: a year of tickets, loads, invoices) in the test database for one
module only: a module that seeds it removes it when it ends, so the warehouse builds of every
module after it do not carry the demo's year (it made each later full build 10-20 s longer)."""
from __future__ import annotations

import os

import psycopg


def remove_demo() -> None:
    """Delete the demo company (flow.demo.COMPANY) and every row that names it (every table of the schema but
    companies, the platform's settings and the rate-limit counters has company_id), as the
    database owner with foreign-key triggers off for this one transaction."""
    from flow.demo import COMPANY

    with psycopg.connect(os.environ["FLOW_DATABASE_URL"]) as conn:
        ids = [row[0] for row in conn.execute("select id from companies where is_demo and name = %s",
                                              (COMPANY,)).fetchall()]
        if not ids:
            return
        conn.execute("set local session_replication_role = replica")
        tables = [row[0] for row in conn.execute(
            "select table_name from information_schema.columns c join information_schema.tables t "
            "using (table_schema, table_name) where table_schema = 'public' and column_name = 'company_id' "
            "and table_type = 'BASE TABLE'").fetchall()]
        for table in tables:
            conn.execute(f'delete from "{table}" where company_id = any(%s)', (ids,))
        conn.execute("delete from companies where id = any(%s)", (ids,))
