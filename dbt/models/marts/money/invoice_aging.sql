-- Receivables aging: per invoice, the runs of as-of dates with one balance and one bucket
-- (macro aging_segments). Void invoices owe nothing and are left out. A payment counts from its
-- day in the company's time zone. The API reads the rows valid on the chosen as-of date.
with companies as (

    select
        company_id,
        timezone
    from {{ ref('stg_app__companies') }}

),

invoices as (

    select
        i.invoice_id as document_id,
        i.company_id,
        i.invoice_number,
        i.customer_id,
        i.ticket_id,
        i.issue_date,
        i.due_date,
        i.payment_terms,
        i.amount
    from {{ ref('stg_app__invoices') }} as i
    where i.payment_status <> 'void'

),

payments as (

    select
        p.invoice_id as document_id,
        {{ local_date('p.paid_at', 'c.timezone') }} as paid_on,
        p.amount
    from {{ ref('stg_app__payments') }} as p
    inner join companies as c on p.company_id = c.company_id

),

{{ aging_segments('invoices', 'payments') }}

select
    {{ dbt.concat(['i.document_id', "'@'", "cast(s.valid_from as " ~ dbt.type_string() ~ ")"]) }} as segment_id,
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
    cast(i.amount as decimal(12, 2)) as amount,
    s.valid_from,
    s.valid_to,
    s.paid_to_date,
    s.balance,
    case
        when s.balance > 0 then {{ aging_bucket('s.days_past_due_at_start') }}
    end as aging_category,
    case
        when s.balance <= 0 then 'paid'
        when s.days_past_due_at_start > 0 then 'overdue'
        else 'pending'
    end as payment_status
from aging_segments as s
inner join invoices as i on s.document_id = i.document_id
left join {{ ref('stg_app__customers') }} as cu on i.customer_id = cu.customer_id
left join {{ ref('tickets') }} as t on i.ticket_id = t.ticket_id
