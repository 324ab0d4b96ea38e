"""Times read from the warehouse (DuckDB TIMESTAMP, UTC without a zone) are sent with their zone, as
the document's `date-time` promises (issue 31: /api/carbon-credits and /api/inventory sent
'2026-11-27T10:00:00', which fails the schema)."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Annotated

import pytest
from pydantic import TypeAdapter

from api.carbon.schemas import CarbonCreditRead, CarbonSummaryRead
from api.inventory.schemas import InventoryItemRead, InventoryRead
from api.kit.fields import UtcDateTime


def test_a_naive_time_is_sent_as_utc_and_a_zoned_one_is_kept():
    adapter = TypeAdapter(UtcDateTime)
    assert adapter.dump_json(adapter.validate_python(datetime(2026, 11, 27, 10))) == b'"2026-11-27T10:00:00Z"'
    pacific = datetime(2026, 11, 27, 2, tzinfo=timezone(timedelta(hours=-8)))
    assert adapter.validate_python(pacific) == pacific and adapter.validate_python(pacific).tzinfo is not UTC


@pytest.mark.parametrize(("model", "field"), [
    (CarbonCreditRead, "created_at"), (CarbonSummaryRead, "last_refreshed_at"),
    (InventoryItemRead, "created_at"), (InventoryItemRead, "updated_at"), (InventoryRead, "last_refreshed_at"),
])
def test_warehouse_times_are_zoned(model, field):
    info = model.model_fields[field]
    adapter = TypeAdapter(Annotated[info.annotation, *info.metadata] if info.metadata else info.annotation)
    assert adapter.validate_python(datetime(2026, 11, 27, 10)).tzinfo is UTC, f"{model.__name__}.{field}"
