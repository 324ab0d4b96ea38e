with source as (

    select * from {{ source('app', 'invoices') }}

),

renamed as (

    select
        invoice_number,
        cast(customer_id as {{ dbt.type_string() }}) as customer_id,
        cast(ticket_id as {{ dbt.type_string() }}) as ticket_id,
        cast(issue_date as date) as issue_date,
        cast(due_date as date) as due_date,
        payment_terms,
        cast(amount as decimal(12, 2)) as amount,
        cast(balance as decimal(12, 2)) as balance,
        payment_status,
        cast(billing_period as date) as billing_period,
        cast(paid_at as timestamp) as paid_at,
        cast(id as {{ dbt.type_string() }}) as invoice_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
