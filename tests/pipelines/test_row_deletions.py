"""The extract counts a table's rows in Postgres only when rows of it were deleted since its last
extract (row_deletions, kept by triggers: migration 0016_row_deletions), and still takes every
hard delete out of the warehouse."""
from __future__ import annotations

import pytest

from pipelines.defs.ingest import extract
from tests.pipelines.world import Weighing, add_tickets, utc


def test_every_extracted_table_counts_its_deletions(owner_sql):
    """A table the extract reads without the triggers would have its hard deletes missed: each one
    has both (a table added to extract.TABLES needs a migration adding them)."""
    triggered = owner_sql(
        "select t.tgname, c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid "
        "where t.tgname in ('note_row_deletions', 'note_row_truncation')")
    for name in ("note_row_deletions", "note_row_truncation"):
        assert {table for trigger, table in triggered if trigger == name} == set(extract.TABLES)


def deletions(owner_sql, table: str) -> int:
    found = owner_sql("select deletions from row_deletions where table_name = %s", (table,))
    return found[0][0] if found else 0


@pytest.fixture
def counted(monkeypatch):
    """The tables whose rows the extract counted in Postgres, per extract_all call."""
    calls: list[str] = []
    real = extract.rows_deleted_since_last_extract

    def spy(pg, duck, table):
        calls.append(table)
        return real(pg, duck, table)

    monkeypatch.setattr(extract, "rows_deleted_since_last_extract", spy)
    return calls


async def test_rows_are_counted_only_after_a_delete_and_the_deleted_row_leaves_raw(
        factory, database_url, owner_sql, counted, tmp_path):
    import duckdb

    tenant = await factory.tenant("enterprise", stores=1)
    kept, gone = await add_tickets(tenant, [Weighing(utc(2026, 7, 1, 19), "Compost", "1.0"),
                                            Weighing(utc(2026, 7, 2, 19), "Compost", "2.0")])
    work = tmp_path / "flow.work.duckdb"
    extract.extract_all(database_url, work)
    assert counted == []  # every table copied whole: nothing to count

    con = duckdb.connect(str(work))  # a work file an extract before the counts filled
    con.execute("drop table extract_state.row_deletions")
    con.close()
    extract.extract_all(database_url, work)
    assert sorted(counted) == sorted(extract.TABLES)  # no counts seen: every table counted, once
    counted.clear()

    extract.extract_all(database_url, work)
    assert counted == []  # nothing deleted since: no table counted

    before = deletions(owner_sql, "tickets")
    owner_sql("delete from tickets where id = %s", (gone,))
    owner_sql("delete from tickets where id = %s", (gone,))  # removes nothing: not a deletion
    assert deletions(owner_sql, "tickets") == before + 1
    extract.extract_all(database_url, work)
    assert counted == ["tickets"]
    con = duckdb.connect(str(work), read_only=True)
    try:
        ids = {str(i) for (i,) in con.execute("select id from raw.tickets").fetchall()}
    finally:
        con.close()
    assert str(kept) in ids and str(gone) not in ids


async def test_a_database_without_counts_has_every_table_counted(factory, database_url, counted, monkeypatch, tmp_path):
    """A database not migrated to row_deletions yet (a pipeline started before the migration ran):
    the extract counts every table, as before the counts existed."""
    await factory.tenant("enterprise", stores=1)
    work = tmp_path / "flow.work.duckdb"
    extract.extract_all(database_url, work)
    monkeypatch.setattr(extract, "deletion_counts", lambda pg: None)
    extract.extract_all(database_url, work)
    assert sorted(counted) == sorted(extract.TABLES)
