"""The last step of 'every ticket has its location' (migration 0011_ticket_locations).

Until the old tickets without a location are assigned (a manager's screen), the CHECK below,
added NOT VALID, makes every new or changed ticket carry one. Once none is left, `finish`
validates it, sets the column NOT NULL (Postgres takes the valid CHECK as proof and does not scan
again) and drops the CHECK, so the schema says it once. It runs in the migration and at every
`flow db upgrade` (which `flow up` runs at start): the API's role owns no table and cannot alter it.
"""
from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.engine import Connection

from api.tables.tickets import LOCATION_REQUIRED_CHECK as CHECK


def assign_known(conn: Connection) -> None:
    """Old tickets without a location get the one that is known: the creator's assigned location
    (an assigned operator weighs only there), else the company's only location. Nothing else."""
    conn.execute(text("select set_config('app.scope', 'system', true)"))  # FORCE RLS: every company
    conn.execute(text(
        """
        update tickets set store_id = users.assigned_location_id
        from users join stores on stores.id = users.assigned_location_id
        where tickets.store_id is null and users.id = tickets.created_by_id
          and stores.company_id = tickets.company_id
        """
    ))
    conn.execute(text(
        """
        update tickets set store_id = only_one.store_id
        from (select company_id, min(id::text)::uuid as store_id from stores
              group by company_id having count(*) = 1) as only_one
        where tickets.store_id is null and only_one.company_id = tickets.company_id
        """
    ))


def pending(conn: Connection) -> bool:
    """Is the CHECK still waiting for old tickets to get their location?"""
    return conn.execute(text(
        "select 1 from pg_constraint where conname = :name and conrelid = 'tickets'::regclass"
    ), {"name": CHECK}).first() is not None


def finish(conn: Connection) -> bool:
    """NOT NULL when no ticket lacks a location; True when the column is (now) NOT NULL."""
    if not pending(conn):
        return True
    conn.execute(text("select set_config('app.scope', 'system', true)"))
    if conn.execute(text("select 1 from tickets where store_id is null limit 1")).first() is not None:
        return False
    conn.execute(text(f"alter table tickets validate constraint {CHECK}"))
    conn.execute(text("alter table tickets alter column store_id set not null"))
    conn.execute(text(f"alter table tickets drop constraint {CHECK}"))
    return True
