-- Receivables aging per company as the aging report and the receivables dashboard sum it: per run
-- of as-of dates [valid_from, valid_to) over which no open invoice's balance or bucket changes, one
-- row per bucket with the open balance, the open invoices and the customers owing anything. Built
-- from invoice_aging's runs, which already split at every bucket edge (future ones included), so
-- the answer for any as-of date, today's or next month's, is the one row per bucket valid on it:
-- nothing depends on the day of the refresh. A run starts on each day an open run of
-- invoice_aging starts or ends; the company's last run lasts (valid_to null).
with open_runs as (

    select
        company_id,
        customer_id,
        aging_category,
        balance,
        valid_from,
        valid_to
    from {{ ref('invoice_aging') }}
    where balance > 0

),

-- Each open run adds its balance and one invoice to its bucket on its first day and takes them
-- away on the day after its last.
changes as (

    select
        company_id,
        customer_id,
        aging_category,
        valid_from as changed_on,
        balance,
        1 as invoices
    from open_runs

    union all

    select
        company_id,
        customer_id,
        aging_category,
        valid_to as changed_on,
        -balance as balance,
        -1 as invoices
    from open_runs
    where valid_to is not null

),

change_days as (

    select distinct
        company_id,
        changed_on
    from changes

),

categories as (
    {% for category in ['CURRENT', '1-30', '31-60', '61-90', '90+'] %}
        select '{{ category }}' as aging_category
        {% if not loop.last %}union all{% endif %}
    {% endfor %}
),

bucket_changes as (

    select
        company_id,
        aging_category,
        changed_on,
        sum(balance) as balance,
        sum(invoices) as invoices
    from changes
    group by company_id, aging_category, changed_on

),

buckets as (

    select
        d.company_id,
        k.aging_category,
        d.changed_on,
        sum(coalesce(b.balance, 0)) over (
            partition by d.company_id, k.aging_category order by d.changed_on
            rows between unbounded preceding and current row
        ) as balance,
        sum(coalesce(b.invoices, 0)) over (
            partition by d.company_id, k.aging_category order by d.changed_on
            rows between unbounded preceding and current row
        ) as invoice_count
    from change_days as d
    cross join categories as k
    left join bucket_changes as b
        on d.company_id = b.company_id and k.aging_category = b.aging_category and d.changed_on = b.changed_on

),

-- A customer owes something from the day their open invoices go from none to some until the day
-- they go back to none: +1 and -1 to the company's count of customers owing.
customer_changes as (

    select
        company_id,
        customer_id,
        changed_on,
        sum(invoices) as invoices
    from changes
    where customer_id is not null
    group by company_id, customer_id, changed_on

),

customer_open as (

    select
        company_id,
        changed_on,
        sum(invoices) over (
            partition by company_id, customer_id order by changed_on
            rows between unbounded preceding and current row
        ) as open_after,
        coalesce(sum(invoices) over (
            partition by company_id, customer_id order by changed_on
            rows between unbounded preceding and 1 preceding
        ), 0) as open_before
    from customer_changes

),

owing_changes as (

    select
        company_id,
        changed_on,
        sum(
            case
                when open_before = 0 and open_after > 0 then 1
                when open_before > 0 and open_after = 0 then -1
                else 0
            end
        ) as owing
    from customer_open
    group by company_id, changed_on

),

customers as (

    select
        d.company_id,
        d.changed_on,
        sum(coalesce(c.owing, 0)) over (
            partition by d.company_id order by d.changed_on
            rows between unbounded preceding and current row
        ) as customer_count
    from change_days as d
    left join owing_changes as c on d.company_id = c.company_id and d.changed_on = c.changed_on

)

select
    b.company_id,
    b.changed_on as valid_from,
    lead(b.changed_on) over (partition by b.company_id, b.aging_category order by b.changed_on) as valid_to,
    b.aging_category,
    cast(b.balance as decimal(18, 2)) as balance,
    cast(b.invoice_count as bigint) as invoice_count,
    cast(c.customer_count as bigint) as customer_count
from buckets as b
inner join customers as c on b.company_id = c.company_id and b.changed_on = c.changed_on
order by b.company_id, b.changed_on
