"""Row-level security helpers for migrations: the second wall of tenant isolation."""
from alembic import op

APP_ROLE = "flow_app"
UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
# The transaction's company (api.core.db.set_tenant) or the platform's system scope. Each setting is
# read once per query (a scalar subquery is an InitPlan), not once per row, and the company is
# compared as a uuid, so the index on company_id serves it: counting one company's 378,849 tickets
# took 424 ms with the settings read per row and the id compared as text, 83 ms like this
# (migration 0015_tenant_list_indexes). A setting that is empty or not a uuid matches no row, as
# before.
COMPANY_SETTING = (
    f"(select case when current_setting('app.company_id', true) ~ '{UUID_PATTERN}' "
    "then current_setting('app.company_id', true)::uuid end)"
)
SYSTEM_SETTING = "(select current_setting('app.scope', true))"


def tenant_predicate(column: str = "company_id") -> str:
    return f"({column} = {COMPANY_SETTING} or {SYSTEM_SETTING} = 'system')"


def set_tenant_policy(table: str, predicate: str) -> None:
    op.execute(f"drop policy if exists tenant_isolation on {table}")
    op.execute(f"create policy tenant_isolation on {table} using {predicate} with check {predicate}")


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
    op.execute(f"alter table {table} enable row level security")
    op.execute(f"alter table {table} force row level security")
    set_tenant_policy(table, tenant_predicate(column))
