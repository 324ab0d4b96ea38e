"""Row-level security helpers for migrations: the second wall of tenant isolation."""
from alembic import op

APP_ROLE = "flow_app"
TENANT_PREDICATE = (
    "({col}::text = current_setting('app.company_id', true) "
    "or current_setting('app.scope', true) = 'system')"
)


def ensure_app_role() -> None:
    op.execute(
        f"""
        do $$ begin
          if not exists (select 1 from pg_roles where rolname = '{APP_ROLE}') then
            create role {APP_ROLE} nologin nobypassrls;
          end if;
        -- A role belongs to the whole server: another database's migration may create it between
        -- the check and the create (two test workers on a new server did).
        exception when duplicate_object or unique_violation then null;
        end $$;
        """
    )
    # The connecting (owner) user switches to the app role on every connection.
    op.execute(f"grant {APP_ROLE} to current_user")
    op.execute(f"grant usage on schema public to {APP_ROLE}")


def grant_table(table: str) -> None:
    op.execute(f"grant select, insert, update, delete on table {table} to {APP_ROLE}")


def tenant_rls(table: str, column: str = "company_id") -> None:
    """Rows of `table` are visible and writable only in their company's scope (or system scope)."""
    grant_table(table)
    predicate = TENANT_PREDICATE.format(col=column)
    op.execute(f"alter table {table} enable row level security")
    op.execute(f"alter table {table} force row level security")
    op.execute(f"drop policy if exists tenant_isolation on {table}")
    op.execute(f"create policy tenant_isolation on {table} using {predicate} with check {predicate}")
