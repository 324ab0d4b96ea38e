{# Receivable/payable aging bucket from days past the due date (QuickBooks convention, spec 3 s9):
   CURRENT up to day 0, then 1-30, 31-60, 61-90 and 90+ (day 91 on). The day an edge is crossed
   is listed in aging_edges() so the segment models can split there. #}
{% macro aging_bucket(days_past_due) -%}
    case
        when {{ days_past_due }} <= 0 then 'CURRENT'
        when {{ days_past_due }} <= 30 then '1-30'
        when {{ days_past_due }} <= 60 then '31-60'
        when {{ days_past_due }} <= 90 then '61-90'
        else '90+'
    end
{%- endmacro %}

{# First day past due of each bucket after CURRENT. #}
{% macro aging_edges() -%}
    {{ return([1, 31, 61, 91]) }}
{%- endmacro %}

{# Aging segments of money owed (invoices owed to us, bills we owe): for each document, the runs
   of as-of dates over which its balance and aging bucket stay the same. A run starts on the
   issue date, on each day money was paid, and on each bucket edge crossed while money is owed;
   it ends the day before the next run starts (valid_to, exclusive; null = still running). The
   API picks, for an as-of date D, the rows with valid_from <= D < valid_to and sums them: aging
   as of any day with no formula outside dbt.
   documents: relation with document_id, issue_date, due_date, amount.
   payments: relation with document_id, paid_on (company-local date), amount. #}
{% macro aging_segments(documents, payments) -%}
paid_by_day as (

    select
        p.document_id,
        greatest(p.paid_on, d.issue_date) as paid_on,
        sum(p.amount) as amount
    from {{ payments }} as p
    inner join {{ documents }} as d on p.document_id = d.document_id
    group by p.document_id, greatest(p.paid_on, d.issue_date)

),

paid_running as (

    select
        document_id,
        paid_on,
        sum(amount) over (
            partition by document_id order by paid_on rows between unbounded preceding and current row
        ) as paid_to_date
    from paid_by_day

),

settled as (

    select
        r.document_id,
        min(r.paid_on) as settled_on
    from paid_running as r
    inner join {{ documents }} as d on r.document_id = d.document_id
    where r.paid_to_date >= d.amount
    group by r.document_id

),

bucket_edges as (
    {% for edge in aging_edges() %}
        select
            d.document_id,
            cast({{ dbt.dateadd('day', edge, 'd.due_date') }} as date) as starts_on
        from {{ documents }} as d
        {% if not loop.last %}union all{% endif %}
    {% endfor %}
),

run_starts as (

    select
        document_id,
        issue_date as starts_on
    from {{ documents }}
    union
    select
        document_id,
        paid_on as starts_on
    from paid_by_day
    union
    select
        e.document_id,
        e.starts_on
    from bucket_edges as e
    inner join {{ documents }} as d on e.document_id = d.document_id
    left join settled as s on e.document_id = s.document_id
    where e.starts_on > d.issue_date and (s.settled_on is null or e.starts_on < s.settled_on)

),

runs as (

    select
        document_id,
        starts_on,
        lead(starts_on) over (partition by document_id order by starts_on) as ends_before
    from run_starts

),

run_paid as (

    select
        runs.document_id,
        runs.starts_on,
        runs.ends_before,
        coalesce(max(r.paid_to_date), 0) as paid_to_date
    from runs
    left join paid_running as r on runs.document_id = r.document_id and r.paid_on <= runs.starts_on
    group by runs.document_id, runs.starts_on, runs.ends_before

),

aging_segments as (

    select
        d.document_id,
        rp.starts_on as valid_from,
        rp.ends_before as valid_to,
        cast(rp.paid_to_date as decimal(12, 2)) as paid_to_date,
        cast(d.amount - rp.paid_to_date as decimal(12, 2)) as balance,
        {{ dbt.datediff('d.due_date', 'rp.starts_on', 'day') }} as days_past_due_at_start
    from run_paid as rp
    inner join {{ documents }} as d on rp.document_id = d.document_id

)
{%- endmacro %}

{# An aging mart (invoice_aging, bill_aging): per document, the runs of aging_segments() with the
   document's facts, its party's name and its ticket's number. Void documents owe nothing and are
   left out. The number comes from the staging tickets, not the tickets mart: a number never
   changes once issued, so a ticket change cannot alter these marts, and the sensor's run rebuilds
   them only when the money tables moved (dbt/selectors.yml, money_change). The mart's columns: company_id, `key`, `number`, <party>_id, <party>_name,
   ticket_id, ticket_number, issue_date, due_date, payment_terms, `extra`, amount, then
   aging_state_columns().
   documents: a staging relation of invoices or bills; key: its id column, which the payments
   name too; party: 'customer' or 'partner' (a customers row); status_column: where 'void' is
   written; payments: the staging payments. #}
{% macro aging_mart(documents, key, number, party, status_column, extra, payments) -%}
with aged_documents as (

    select
        {{ key }} as document_id,
        company_id,
        {{ number }},
        {{ party }}_id,
        ticket_id,
        issue_date,
        due_date,
        payment_terms,
        {{ extra }},
        amount
    from {{ documents }}
    where {{ status_column }} <> 'void'

),

aged_payments as (
    {{ local_payments(payments, key) }}
),

{{ aging_segments('aged_documents', 'aged_payments') }}

select
    d.company_id,
    d.document_id as {{ key }},
    d.{{ number }},
    d.{{ party }}_id,
    pa.customer_name as {{ party }}_name,
    d.ticket_id,
    t.ticket_number,
    d.issue_date,
    d.due_date,
    d.payment_terms,
    d.{{ extra }},
    cast(d.amount as decimal(12, 2)) as amount,
    {{ aging_state_columns('s', 'd') }}
from aging_segments as s
inner join aged_documents as d on s.document_id = d.document_id
left join {{ ref('stg_app__customers') }} as pa on d.{{ party }}_id = pa.customer_id
left join {{ ref('stg_app__tickets') }} as t on d.ticket_id = t.ticket_id
{%- endmacro %}

{# Payments against documents (invoices or bills), each on its day in the company's time zone:
   document_id, paid_on, amount. The input of aging_segments() and of the activity marts.
   payments: a staging relation with company_id, paid_at, amount and `document_column`. #}
{% macro local_payments(payments, document_column) -%}
    select
        p.{{ document_column }} as document_id,
        {{ company_local_date('p.paid_at', 'c.timezone') }} as paid_on,
        p.amount
    from {{ payments }} as p
    inner join {{ ref('stg_app__companies') }} as c on p.company_id = c.company_id
{%- endmacro %}

{# The columns every aging mart ends with, from aging_segments (alias s) and the documents
   (alias d): segment id, the run [valid_from, valid_to), paid to date, balance, bucket, status. #}
{% macro aging_state_columns(s, d) -%}
    {% set valid_from_text = "cast(" ~ s ~ ".valid_from as " ~ dbt.type_string() ~ ")" -%}
    {{ dbt.concat([d ~ '.document_id', "'@'", valid_from_text]) }} as segment_id,
    {{ s }}.valid_from,
    {{ s }}.valid_to,
    {{ s }}.paid_to_date,
    {{ s }}.balance,
    case
        when {{ s }}.balance > 0 then {{ aging_bucket(s ~ '.days_past_due_at_start') }}
    end as aging_category,
    case
        when {{ s }}.balance <= 0 then 'paid'
        when {{ s }}.days_past_due_at_start > 0 then 'overdue'
        else 'pending'
    end as payment_status
{%- endmacro %}
