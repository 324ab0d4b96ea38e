with source as (

    select * from {{ source('app', 'bills') }}

),

renamed as (

    select
        bill_number,
        cast(partner_id as {{ dbt.type_string() }}) as partner_id,
        cast(ticket_id as {{ dbt.type_string() }}) as ticket_id,
        cast(issue_date as date) as issue_date,
        cast(due_date as date) as due_date,
        payment_terms,
        description,
        cast(amount as decimal(12, 2)) as amount,
        status,
        cast(id as {{ dbt.type_string() }}) as bill_id,
        cast(company_id as {{ dbt.type_string() }}) as company_id,
        cast(created_at as timestamp) as created_at,
        cast(updated_at as timestamp) as updated_at
    from source

)

select * from renamed
