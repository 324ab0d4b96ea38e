-- Payables aging: per bill owed to a disposal partner, the runs of as-of dates with one balance
-- and one bucket (macro aging_segments, the same as invoice_aging). Void bills are left out.
with companies as (

    select
        company_id,
        timezone
    from {{ ref('stg_app__companies') }}

),

bills as (

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

    select
        p.bill_id as document_id,
        {{ local_date('p.paid_at', 'c.timezone') }} as paid_on,
        p.amount
    from {{ ref('stg_app__bill_payments') }} as p
    inner join companies as c on p.company_id = c.company_id

),

{{ aging_segments('bills', 'payments') }}

select
    {{ dbt.concat(['b.document_id', "'@'", "cast(s.valid_from as " ~ dbt.type_string() ~ ")"]) }} as segment_id,
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
inner join bills as b on s.document_id = b.document_id
left join {{ ref('stg_app__customers') }} as pa on b.partner_id = pa.customer_id
left join {{ ref('tickets') }} as t on b.ticket_id = t.ticket_id
