with source as (

    select * from {{ source('app', 'waste_types') }}

),

renamed as (

    select
        unit_of_measure,
        cast(default_price_per_unit as decimal(12, 4)) as default_price_per_unit,
        default_pricing_unit,
        material_category,
        is_organic,
        name,
        description,
        is_active,
        is_system_standard,
        sort_order,
        cast(id as {{ dbt.type_string() }}) as waste_type_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at,
        -- when the pipeline loaded the row (the incremental models' watermark)
        cast(_loaded_at as timestamp) as loaded_at
    from source

)

select * from renamed
