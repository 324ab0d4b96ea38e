with source as (

    select * from {{ source('app', 'inventory_items') }}

),

renamed as (

    select
        cast(store_id as {{ dbt.type_string() }}) as store_id,
        cast(waste_type_id as {{ dbt.type_string() }}) as waste_type_id,
        waste_type_name,
        cast(waste_subtype_id as {{ dbt.type_string() }}) as waste_subtype_id,
        cast(container_type_id as {{ dbt.type_string() }}) as container_type_id,
        cast(source_customer_id as {{ dbt.type_string() }}) as source_customer_id,
        cast(source_ticket_id as {{ dbt.type_string() }}) as source_ticket_id,
        cast(quantity_available as decimal(14, 2)) as quantity_available,
        cast(quantity_reserved as decimal(14, 2)) as quantity_reserved,
        unit_of_measure,
        cast(unit_value as decimal(12, 4)) as unit_value,
        status,
        cast(id as {{ dbt.type_string() }}) as inventory_item_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
