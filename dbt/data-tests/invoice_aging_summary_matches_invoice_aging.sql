-- invoice_aging_summary's five rows valid on a day equal the sums of invoice_aging's open rows
-- valid on that day (balance, invoices, customers per bucket), checked on the first of every month
-- a company's summary covers and on its last run's first day: the aging report reads one, the
-- invoice list the other, and they must tell one story. A failing row names the company, the day
-- and the bucket.
with check_days as (

    select distinct
        company_id,
        cast({{ dbt.date_trunc('month', 'valid_from') }} as date) as as_of
    from {{ ref('invoice_aging_summary') }}

    union

    select
        company_id,
        valid_from as as_of
    from {{ ref('invoice_aging_summary') }}
    where valid_to is null

),

summary as (

    select
        d.company_id,
        d.as_of,
        s.aging_category,
        s.balance,
        s.invoice_count,
        s.customer_count
    from check_days as d
    inner join {{ ref('invoice_aging_summary') }} as s
        on
        d.company_id = s.company_id
        and d.as_of >= s.valid_from
        and (s.valid_to is null or d.as_of < s.valid_to)

),

open_aging as (

    select
        d.company_id,
        d.as_of,
        a.aging_category,
        a.balance,
        a.customer_id
    from check_days as d
    inner join {{ ref('invoice_aging') }} as a
        on
        d.company_id = a.company_id
        and d.as_of >= a.valid_from
        and (a.valid_to is null or d.as_of < a.valid_to)
    where a.balance > 0

),

aging as (

    select
        company_id,
        as_of,
        aging_category,
        sum(balance) as balance,
        count(*) as invoice_count
    from open_aging
    group by company_id, as_of, aging_category

),

owing as (

    select
        company_id,
        as_of,
        count(distinct customer_id) as customer_count
    from open_aging
    group by company_id, as_of

)

select
    coalesce(s.company_id, a.company_id) as company_id,
    coalesce(s.as_of, a.as_of) as as_of,
    coalesce(s.aging_category, a.aging_category) as aging_category,
    s.balance as summary_balance,
    a.balance as aging_balance,
    s.invoice_count as summary_invoices,
    a.invoice_count as aging_invoices,
    s.customer_count as summary_customers,
    o.customer_count as aging_customers
from summary as s
full outer join aging as a
    on s.company_id = a.company_id and s.as_of = a.as_of and s.aging_category = a.aging_category
left join owing as o
    on coalesce(s.company_id, a.company_id) = o.company_id and coalesce(s.as_of, a.as_of) = o.as_of
where
    coalesce(s.balance, 0) <> coalesce(a.balance, 0)
    or coalesce(s.invoice_count, 0) <> coalesce(a.invoice_count, 0)
    or coalesce(s.customer_count, 0) <> coalesce(o.customer_count, 0)
