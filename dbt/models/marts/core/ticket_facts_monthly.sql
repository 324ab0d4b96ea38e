-- ticket_facts_daily summed per local calendar month with the report filters and the container
-- and employee (the ticket report's two breakdowns the narrower report_facts_* marts lack): whole
-- months of a period come from here, its partial months' days from ticket_facts_daily.
select
    company_id,
    location_id,
    location_name,
    cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start,
    is_inbound,
    waste_type_name,
    destination_name,
    container_name,
    employee_name,
    cast(sum(ticket_count) as bigint) as ticket_count,
    cast(sum(net_weight_lb) as decimal(38, 1)) as net_weight_lb
from {{ ref('ticket_facts_daily') }}
group by
    company_id, location_id, location_name, cast({{ dbt.date_trunc('month', 'local_date') }} as date),
    is_inbound, waste_type_name, destination_name, container_name, employee_name
order by company_id, month_start
