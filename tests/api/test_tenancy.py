"""The two walls of tenant isolation: the ORM scope and Postgres row-level security."""
from __future__ import annotations

from sqlalchemy import select, text

from api.core.db import sessionmaker, set_tenant
from api.tables.stores import Store


class TestRowLevelSecurity:
    async def test_raw_sql_sees_only_the_scoped_company(self, factory):
        a = await factory.tenant(stores=2)
        b = await factory.tenant(stores=3)
        async with sessionmaker()() as db, db.begin():
            await set_tenant(db, a.company_id)
            # Raw SQL skips the ORM scope: only RLS stands between tenants here.
            companies = set((await db.execute(text("select distinct company_id from stores"))).scalars())
        assert companies == {a.company_id}
        assert b.company_id not in companies

    async def test_unset_tenant_sees_nothing(self, factory):
        await factory.tenant()
        async with sessionmaker()() as db, db.begin():
            await set_tenant(db, None)
            assert (await db.execute(text("select count(*) from stores"))).scalar() == 0
            assert (await db.execute(text("select count(*) from companies"))).scalar() == 0

    async def test_cannot_insert_a_row_for_another_company(self, factory):
        a = await factory.tenant()
        b = await factory.tenant()
        async with sessionmaker()() as db, db.begin():
            await set_tenant(db, a.company_id)
            try:
                await db.execute(
                    text("insert into stores (id, company_id, name, store_number, is_active, "
                         "advanced_options_enabled) values (gen_random_uuid(), :cid, 'x', 'x1', true, false)"),
                    {"cid": b.company_id},
                )
            except Exception as exc:  # noqa: BLE001
                assert "row-level security" in str(exc)
            else:
                raise AssertionError("RLS let a row be written for another company")

    async def test_app_role_neither_owns_tables_nor_bypasses_rls(self, factory):
        async with sessionmaker()() as db, db.begin():
            row = (await db.execute(text(
                "select current_user, r.rolbypassrls, r.rolsuper from pg_roles r where r.rolname = current_user"
            ))).one()
            owners = set((await db.execute(text("select tableowner from pg_tables where schemaname='public'"))).scalars())
        assert row[0] == "flow_app"
        assert row[1] is False and row[2] is False
        assert "flow_app" not in owners


class TestOrmScope:
    async def test_orm_select_is_filtered_by_session_tenant(self, factory):
        a = await factory.tenant(stores=1)
        await factory.tenant(stores=4)
        async with sessionmaker()() as db, db.begin():
            await set_tenant(db, a.company_id)
            stores = (await db.scalars(select(Store))).all()
        assert [s.company_id for s in stores] == [a.company_id]
