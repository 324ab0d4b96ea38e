-- Payables aging: per bill owed to a disposal partner, the runs of as-of dates with one balance
-- and one bucket (macro aging_segments, the same as invoice_aging). Void bills are left out.
with bills as (

    select
        b.bill_id as document_id,
        b.company_id,
        b.bill_number,
        b.partner_id,
        b.ticket_id,
        b.issue_date,
        b.due_date,
        b.payment_terms,
        b.description,
        b.amount
    from {{ ref('stg_app__bills') }} as b
    where b.status <> 'void'

),

payments as (
    {{ local_payments(ref('stg_app__bill_payments'), 'bill_id') }}
),

{{ aging_segments('bills', 'payments') }}

select
    b.company_id,
    b.document_id as bill_id,
    b.bill_number,
    b.partner_id,
    pa.customer_name as partner_name,
    b.ticket_id,
    t.ticket_number,
    b.issue_date,
    b.due_date,
    b.payment_terms,
    b.description,
    cast(b.amount as decimal(12, 2)) as amount,
    {{ aging_state_columns('s', 'b') }}
from aging_segments as s
inner join bills as b on s.document_id = b.document_id
left join {{ ref('stg_app__customers') }} as pa on b.partner_id = pa.customer_id
left join {{ ref('tickets') }} as t on b.ticket_id = t.ticket_id
