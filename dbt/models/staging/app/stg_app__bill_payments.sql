with source as (

    select * from {{ source('app', 'bill_payments') }}

),

renamed as (

    select
        cast(bill_id as {{ dbt.type_string() }}) as bill_id,
        cast(amount as decimal(12, 2)) as amount,
        method,
        cast(paid_at as timestamp) as paid_at,
        cast(id as {{ dbt.type_string() }}) as bill_payment_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
