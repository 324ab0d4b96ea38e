with source as (

    select * from {{ source('app', 'payments') }}

),

renamed as (

    select
        cast(invoice_id as {{ dbt.type_string() }}) as invoice_id,
        cast(amount as decimal(12, 2)) as amount,
        method,
        reference,
        notes,
        cast(paid_at as timestamp) as paid_at,
        cast(recorded_by_id as {{ dbt.type_string() }}) as recorded_by_id,
        cast(id as {{ dbt.type_string() }}) as payment_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
