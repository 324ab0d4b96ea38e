with source as (

    select * from {{ source('app', 'inventory_movements') }}

),

renamed as (

    select
        cast(item_id as {{ dbt.type_string() }}) as item_id,
        direction,
        kind,
        cast(value as decimal(12, 2)) as movement_value,
        cast(quantity as decimal(14, 2)) as quantity,
        cast(ticket_id as {{ dbt.type_string() }}) as ticket_id,
        cast(occurred_at as timestamp) as occurred_at,
        cast(updated_at as timestamp) as updated_at,
        cast(id as {{ dbt.type_string() }}) as inventory_movement_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id
    from source

)

select * from renamed
