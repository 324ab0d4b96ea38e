-- One row per company: on hand now and the last 30 days of flows, with the performance metrics
-- of the Inventory screens. Definitions (in lb; the window is the 30 company-local days ending on
-- as_of_date, today unless the var inventory_as_of_date is set):
--   total_in / total_out      quantity moved in / out in the window
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

on_hand as (

    select
        company_id,
        sum(quantity_available) as on_hand_quantity,
        sum(total_value) as on_hand_value,
        sum(case when quantity_available > 0 then 1 else 0 end) as item_count
    from {{ ref('inventory_items_on_hand') }}
    group by company_id

),

flows as (

    select
        flows.company_id,
        sum(flows.quantity_in) as total_in,
        sum(flows.quantity_out) as total_out,
        sum(flows.movement_count) as transaction_count
    from {{ ref('inventory_flows_daily') }} as flows
    cross join as_of
    where
        flows.flow_date > {{ dbt.dateadd('day', -30, 'as_of.as_of_date') }}
        and flows.flow_date <= as_of.as_of_date
    group by flows.company_id

),

joined as (

    select
        on_hand.company_id,
        as_of.as_of_date,
        on_hand.on_hand_quantity,
        on_hand.on_hand_value,
        on_hand.item_count,
        coalesce(flows.total_in, 0) as total_in,
        coalesce(flows.total_out, 0) as total_out,
        coalesce(flows.transaction_count, 0) as transaction_count
    from on_hand
    cross join as_of
    left join flows on on_hand.company_id = flows.company_id

)

select
    company_id,
    cast(as_of_date as date) as as_of_date,
    cast(on_hand_quantity as decimal(38, 2)) as on_hand_quantity,
    cast(on_hand_value as decimal(38, 2)) as on_hand_value,
    cast(item_count as bigint) as item_count,
    cast(total_in as decimal(38, 2)) as total_in,
    cast(total_out as decimal(38, 2)) as total_out,
    cast(round(total_in / 30.0, 2) as decimal(38, 2)) as in_flow_rate_per_day,
    cast(round(total_out / 30.0, 2) as decimal(38, 2)) as out_flow_rate_per_day,
    cast(total_in - total_out as decimal(38, 2)) as net_change,
    cast(
        round(
            {{ safe_divide('total_out * 100', '(2 * on_hand_quantity - (total_in - total_out)) / 2.0') }}, 1
        ) as double
    )
        as turnover_rate_30_day,
    cast(case when total_out > 0 then round(on_hand_quantity / (total_out / 30.0), 1) end as double)
        as days_of_inventory,
    cast(transaction_count as bigint) as transaction_count
from joined
