with source as (

    select * from {{ source('app', 'regions') }}

),

renamed as (

    select
        name,
        description,
        cast(parent_id as {{ dbt.type_string() }}) as parent_id,
        cast(id as {{ dbt.type_string() }}) as region_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
