"""Tenant reads that do not grow with other companies' data or the company's history (issue 35).

At 1 M tickets the in-progress lists took 0.45 s to find nothing and the inbound list 1.0 s: the
row-level-security policy called current_setting and cast company_id to text for every row, and
the lists' filters matched no index. These tests hold the shapes that fixed it: the policy reads
its settings once per query, and the statements the app really sends for those lists can be
answered from their partial indexes (Postgres told to avoid sequential scans, as it would on a
large table).
"""
from __future__ import annotations

from contextlib import contextmanager

import pytest
from sqlalchemy import event, text

from api.core.db import get_engine, sessionmaker, set_tenant
from tests.api.inbound.helpers import inbound_tenant


async def test_every_tenant_policy_reads_the_settings_once_per_query_and_compares_a_uuid(owner_sql):
    policies = owner_sql("select c.relname, pg_get_expr(p.polqual, p.polrelid) from pg_policy p "
                         "join pg_class c on c.oid = p.polrelid where p.polname = 'tenant_isolation'")
    assert len(policies) > 30
    for table, qual in policies:
        # A scalar subquery is an InitPlan: evaluated once, not per row; no cast of the column to text.
        assert qual.count("SELECT") == 2, (table, qual)
        assert "::text = current_setting" not in qual, (table, qual)


async def test_a_company_setting_that_is_not_a_uuid_sees_nothing_and_fails_nothing(factory):
    await factory.tenant(stores=2)
    for setting in ("not-a-uuid", "------------------------------------", "", "x' or 1=1 --"):
        async with sessionmaker()() as db, db.begin():
            await db.execute(text("select set_config('app.company_id', :c, true), set_config('app.scope', '', true)"),
                             {"c": setting})
            assert (await db.execute(text("select count(*) from stores"))).scalar() == 0
            assert (await db.execute(text("select count(*) from companies"))).scalar() == 0


@contextmanager
def statements_sent():
    """Every SQL statement the app sends meanwhile, with its parameters."""
    sent: list[tuple[str, object]] = []

    def keep(_conn, _cursor, statement, parameters, _context, _many):
        sent.append((statement, parameters))

    engine = get_engine().sync_engine
    event.listen(engine, "before_cursor_execute", keep)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", keep)


async def plan_of(company_id, statement: str, parameters) -> str:
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, company_id)
        await db.execute(text("set local enable_seqscan = off"))
        raw = (await (await db.connection()).get_raw_connection()).driver_connection
        cur = await raw.execute("explain " + statement, parameters)
        return "\n".join(row[0] for row in await cur.fetchall())


@pytest.mark.parametrize(("path", "index"), [
    ("/api/inbound/tickets", "ix_tickets_inbound_ticket_at"),
    ("/api/inbound/tickets/in-progress", "ix_tickets_open"),
    ("/api/tickets/in-progress", "ix_tickets_open"),
])
async def test_the_lists_statements_can_use_their_partial_index(client, factory, path, index):
    tenant = await inbound_tenant(factory)
    with statements_sent() as sent:
        r = await client.get(path, headers=tenant.headers())
    assert r.status_code == 200, r.text
    ticket_reads = [(s, p) for s, p in sent if "FROM tickets" in s and ("tickets.status" in s or "is_inbound" in s)]
    assert ticket_reads, [s for s, _ in sent]
    plans = [await plan_of(tenant.company_id, s, p) for s, p in ticket_reads]
    assert any(index in plan for plan in plans), "\n\n".join(plans)
