with source as (

    select * from {{ source('app', 'ticket_images') }}

),

renamed as (

    select
        cast(ticket_id as {{ dbt.type_string() }}) as ticket_id,
        kind,
        content_type,
        size_bytes,
        cast(id as {{ dbt.type_string() }}) as ticket_image_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at,
        cast(_loaded_at as timestamp) as loaded_at
    from source

)

select * from renamed
