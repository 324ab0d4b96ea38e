"""Row deletions counted per table, so the warehouse extract asks Postgres to count a table's rows
only when rows of it were deleted (issue 35, target 3)

A hard delete leaves no updated_at behind, so every extract compared each table's row count in
Postgres with its raw copy: `select count(*) from tickets` took 0.5-1.9 s of every sensor run at
10 M tickets. Now each table the extract reads counts its deleting statements in row_deletions
(statement-level triggers: deletes that removed rows, and truncates), and the extract compares
row counts only for a table whose count moved since its last extract (both read in the extract's
snapshot, so a delete committed after it is seen by the next one).

Revision ID: 0016_row_deletions
Revises: 0015_tenant_list_indexes
Create Date: 2026-11-29 21:40:00+00:00
"""
from alembic import op

from api.migrations import rls

revision = '0016_row_deletions'
down_revision = '0015_tenant_list_indexes'
branch_labels = None
depends_on = None

# The tables pipelines/defs/ingest/extract.TABLES reads, as of this revision (a migration does not
# import the app's code; tests/pipelines/test_row_deletions.py checks every extracted table has
# the triggers in the database).
TABLES = (
    "companies", "company_settings", "stores", "regions", "users",
    "waste_types", "destination_types", "container_types", "diversion_methods", "waste_subtypes",
    "carbon_methodologies", "tickets", "ticket_line_items", "ticket_images", "customers", "invoices", "payments",
    "bills", "bill_payments",
    "inventory_items", "inventory_movements", "carbon_credits", "food_recovery_partners", "subscription_invoices",
    "location_generator_profiles",
)


def upgrade() -> None:
    op.execute("create table row_deletions (table_name text primary key, deletions bigint not null)")
    op.execute(f"grant select on table row_deletions to {rls.APP_ROLE}")
    # Security definer: the app's role deletes rows but never writes this table itself.
    op.execute(
        """
        create function note_row_deletions() returns trigger language plpgsql security definer
        set search_path = public as $$
        begin
          if exists (select 1 from deleted_rows) then
            insert into row_deletions (table_name, deletions) values (TG_TABLE_NAME, 1)
            on conflict (table_name) do update set deletions = row_deletions.deletions + 1;
          end if;
          return null;
        end $$
        """
    )
    op.execute(
        """
        create function note_row_truncation() returns trigger language plpgsql security definer
        set search_path = public as $$
        begin
          insert into row_deletions (table_name, deletions) values (TG_TABLE_NAME, 1)
          on conflict (table_name) do update set deletions = row_deletions.deletions + 1;
          return null;
        end $$
        """
    )
    for table in TABLES:
        op.execute(f"create trigger note_row_deletions after delete on {table} "
                   "referencing old table as deleted_rows for each statement execute function note_row_deletions()")
        op.execute(f"create trigger note_row_truncation after truncate on {table} "
                   "for each statement execute function note_row_truncation()")


def downgrade() -> None:
    for table in TABLES:
        op.execute(f"drop trigger if exists note_row_truncation on {table}")
        op.execute(f"drop trigger if exists note_row_deletions on {table}")
    op.execute("drop function if exists note_row_truncation()")
    op.execute("drop function if exists note_row_deletions()")
    op.execute("drop table if exists row_deletions")
