with source as (

    select * from {{ source('app', 'destination_types') }}

),

renamed as (

    select
        is_diversion,
        management_path,
        name,
        description,
        is_active,
        is_system_standard,
        sort_order,
        cast(id as {{ dbt.type_string() }}) as destination_type_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
