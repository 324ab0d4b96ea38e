-- People of each company: only what the platform's counts need (no names, no sign-in state).
with source as (

    select * from {{ source('app', 'users') }}

),

renamed as (

    select
        role,
        is_active,
        cast(id as {{ dbt.type_string() }}) as user_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
