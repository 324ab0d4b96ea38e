with source as (

    select * from {{ source('app', 'carbon_credits') }}

),

renamed as (

    select
        cast(ticket_id as {{ dbt.type_string() }}) as ticket_id,
        credit_type,
        diversion_method,
        methodology,
        cast(co2_avoided_kg as decimal(14, 3)) as co2_avoided_kg,
        cast(total_co2e_tons as decimal(14, 3)) as total_co2e_tons,
        cast(credit_value_usd as decimal(12, 2)) as credit_value_usd,
        verification_status,
        cast(id as {{ dbt.type_string() }}) as carbon_credit_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
