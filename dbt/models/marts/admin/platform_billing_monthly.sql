-- Flow's own subscription billing per month (spec 3 section 2.24), from the subscription
-- invoices: a month is the period an invoice bills (the company's local month). Billed (the
-- month's recurring revenue) counts every invoice but void ones; revenue only the paid ones;
-- failed payments the invoices whose charge was declined and not yet paid. Churn: customers
-- billed the month before and not this month, over the customers billed the month before. The
-- month after the last billed one is kept (until it starts), so a churn that empties the
-- billing still shows.
with invoices as (

    select
        company_id,
        period_start as month_start,
        amount,
        status
    from {{ ref('stg_app__subscription_invoices') }}
    where status <> 'void'

),

billed as (

    select distinct
        company_id,
        month_start
    from invoices

),

months as (

    select month_start from billed
    union
    select cast({{ dbt.dateadd('month', 1, 'month_start') }} as date) as month_start
    from billed
    where cast({{ dbt.dateadd('month', 1, 'month_start') }} as date) <= current_date

),

per_month as (

    select
        month_start,
        count(*) as invoices,
        sum(amount) as billed_amount,
        sum(case when status = 'paid' then amount else 0 end) as revenue,
        sum(case when status = 'failed' then 1 else 0 end) as failed_payments,
        sum(case when status = 'failed' then amount else 0 end) as failed_amount,
        sum(case when status = 'open' then 1 else 0 end) as open_invoices
    from invoices
    group by month_start

),

previous as (

    -- each company billed in a month, placed on the month after it
    select
        company_id,
        cast({{ dbt.dateadd('month', 1, 'month_start') }} as date) as month_start
    from billed

),

flags as (

    select
        coalesce(b.month_start, p.month_start) as month_start,
        coalesce(b.company_id, p.company_id) as company_id,
        b.company_id is not null as billed_now,
        p.company_id is not null as billed_before
    from billed as b
    full outer join previous as p on b.company_id = p.company_id and b.month_start = p.month_start

),

customers as (

    select
        m.month_start,
        count(case when f.billed_now then 1 end) as customers_billed,
        count(case when f.billed_before then 1 end) as customers_billed_previous_month,
        count(case when f.billed_before and not f.billed_now then 1 end) as customers_lost,
        count(case when f.billed_now and not f.billed_before then 1 end) as customers_new
    from months as m
    left join flags as f on m.month_start = f.month_start
    group by m.month_start

)

select
    c.month_start,
    cast(coalesce(p.invoices, 0) as integer) as invoices,
    cast(coalesce(p.billed_amount, 0) as decimal(12, 2)) as billed_amount,
    cast(coalesce(p.revenue, 0) as decimal(12, 2)) as revenue,
    cast(coalesce(p.failed_payments, 0) as integer) as failed_payments,
    cast(coalesce(p.failed_amount, 0) as decimal(12, 2)) as failed_amount,
    cast(coalesce(p.open_invoices, 0) as integer) as open_invoices,
    cast(c.customers_billed as integer) as customers_billed,
    cast(c.customers_billed_previous_month as integer) as customers_billed_previous_month,
    cast(c.customers_lost as integer) as customers_lost,
    cast(c.customers_new as integer) as customers_new,
    cast(case
        when c.customers_billed_previous_month > 0
            then round(100.0 * c.customers_lost / c.customers_billed_previous_month, 1)
    end as decimal(5, 1)) as churn_rate_percent
from customers as c
left join per_month as p on c.month_start = p.month_start
