with source as (

    select * from {{ source('app', 'ticket_line_items') }}

),

renamed as (

    select
        cast(ticket_id as {{ dbt.type_string() }}) as ticket_id,
        position,
        cast(waste_type_id as {{ dbt.type_string() }}) as waste_type_id,
        waste_type_name,
        cast(quantity as decimal(12, 2)) as quantity,
        unit,
        cast(unit_price as decimal(12, 4)) as unit_price,
        cast(amount as decimal(12, 2)) as amount,
        notes,
        cast(id as {{ dbt.type_string() }}) as line_item_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
