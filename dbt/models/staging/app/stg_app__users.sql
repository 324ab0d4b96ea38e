with source as (

    select * from {{ source('app', 'users') }}

),

renamed as (

    select
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        email,
        role,
        first_name,
        last_name,
        phone,
        is_active,
        setup_completed,
        cast(assigned_location_id as {{ dbt.type_string() }}) as assigned_location_id,
        preferences,
        cast(last_login_at as timestamp) as last_login_at,
        cast(id as {{ dbt.type_string() }}) as user_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
