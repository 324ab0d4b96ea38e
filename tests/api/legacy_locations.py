"""Older databases' tickets without a location (issue 29), for the tests of the repair and of
what the figures and the EAR do meanwhile.

The session database is already past migration 0011 (NOT NULL); `legacy` puts it back in the state
an older database is in after the migration: the column nullable, some tickets without a location,
and the CHECK ... NOT VALID that refuses new ones. Afterwards it finishes as `flow db upgrade` does
(tickets a test left without a location are deleted first). The fixtures `legacy` and
`owner_engine` are in tests/api/conftest.py."""
from __future__ import annotations


def _is_nullable(owner_sql) -> bool:
    return owner_sql("select is_nullable from information_schema.columns "
                     "where table_name = 'tickets' and column_name = 'store_id'")[0][0] == "YES"
