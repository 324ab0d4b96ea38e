"""The layout docs/architecture.md promises: every table in api/tables/<domain>.py (so a table
never ties two domains together), and every route guard in api/access or a domain's deps.py."""
from pathlib import Path

from api.core.db import Base

API = Path(__file__).resolve().parents[3] / "api"


def test_tables_live_in_api_tables():
    stray = sorted(str(p.relative_to(API.parent)) for p in API.glob("*/models.py"))
    assert stray == [], f"move these tables to api/tables/<domain>.py: {stray}"
    import api.models  # noqa: F401  (registers every table)

    outside = sorted({m.class_.__module__ for m in Base.registry.mappers
                      if not m.class_.__module__.startswith("api.tables.")})
    assert outside == [], f"tables defined outside api/tables: {outside}"
