-- Customer statement lines: invoices issued (charges) and payments received (credits), per
-- customer, on company-local days. Void invoices and their payments are left out.
with invoices as (

    select
        invoice_id,
        company_id,
        customer_id,
        invoice_number,
        issue_date,
        amount,
        created_at
    from {{ ref('stg_app__invoices') }}
    where payment_status <> 'void'

),

payment_days as (
    {{ local_payments(ref('stg_app__payments'), 'payment_id') }}
),

payments as (

    select
        p.payment_id,
        p.invoice_id,
        p.method,
        p.reference,
        p.amount,
        p.paid_at,
        d.paid_on
    from {{ ref('stg_app__payments') }} as p
    inner join payment_days as d on p.payment_id = d.document_id

)

select
    {{ dbt.concat(['i.invoice_id', "'@invoice'"]) }} as activity_id,
    i.company_id,
    i.customer_id,
    i.invoice_id,
    i.invoice_number,
    i.issue_date as activity_date,
    'invoice' as kind,
    cast(null as {{ dbt.type_string() }}) as payment_method,
    cast(null as {{ dbt.type_string() }}) as reference,
    cast(i.amount as decimal(12, 2)) as charge,
    cast(0 as decimal(12, 2)) as credit,
    i.created_at as recorded_at
from invoices as i

union all

select
    {{ dbt.concat(['p.payment_id', "'@payment'"]) }} as activity_id,
    i.company_id,
    i.customer_id,
    i.invoice_id,
    i.invoice_number,
    p.paid_on as activity_date,
    'payment' as kind,
    p.method as payment_method,
    p.reference,
    cast(0 as decimal(12, 2)) as charge,
    cast(p.amount as decimal(12, 2)) as credit,
    p.paid_at as recorded_at
from payments as p
inner join invoices as i on p.invoice_id = i.invoice_id
