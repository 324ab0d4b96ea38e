-- Receivables aging: per invoice, the runs of as-of dates with one balance and one bucket
-- (macro aging_segments). Void invoices owe nothing and are left out. A payment counts from its
-- day in the company's time zone. The API reads the rows valid on the chosen as-of date.
with invoices as (

    select
        i.invoice_id as document_id,
        i.company_id,
        i.invoice_number,
        i.customer_id,
        i.ticket_id,
        i.issue_date,
        i.due_date,
        i.payment_terms,
        i.billing_period,
        i.amount
    from {{ ref('stg_app__invoices') }} as i
    where i.payment_status <> 'void'

),

payments as (
    {{ local_payments(ref('stg_app__payments'), 'invoice_id') }}
),

{{ aging_segments('invoices', 'payments') }}

select
    i.company_id,
    i.document_id as invoice_id,
    i.invoice_number,
    i.customer_id,
    cu.customer_name,
    i.ticket_id,
    t.ticket_number,
    i.issue_date,
    i.due_date,
    i.payment_terms,
    i.billing_period,
    cast(i.amount as decimal(12, 2)) as amount,
    {{ aging_state_columns('s', 'i') }}
from aging_segments as s
inner join invoices as i on s.document_id = i.document_id
left join {{ ref('stg_app__customers') }} as cu on i.customer_id = cu.customer_id
left join {{ ref('tickets') }} as t on i.ticket_id = t.ticket_id
