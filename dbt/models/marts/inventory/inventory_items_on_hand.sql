-- One row per inventory item with its quantity on hand = the sum of its movements (in minus
-- out), never the number stored on the item row.
with items as (

    select * from {{ ref('stg_app__inventory_items') }}

),

movements as (

    select * from {{ ref('stg_app__inventory_movements') }}

),

customers as (

    select
        customer_id,
        customer_name
    from {{ ref('stg_app__customers') }}

),

per_item as (

    select
        item_id,
        sum(case when direction = 'in' then quantity else 0 end) as quantity_in,
        sum(case when direction = 'out' then quantity else 0 end) as quantity_out,
        max(occurred_at) as last_movement_at
    from movements
    group by item_id

),

on_hand as (

    select
        items.company_id,
        items.inventory_item_id,
        items.store_id,
        items.waste_type_name,
        items.waste_subtype_id,
        items.container_type_id,
        items.source_customer_id,
        customers.customer_name as source_customer_name,
        items.unit_of_measure,
        items.unit_value,
        items.quantity_reserved,
        items.status as item_status,
        items.created_at,
        coalesce(per_item.quantity_in, 0) - coalesce(per_item.quantity_out, 0) as quantity_available,
        coalesce(per_item.last_movement_at, items.updated_at) as last_movement_at,
        items.updated_at as item_updated_at
    from items
    left join per_item on items.inventory_item_id = per_item.item_id
    left join customers on items.source_customer_id = customers.customer_id

)

select
    company_id,
    inventory_item_id,
    store_id,
    waste_type_name,
    waste_subtype_id,
    container_type_id,
    source_customer_id,
    source_customer_name,
    cast(unit_of_measure as {{ dbt.type_string() }}) as unit_of_measure,
    cast(unit_value as decimal(12, 4)) as unit_value,
    cast(quantity_available as decimal(14, 2)) as quantity_available,
    cast(quantity_reserved as decimal(14, 2)) as quantity_reserved,
    cast(round(quantity_available * unit_value, 2) as decimal(14, 2)) as total_value,
    cast(case
        when item_status in ('reserved', 'expired') then item_status
        when quantity_available <= 0 then 'empty'
        else 'available'
    end as {{ dbt.type_string() }}) as status,
    created_at,
    case when last_movement_at > item_updated_at then last_movement_at else item_updated_at end as updated_at
from on_hand
