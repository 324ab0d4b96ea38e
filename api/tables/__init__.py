"""Every table, one module per domain and named after it (`api/tables/tickets.py` holds the ticket
tables). Tables know no domain logic: they import only api.core and api.kit (import-linter keeps
it so), so every domain can read any table without importing another domain. `api/models.py`
imports them all for Alembic and the tenant policies."""
