"""Reading the inventory marts (dbt/models/marts/inventory): the API filters and sums, never
recomputes. Before the first publish the marts do not exist yet: the answer is empty."""
from __future__ import annotations

import uuid
from decimal import Decimal

import duckdb

from api.analytics.warehouse import last_refreshed_at, read_warehouse
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


def read_inventory(company_id: uuid.UUID, scope: uuid.UUID | None, status: str | None, waste_type: str | None,
                   customer_id: uuid.UUID | None) -> InventoryRead:
    """Items narrowed by every filter; flows and metrics from the one inventory_summary row that
    names the same location (the caller's scope), waste type and customer. Status narrows the
    items only: flows are movements, which have no status."""
    where, params = ["company_id = ?"], [str(company_id)]
    if scope is not None:
        where.append("store_id = ?")
        params.append(str(scope))
    if status:
        where.append("status = ?")
        params.append(status)
    wanted_type = waste_type.strip().lower() if waste_type and waste_type.strip().lower() not in ("", "all") else None
    if wanted_type:
        where.append("lower(waste_type_name) = ?")
        params.append(wanted_type)
    if customer_id:
        where.append("source_customer_id = ?")
        params.append(str(customer_id))
    pick = ["company_id = ?", "by_location = ?", "by_waste_type = ?", "by_customer = ?"]
    pick_params: list = [str(company_id), scope is not None, wanted_type is not None, customer_id is not None]
    for column, value in (("store_id", scope), ("lower(waste_type_name)", wanted_type),
                          ("source_customer_id", customer_id)):
        if value is not None:
            pick.append(f"{column} = ?")
            pick_params.append(str(value))
    with read_warehouse() as con:
        refreshed = last_refreshed_at(con)
        try:
            rows = con.execute(
                f"select {', '.join(ITEM_COLUMNS)} from marts.inventory_items_on_hand where {' and '.join(where)} "
                "order by updated_at desc, inventory_item_id", params).fetchall()
            company = con.execute(
                "select on_hand_quantity, on_hand_value, item_count, total_in, total_out, in_flow_rate_per_day, "
                "out_flow_rate_per_day, net_change, turnover_rate_30_day, days_of_inventory, transaction_count "
                f"from marts.inventory_summary where {' and '.join(pick)} limit 1", pick_params).fetchone()
        except (duckdb.CatalogException, duckdb.BinderException):  # before the first publish with these marts
            rows, company = [], None
    items = [InventoryItemRead(
        id=r[0], waste_type=r[1], waste_subtype=r[2], container_type=r[3], quantity_available=r[4],
        quantity_reserved=r[5] or ZERO, unit_of_measure=r[6] or "lbs", unit_value=r[7] or ZERO, total_value=r[8] or ZERO,
        status=r[9], source_customer=SourceCustomer(id=r[10], customer_name=r[11]), created_at=r[12], updated_at=r[13],
    ) for r in rows]
    c = company or (ZERO, ZERO, 0, ZERO, ZERO, ZERO, ZERO, ZERO, 0.0, None, 0)
    summary = InventorySummary(
        total_items=len(items), available_items=sum(i.status == "available" for i in items),
        reserved_items=sum(i.status == "reserved" for i in items),
        total_value=sum((i.total_value for i in items), ZERO),
        total_quantity=sum((i.quantity_available for i in items), ZERO),
        inventory_flows=InventoryFlows(
            on_hand=OnHand(total_quantity=c[0] or ZERO, total_value=c[1] or ZERO, item_count=c[2] or 0),
            flows_last_30_days=Flows(total_in=c[3] or ZERO, total_out=c[4] or ZERO, in_flow_rate_per_day=c[5] or ZERO,
                                     out_flow_rate_per_day=c[6] or ZERO, net_change=c[7] or ZERO),
            metrics=Metrics(turnover_rate_30_day=c[8] or 0.0, days_of_inventory=c[9], transaction_count=c[10] or 0),
        ),
    )
    return InventoryRead(inventory_items=items, summary=summary, last_refreshed_at=refreshed)
