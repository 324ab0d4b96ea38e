with source as (

    select * from {{ source('app', 'location_generator_profiles') }}

),

renamed as (

    select
        business_type,
        cast(gross_annual_sales_usd as decimal(14, 2)) as gross_annual_sales_usd,
        facility_square_feet,
        seats,
        rooms,
        beds,
        has_onsite_food_facility,
        average_daily_attendance,
        cast(store_id as {{ dbt.type_string() }}) as store_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
