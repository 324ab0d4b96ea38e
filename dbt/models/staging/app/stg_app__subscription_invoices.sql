with source as (

    select * from {{ source('app', 'subscription_invoices') }}

),

renamed as (

    select
        number as invoice_number,
        cast(period_start as date) as period_start,
        cast(period_end as date) as period_end,
        plan,
        locations,
        users,
        cast(amount as decimal(12, 2)) as amount,
        status,
        attempts,
        failure_reason,
        cast(paid_at as timestamp) as paid_at,
        cast(last_attempt_at as timestamp) as last_attempt_at,
        cast(id as {{ dbt.type_string() }}) as subscription_invoice_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
