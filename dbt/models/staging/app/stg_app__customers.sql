with source as (

    select * from {{ source('app', 'customers') }}

),

renamed as (

    select
        account_number,
        customer_name,
        phone,
        email,
        address,
        is_hauler,
        is_disposal_partner,
        active,
        cast(custom_pricing_per_unit as decimal(12, 4)) as custom_pricing_per_unit,
        default_unit_of_measure,
        payment_terms_days,
        notes,
        cast(id as {{ dbt.type_string() }}) as customer_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
