with source as (

    select * from {{ source('app', 'food_recovery_partners') }}

),

renamed as (

    select
        name as partner_name,
        kind as partner_kind,
        pickup_mode,
        is_active,
        cast(destination_id as {{ dbt.type_string() }}) as destination_id,
        cast(id as {{ dbt.type_string() }}) as partner_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
