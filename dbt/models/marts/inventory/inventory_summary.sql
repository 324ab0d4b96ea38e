-- On hand now and the last 30 days of flows, with the performance metrics of the Inventory
-- screens, for every combination of the screens' filters: the whole company, and each location,
-- waste type and source customer alone or combined (by_location, by_waste_type, by_customer say
-- which of store_id, waste_type_name and source_customer_id a row is narrowed to; a false flag
-- means all of them). The API picks the one row its filters name; it never recomputes a ratio.
-- Definitions (in lb; the window is the 30 company-local days ending on as_of_date, today unless
-- the var inventory_as_of_date is set):
--   total_in / total_out      quantity moved in / out in the window (voids net out, see flows)
--   in/out_flow_rate_per_day  total_in / 30, total_out / 30
--   net_change                total_in - total_out
--   turnover_rate_30_day      total_out / average on hand x 100, where average on hand is
--                             (on hand now + on hand 30 days ago) / 2 and on hand 30 days ago is
--                             on hand now - net_change; 0 when the average is 0
--   days_of_inventory         on hand now / out_flow_rate_per_day; null when nothing went out
--   transaction_count         movements in the window
{%- set as_of_var = var('inventory_as_of_date', none) %}
with as_of as (

    {% if as_of_var -%}
        select cast('{{ as_of_var }}' as date) as as_of_date
    {%- else -%}
    select cast({{ dbt.current_timestamp() }} as date) as as_of_date
    {%- endif %}

),

facts as (

    select
        company_id,
        store_id,
        waste_type_name,
        source_customer_id,
        quantity_available as on_hand_quantity,
        total_value as on_hand_value,
        case when quantity_available > 0 then 1 else 0 end as item_count,
        0 as total_in,
        0 as total_out,
        0 as transaction_count
    from {{ ref('inventory_items_on_hand') }}

    union all

    select
        flows.company_id,
        flows.store_id,
        flows.waste_type_name,
        flows.source_customer_id,
        0 as on_hand_quantity,
        0 as on_hand_value,
        0 as item_count,
        flows.quantity_in as total_in,
        flows.quantity_out as total_out,
        flows.movement_count as transaction_count
    from {{ ref('inventory_flows_daily') }} as flows
    cross join as_of
    where
        flows.flow_date > {{ dbt.dateadd('day', -30, 'as_of.as_of_date') }}
        and flows.flow_date <= as_of.as_of_date

),

rolled as (

    select
        company_id,
        store_id,
        waste_type_name,
        source_customer_id,
        grouping(store_id) = 0 as by_location,
        grouping(waste_type_name) = 0 as by_waste_type,
        grouping(source_customer_id) = 0 as by_customer,
        sum(on_hand_quantity) as on_hand_quantity,
        sum(on_hand_value) as on_hand_value,
        sum(item_count) as item_count,
        sum(total_in) as total_in,
        sum(total_out) as total_out,
        sum(transaction_count) as transaction_count
    from facts
    group by grouping sets (
        (company_id),
        (company_id, store_id),
        (company_id, waste_type_name),
        (company_id, source_customer_id),
        (company_id, store_id, waste_type_name),
        (company_id, store_id, source_customer_id),
        (company_id, waste_type_name, source_customer_id),
        (company_id, store_id, waste_type_name, source_customer_id)
    )

)

select
    {{ dbt.concat([
        "rolled.company_id",
        "'|'",
        "case when rolled.by_location then coalesce(rolled.store_id, '~') else '*' end",
        "'|'",
        "case when rolled.by_waste_type then coalesce(rolled.waste_type_name, '~') else '*' end",
        "'|'",
        "case when rolled.by_customer then coalesce(rolled.source_customer_id, '~') else '*' end",
    ]) }} as summary_key,
    rolled.company_id,
    rolled.store_id,
    rolled.waste_type_name,
    rolled.source_customer_id,
    rolled.by_location,
    rolled.by_waste_type,
    rolled.by_customer,
    cast(as_of.as_of_date as date) as as_of_date,
    cast(rolled.on_hand_quantity as decimal(38, 2)) as on_hand_quantity,
    cast(rolled.on_hand_value as decimal(38, 2)) as on_hand_value,
    cast(rolled.item_count as bigint) as item_count,
    cast(rolled.total_in as decimal(38, 2)) as total_in,
    cast(rolled.total_out as decimal(38, 2)) as total_out,
    cast(round({{ divide('rolled.total_in', '30.0') }}, 2) as decimal(38, 2)) as in_flow_rate_per_day,
    cast(round({{ divide('rolled.total_out', '30.0') }}, 2) as decimal(38, 2)) as out_flow_rate_per_day,
    cast(rolled.total_in - rolled.total_out as decimal(38, 2)) as net_change,
    cast(
        round(
            {{ safe_divide(
                'rolled.total_out * 100',
                divide('2 * rolled.on_hand_quantity - (rolled.total_in - rolled.total_out)', '2.0')
            ) }}, 1
        ) as double
    )
        as turnover_rate_30_day,
    cast(
        case
            when rolled.total_out > 0
                then round({{ divide('rolled.on_hand_quantity', divide('rolled.total_out', '30.0')) }}, 1)
        end
        as double
    )
        as days_of_inventory,
    cast(rolled.transaction_count as bigint) as transaction_count
from rolled
cross join as_of
