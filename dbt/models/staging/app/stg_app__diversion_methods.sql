with source as (

    select * from {{ source('app', 'diversion_methods') }}

),

renamed as (

    select
        cast(co2_factor as decimal(12, 4)) as co2_factor,
        name,
        description,
        is_active,
        is_system_standard,
        sort_order,
        cast(id as {{ dbt.type_string() }}) as diversion_method_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
