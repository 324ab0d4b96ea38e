"""ledger reads of inventory: items on hand, daily flows and the Inventory screens' summary

Inventory Management and the Inventory Dashboard read these instead of the warehouse marts, so the
next read after an inbound load, an outbound load, a void or an adjustment shows it
(docs/architecture.md, "Ledger and analytics"). The rules are those of dbt's inventory marts
(dbt/models/marts/inventory: inventory_items_on_hand, inventory_flows_daily, inventory_summary);
tests/api/inbound/test_marts.py holds the two to the same figures row by row.
The views and the function run as the caller (security invoker), so row-level security applies.

Revision ID: 0013_ledger_inventory
Revises: 0012_line_declared_quantity
Create Date: 2026-11-28 02:00:00+00:00
"""
from alembic import op

from api.migrations import rls

revision = '0013_ledger_inventory'
down_revision = '0012_line_declared_quantity'
branch_labels = None
depends_on = None

# One row per item: on hand is the sum of its movements (in minus out), never the number stored on
# the item; value at the item's unit value; status reserved/expired as set, else empty at 0, else
# available; updated_at is the later of the item's own and its last movement's time.
ITEMS = """
create or replace view ledger_inventory_items with (security_invoker = true) as
with per_item as (
    select item_id, sum(case when direction = 'in' then quantity else -quantity end) as on_hand,
           max(occurred_at) as last_movement_at
    from inventory_movements
    group by item_id
),
on_hand as (
    select i.company_id, i.id as inventory_item_id, i.store_id, i.waste_type_name, i.waste_subtype_id,
           i.container_type_id, i.source_customer_id, c.customer_name::text as source_customer_name,
           i.unit_of_measure::text as unit_of_measure, i.unit_value, i.quantity_reserved, i.status as item_status,
           i.created_at, coalesce(m.on_hand, 0) as quantity_available,
           coalesce(m.last_movement_at, i.updated_at) as last_movement_at, i.updated_at as item_updated_at
    from inventory_items as i
    left join per_item as m on m.item_id = i.id
    left join customers as c on c.id = i.source_customer_id
)
select company_id, inventory_item_id, store_id, waste_type_name::text as waste_type_name, waste_subtype_id,
       container_type_id, source_customer_id, source_customer_name, unit_of_measure,
       unit_value::numeric(12, 4) as unit_value, quantity_available::numeric(14, 2) as quantity_available,
       quantity_reserved::numeric(14, 2) as quantity_reserved,
       round(quantity_available * unit_value, 2)::numeric(14, 2) as total_value,
       (case when item_status in ('reserved', 'expired') then item_status
             when quantity_available <= 0 then 'empty'
             else 'available' end)::text as status,
       created_at, greatest(last_movement_at, item_updated_at) as updated_at
from on_hand
"""

# Movements per company, company-local day, location, waste type and source customer. A void counts
# against the flow it cancels (a void out lowers the inflow, a void in the outflow).
FLOWS = """
create or replace view ledger_inventory_flows_daily with (security_invoker = true) as
select m.company_id, (m.occurred_at at time zone c.timezone)::date as flow_date, i.store_id,
       i.waste_type_name::text as waste_type_name, i.source_customer_id,
       sum(case when m.kind = 'void' and m.direction = 'out' then -m.quantity when m.kind = 'void' then 0
                when m.direction = 'in' then m.quantity else 0 end)::numeric(38, 2) as quantity_in,
       sum(case when m.kind = 'void' and m.direction = 'in' then -m.quantity when m.kind = 'void' then 0
                when m.direction = 'out' then m.quantity else 0 end)::numeric(38, 2) as quantity_out,
       sum(case when m.kind = 'void' and m.direction = 'out' then -m.value when m.kind = 'void' then 0
                when m.direction = 'in' then m.value else 0 end)::numeric(38, 2) as value_in,
       sum(case when m.kind = 'void' and m.direction = 'in' then -m.value when m.kind = 'void' then 0
                when m.direction = 'out' then m.value else 0 end)::numeric(38, 2) as value_out,
       count(*) as movement_count
from inventory_movements as m
join inventory_items as i on i.id = m.item_id
join companies as c on c.id = m.company_id
group by 1, 2, 3, 4, 5
"""

# On hand now and the 30 company-local days of flows ending on as_of, narrowed to a location, a
# waste type (matched without case) and a source customer (null: all). The definitions are
# inventory_summary's: rates = total / 30; turnover = total_out / average on hand x 100 with the
# average (on hand now + on hand 30 days ago) / 2 and on hand 30 days ago = on hand now - net change
# (0 when the average is 0); days of inventory = on hand / out rate (null when nothing went out).
SUMMARY = """
create or replace function ledger_inventory_summary(company uuid, as_of date, store uuid, waste_type text,
                                                    customer uuid)
returns table (
    on_hand_quantity numeric(38, 2), on_hand_value numeric(38, 2), item_count bigint, total_in numeric(38, 2),
    total_out numeric(38, 2), in_flow_rate_per_day numeric(38, 2), out_flow_rate_per_day numeric(38, 2),
    net_change numeric(38, 2), turnover_rate_30_day double precision, days_of_inventory double precision,
    transaction_count bigint
)
language sql stable security invoker as $$
    with held as (
        select coalesce(sum(quantity_available), 0) as quantity, coalesce(sum(total_value), 0) as value,
               count(*) filter (where quantity_available > 0) as items
        from ledger_inventory_items
        where company_id = company and (store is null or store_id = store)
          and (waste_type is null or lower(waste_type_name) = lower(waste_type))
          and (customer is null or source_customer_id = customer)
    ),
    moved as (
        select coalesce(sum(quantity_in), 0) as total_in, coalesce(sum(quantity_out), 0) as total_out,
               coalesce(sum(movement_count), 0) as movements
        from ledger_inventory_flows_daily
        where company_id = company and flow_date > as_of - 30 and flow_date <= as_of
          and (store is null or store_id = store)
          and (waste_type is null or lower(waste_type_name) = lower(waste_type))
          and (customer is null or source_customer_id = customer)
    )
    select held.quantity::numeric(38, 2), held.value::numeric(38, 2), held.items, moved.total_in::numeric(38, 2),
           moved.total_out::numeric(38, 2), round(moved.total_in / 30.0, 2)::numeric(38, 2),
           round(moved.total_out / 30.0, 2)::numeric(38, 2), (moved.total_in - moved.total_out)::numeric(38, 2),
           coalesce(round(moved.total_out * 100
                          / nullif((2 * held.quantity - (moved.total_in - moved.total_out)) / 2.0, 0), 1), 0)::float8,
           case when moved.total_out > 0 then round(held.quantity / (moved.total_out / 30.0), 1)::float8 end,
           moved.movements::bigint
    from held cross join moved
$$
"""


def upgrade() -> None:
    op.execute(ITEMS)
    op.execute(FLOWS)
    op.execute(SUMMARY)
    op.execute(f"grant select on ledger_inventory_items, ledger_inventory_flows_daily to {rls.APP_ROLE}")
    op.execute(f"grant execute on function ledger_inventory_summary(uuid, date, uuid, text, uuid) to {rls.APP_ROLE}")


def downgrade() -> None:
    op.execute("drop function if exists ledger_inventory_summary(uuid, date, uuid, text, uuid)")
    op.execute("drop view if exists ledger_inventory_flows_daily")
    op.execute("drop view if exists ledger_inventory_items")
