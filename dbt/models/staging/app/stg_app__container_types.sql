with source as (

    select * from {{ source('app', 'container_types') }}

),

renamed as (

    select
        cast(capacity_gallons as decimal(10, 1)) as capacity_gallons,
        cast(tare_weight_lbs as decimal(10, 1)) as tare_weight_lbs,
        name,
        description,
        is_active,
        is_system_standard,
        sort_order,
        cast(id as {{ dbt.type_string() }}) as container_type_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
