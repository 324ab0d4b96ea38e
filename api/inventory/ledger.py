"""GET /api/inventory from the ledger: the Postgres views ledger_inventory_items and
ledger_inventory_flows_daily and the function ledger_inventory_summary (migration 0013; the same
rules as dbt's inventory marts, held equal by tests/api/inbound/test_marts.py). A load, a void or
an adjustment answered a moment ago shows on the next read. The API filters, pages and sums; the
ratios are the function's."""
from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from api.inventory.schemas import (
    Flows,
    InventoryFlows,
    InventoryItemRead,
    InventoryRead,
    InventorySummary,
    Metrics,
    OnHand,
    SourceCustomer,
)

ITEM_COLUMNS = ("inventory_item_id", "waste_type_name", "waste_subtype_id", "container_type_id", "quantity_available",
                "quantity_reserved", "unit_of_measure", "unit_value", "total_value", "status", "source_customer_id",
                "source_customer_name", "created_at", "updated_at")
ZERO = Decimal("0.00")


@dataclass(frozen=True)
class InventoryFilter:
    """The Inventory screens' filters (None: not applied) and the page of items. The location is
    the caller's scope; status narrows the items only (flows are movements, which have no status)."""

    company_id: uuid.UUID
    today: date
    store_id: uuid.UUID | None = None
    status: str | None = None
    waste_type: str | None = None
    customer_id: uuid.UUID | None = None
    limit: int = 500
    offset: int = 0


def wanted_type(waste_type: str | None) -> str | None:
    found = waste_type.strip().lower() if waste_type else ""
    return found if found not in ("", "all") else None


async def read_inventory(db: AsyncSession, f: InventoryFilter) -> InventoryRead:
    kind = wanted_type(f.waste_type)
    where, params = ["company_id = :company"], {"company": f.company_id}
    for column, key, value in (("store_id", "store", f.store_id), ("status", "status", f.status),
                               ("lower(waste_type_name)", "waste_type", kind),
                               ("source_customer_id", "customer", f.customer_id)):
        if value is not None:
            where.append(f"{column} = :{key}")
            params[key] = value
    source = f"from ledger_inventory_items where {' and '.join(where)}"
    rows = (await db.execute(text(
        f"select {', '.join(ITEM_COLUMNS)} {source} order by updated_at desc, inventory_item_id "
        "limit :limit offset :offset"), {**params, "limit": f.limit, "offset": f.offset})).all()
    counts = (await db.execute(text(
        "select count(*), count(*) filter (where status = 'available'), count(*) filter (where status = 'reserved'), "
        f"coalesce(sum(total_value), 0), coalesce(sum(quantity_available), 0) {source}"), params)).one()
    c = (await db.execute(text(
        "select on_hand_quantity, on_hand_value, item_count, total_in, total_out, in_flow_rate_per_day, "
        "out_flow_rate_per_day, net_change, turnover_rate_30_day, days_of_inventory, transaction_count "
        "from ledger_inventory_summary(:company, :as_of, :store, :waste_type, :customer)"),
        {"company": f.company_id, "as_of": f.today, "store": f.store_id, "waste_type": kind,
         "customer": f.customer_id})).one()
    items = [InventoryItemRead(
        id=str(r[0]), waste_type=r[1], waste_subtype=str(r[2]) if r[2] else None,
        container_type=str(r[3]) if r[3] else None, quantity_available=r[4], quantity_reserved=r[5] or ZERO,
        unit_of_measure=r[6] or "lbs", unit_value=r[7] or ZERO, total_value=r[8] or ZERO, status=r[9],
        source_customer=SourceCustomer(id=str(r[10]) if r[10] else None, customer_name=r[11]),
        created_at=r[12], updated_at=r[13],
    ) for r in rows]
    summary = InventorySummary(
        total_items=counts[0], available_items=counts[1], reserved_items=counts[2],
        total_value=Decimal(counts[3]), total_quantity=Decimal(counts[4]),
        inventory_flows=InventoryFlows(
            on_hand=OnHand(total_quantity=c[0], total_value=c[1], item_count=c[2]),
            flows_last_30_days=Flows(total_in=c[3], total_out=c[4], in_flow_rate_per_day=c[5],
                                     out_flow_rate_per_day=c[6], net_change=c[7]),
            metrics=Metrics(turnover_rate_30_day=c[8], days_of_inventory=c[9], transaction_count=c[10]),
        ),
    )
    return InventoryRead(inventory_items=items, total=counts[0], summary=summary, last_refreshed_at=None)
