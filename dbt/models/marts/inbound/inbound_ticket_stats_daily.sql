-- The figures of Inbound Ticket Management (spec 3 s2.5): completed inbound tickets per company,
-- location, company-local day, payee and hauler, with their revenue (the tickets' totals, each
-- the sum of its rounded lines) and net weight. Draft, saved and void tickets never count. The
-- API narrows by location, date range and customer (payee or hauler) and sums: total tickets,
-- total revenue and total weight; today's tickets are the rows of the company's today.
with tickets as (

    select
        company_id,
        store_id,
        ticket_at,
        customer1_id,
        customer2_id,
        total_amount,
        net_weight_lb
    from {{ ref('stg_app__tickets') }}
    where is_inbound and status = 'completed'

),

companies as (

    select
        company_id,
        timezone
    from {{ ref('stg_app__companies') }}

),

dated as (

    select
        tickets.company_id,
        tickets.store_id,
        {{ company_local_date('tickets.ticket_at', 'companies.timezone') }} as local_date,
        tickets.customer1_id,
        tickets.customer2_id,
        tickets.total_amount,
        tickets.net_weight_lb
    from tickets
    left join companies on tickets.company_id = companies.company_id

)

select
    company_id,
    store_id as location_id,
    local_date,
    customer1_id as payee_id,
    customer2_id as hauler_id,
    count(*) as ticket_count,
    cast(sum(coalesce(total_amount, 0)) as decimal(38, 2)) as total_revenue_usd,
    cast(sum(coalesce(net_weight_lb, 0)) as decimal(38, 1)) as net_weight_lb
from dated
group by
    company_id,
    store_id,
    local_date,
    customer1_id,
    customer2_id
