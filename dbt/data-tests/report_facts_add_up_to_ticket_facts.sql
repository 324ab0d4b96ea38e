-- The report marts are ticket_facts_daily regrouped: per company, month, location, direction,
-- waste type and destination, report_facts_daily, report_facts_monthly and ticket_facts_monthly
-- hold the same ticket count and net lb as ticket_facts_daily (and the same diverted lb where they
-- carry it), and none holds a group the others lack: a report must not change with the mart it reads.
with all_rows as (

    select
        'ticket_facts_daily' as mart,
        company_id,
        location_id,
        cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start,
        is_inbound,
        waste_type_name,
        destination_name,
        ticket_count,
        net_weight_lb,
        diverted_weight_lb
    from {{ ref('ticket_facts_daily') }}
    union all
    select
        'report_facts_daily' as mart,
        company_id,
        location_id,
        cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start,
        is_inbound,
        waste_type_name,
        destination_name,
        ticket_count,
        net_weight_lb,
        diverted_weight_lb
    from {{ ref('report_facts_daily') }}
    union all
    select
        'report_facts_monthly' as mart,
        company_id,
        location_id,
        month_start,
        is_inbound,
        waste_type_name,
        destination_name,
        ticket_count,
        net_weight_lb,
        diverted_weight_lb
    from {{ ref('report_facts_monthly') }}
    union all
    select
        'ticket_facts_monthly' as mart,
        company_id,
        location_id,
        month_start,
        is_inbound,
        waste_type_name,
        destination_name,
        ticket_count,
        net_weight_lb,
        null as diverted_weight_lb
    from {{ ref('ticket_facts_monthly') }}

),

per_mart as (

    select
        mart,
        company_id,
        location_id,
        month_start,
        is_inbound,
        waste_type_name,
        destination_name,
        sum(ticket_count) as ticket_count,
        sum(net_weight_lb) as net_weight_lb,
        sum(diverted_weight_lb) as diverted_weight_lb
    from all_rows
    group by
        mart, company_id, location_id, month_start, is_inbound, waste_type_name, destination_name

)

select
    company_id,
    location_id,
    month_start,
    is_inbound,
    waste_type_name,
    destination_name,
    count(*) as marts_holding_the_group,
    min(ticket_count) as least_tickets,
    max(ticket_count) as most_tickets
from per_mart
group by company_id, location_id, month_start, is_inbound, waste_type_name, destination_name
having
    count(*) <> 4
    or min(ticket_count) <> max(ticket_count)
    or min(net_weight_lb) <> max(net_weight_lb)
    or min(diverted_weight_lb) <> max(diverted_weight_lb)
