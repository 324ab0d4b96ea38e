with source as (

    select * from {{ source('app', 'stores') }}

),

renamed as (

    select
        name as location_name,
        store_number,
        address,
        city,
        state,
        zip_code,
        phone,
        cast(region_id as {{ dbt.type_string() }}) as region_id,
        cast(subregion_id as {{ dbt.type_string() }}) as subregion_id,
        is_active,
        advanced_options_enabled,
        cast(id as {{ dbt.type_string() }}) as store_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at,
        -- when the pipeline loaded the row (the incremental models' watermark)
        cast(_loaded_at as timestamp) as loaded_at
    from source

)

select * from renamed
