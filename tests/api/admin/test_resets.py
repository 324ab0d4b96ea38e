"""Account reset (a company clears its records) and GO LIVE (the platform drops demo tenants)."""
from __future__ import annotations

import re
from decimal import Decimal

import pytest
from sqlalchemy import select

from api.core.db import sessionmaker, set_tenant
from api.tables.invoices import Invoice
from api.tables.stores import Store
from api.tables.tickets import Ticket, TicketCounter


@pytest.fixture
async def root(factory):
    _user, token = await factory.system_admin()
    return {"Authorization": f"Bearer {token}"}


async def add_records(company_id, n: int = 3) -> None:
    from datetime import date

    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, company_id)
        store_id = await db.scalar(select(Store.id).limit(1))
        for i in range(n):
            db.add(Ticket(ticket_number=f"T-20260101-{i + 1:04d}", net_weight=Decimal("5.0"), store_id=store_id,
                          gross_weight=Decimal("5.0"), tare_weight=Decimal(0)))
        db.add(TicketCounter(direction="O", day=date(2026, 1, 1), last_number=n))
        db.add(Invoice(invoice_number=f"INV-{company_id.hex[:6]}", issue_date=date(2026, 1, 1),
                       due_date=date(2026, 1, 31), amount=Decimal("10.00"), balance=Decimal("10.00")))


def mailed_token(smtp, address: str) -> str:
    body = smtp.body(smtp.last_to(address))
    return re.search(r"Verification token: (\S+)", body).group(1)


class TestAccountReset:
    async def test_admin_resets_their_company_with_the_mailed_token(self, client, factory, owner_sql, smtp):
        t = await factory.tenant(stores=2)
        other = await factory.tenant()
        await add_records(t.company_id)
        await add_records(other.company_id, 2)
        r = await client.post("/api/admin/request-account-reset", headers=t.headers())
        assert r.status_code == 200 and r.json()["sent_to"] == t.admin.email
        # The mail names the company it would reset.
        name = owner_sql("select name from companies where id = %s", (t.company_id,))[0][0]
        assert f"reset the Flow account of {name}." in smtp.body(smtp.last_to(t.admin.email))
        token = mailed_token(smtp, t.admin.email)
        r = await client.post("/api/admin/execute-account-reset", json={"token": token}, headers=t.headers())
        assert r.status_code == 200, r.text
        assert r.json()["tickets_removed"] == 3 and r.json()["message"] == "Account reset completed! 3 tickets removed."
        count = "select (select count(*) from tickets where company_id = %(c)s), " \
                "(select count(*) from invoices where company_id = %(c)s), " \
                "(select count(*) from ticket_counters where company_id = %(c)s), " \
                "(select count(*) from stores where company_id = %(c)s)"
        assert owner_sql(count, {"c": t.company_id}) == [(0, 0, 0, 2)]
        assert owner_sql(count, {"c": other.company_id}) == [(2, 1, 1, 2)]

    async def test_token_works_once(self, client, factory, smtp):
        t = await factory.tenant()
        await client.post("/api/admin/request-account-reset", headers=t.headers())
        token = mailed_token(smtp, t.admin.email)
        assert (await client.post("/api/admin/execute-account-reset", json={"token": token},
                                  headers=t.headers())).status_code == 200
        r = await client.post("/api/admin/execute-account-reset", json={"token": token}, headers=t.headers())
        assert r.status_code == 400 and r.json()["detail"] == "Invalid or expired verification token"

    async def test_expired_or_foreign_tokens_do_nothing(self, client, factory, owner_sql, smtp):
        a = await factory.tenant()
        b = await factory.tenant()
        await add_records(b.company_id)
        await client.post("/api/admin/request-account-reset", headers=b.headers())
        token = mailed_token(smtp, b.admin.email)
        r = await client.post("/api/admin/execute-account-reset", json={"token": token}, headers=a.headers())
        assert r.status_code == 400
        owner_sql("update auth_tokens set expires_at = now() - interval '1 second' where user_id = %s", (b.admin.id,))
        r = await client.post("/api/admin/execute-account-reset", json={"token": token}, headers=b.headers())
        assert r.status_code == 400
        assert owner_sql("select count(*) from tickets where company_id = %s", (b.company_id,)) == [(3,)]

    async def test_blank_token_is_refused(self, client, factory):
        t = await factory.tenant()
        r = await client.post("/api/admin/execute-account-reset", json={"token": "  "}, headers=t.headers())
        assert r.status_code == 422 and r.json()["detail"] == "Please enter the verification token"

    async def test_employee_cannot_reset_the_account(self, client, factory):
        t = await factory.tenant()
        assert (await client.post("/api/admin/request-account-reset", headers=t.headers("employee"))).status_code == 403


class TestGoLive:
    async def test_complete_reset_removes_only_demo_companies(self, client, factory, owner_sql, root):
        demo = await factory.tenant(stores=2)
        real = await factory.tenant(stores=1)
        await add_records(demo.company_id, 4)
        await add_records(real.company_id, 1)
        owner_sql("update companies set is_demo = true where id = %s", (demo.company_id,))
        stats = (await client.get("/api/admin/seed-data-stats", headers=root)).json()
        assert stats["test_companies"] >= 1 and stats["total_tickets"] >= 4 and stats["sample_data_size"] > 0
        refused = await client.post("/api/admin/complete-reset", json={"confirm_reset": False}, headers=root)
        assert refused.status_code == 400
        r = await client.post("/api/admin/complete-reset", json={"confirm_reset": True}, headers=root)
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["deleted_companies"] >= 1 and body["deleted_tickets"] >= 4 and body["deleted_users"] >= 2
        assert body["deleted_stores"] >= 2
        assert owner_sql("select count(*) from companies where id = %s", (demo.company_id,)) == [(0,)]
        assert owner_sql("select count(*) from tickets where company_id = %s", (real.company_id,)) == [(1,)]
        after = (await client.get("/api/admin/seed-data-stats", headers=root)).json()
        assert after == {"total_tickets": 0, "total_users": 0, "test_companies": 0, "sample_data_size": 0}
        assert (await client.get("/api/system/settings", headers=real.headers())).status_code == 200

    async def test_store_admin_cannot_go_live(self, client, factory):
        t = await factory.tenant()
        r = await client.post("/api/admin/complete-reset", json={"confirm_reset": True}, headers=t.headers())
        assert r.status_code == 403
