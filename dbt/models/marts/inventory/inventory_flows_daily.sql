-- Inventory movements per company, company-local day, location, waste type and source customer:
-- quantities in and out (lb) and their value. A void (kind 'void', written when a ticket is
-- voided) counts against the flow it cancels: a void 'out' lowers the inflow, a void 'in' lowers
-- the outflow, so a voided load leaves no flow behind.
with movements as (

    select * from {{ ref('stg_app__inventory_movements') }}

),

items as (

    select
        inventory_item_id,
        store_id,
        waste_type_name,
        source_customer_id
    from {{ ref('stg_app__inventory_items') }}

),

companies as (

    select
        company_id,
        timezone
    from {{ ref('stg_app__companies') }}

),

signed as (

    select
        movements.company_id,
        {{ company_local_date('movements.occurred_at', 'companies.timezone') }} as flow_date,
        items.store_id,
        items.waste_type_name,
        items.source_customer_id,
        case
            when movements.kind = 'void' and movements.direction = 'out' then -movements.quantity
            when movements.kind = 'void' then 0
            when movements.direction = 'in' then movements.quantity
            else 0
        end as quantity_in,
        case
            when movements.kind = 'void' and movements.direction = 'in' then -movements.quantity
            when movements.kind = 'void' then 0
            when movements.direction = 'out' then movements.quantity
            else 0
        end as quantity_out,
        case
            when movements.kind = 'void' and movements.direction = 'out' then -movements.movement_value
            when movements.kind = 'void' then 0
            when movements.direction = 'in' then movements.movement_value
            else 0
        end as value_in,
        case
            when movements.kind = 'void' and movements.direction = 'in' then -movements.movement_value
            when movements.kind = 'void' then 0
            when movements.direction = 'out' then movements.movement_value
            else 0
        end as value_out
    from movements
    inner join items on movements.item_id = items.inventory_item_id
    left join companies on movements.company_id = companies.company_id

)

select
    company_id,
    flow_date,
    store_id,
    waste_type_name,
    source_customer_id,
    cast(sum(quantity_in) as decimal(38, 2)) as quantity_in,
    cast(sum(quantity_out) as decimal(38, 2)) as quantity_out,
    cast(sum(value_in) as decimal(38, 2)) as value_in,
    cast(sum(value_out) as decimal(38, 2)) as value_out,
    count(*) as movement_count
from signed
group by
    company_id,
    flow_date,
    store_id,
    waste_type_name,
    source_customer_id
