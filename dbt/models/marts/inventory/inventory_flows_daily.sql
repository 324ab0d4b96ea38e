-- Inventory movements per company, company-local day, waste type and direction's kind:
-- quantities in and out (lb) and their value.
with movements as (

    select * from {{ ref('stg_app__inventory_movements') }}

),

items as (

    select
        inventory_item_id,
        waste_type_name,
        source_customer_id
    from {{ ref('stg_app__inventory_items') }}

),

companies as (

    select
        company_id,
        timezone
    from {{ ref('stg_app__companies') }}

)

select
    movements.company_id,
    {{ local_date('movements.occurred_at', "coalesce(companies.timezone, 'UTC')") }} as flow_date,
    items.waste_type_name,
    items.source_customer_id,
    cast(sum(case when movements.direction = 'in' then movements.quantity else 0 end) as decimal(38, 2)) as quantity_in,
    cast(sum(case when movements.direction = 'out' then movements.quantity else 0 end) as decimal(38, 2))
        as quantity_out,
    cast(sum(case when movements.direction = 'in' then movements.movement_value else 0 end) as decimal(38, 2))
        as value_in,
    cast(sum(case when movements.direction = 'out' then movements.movement_value else 0 end) as decimal(38, 2))
        as value_out,
    count(*) as movement_count
from movements
inner join items on movements.item_id = items.inventory_item_id
left join companies on movements.company_id = companies.company_id
group by
    movements.company_id,
    {{ local_date('movements.occurred_at', "coalesce(companies.timezone, 'UTC')") }},
    items.waste_type_name,
    items.source_customer_id
