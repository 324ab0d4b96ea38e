-- report_facts_daily summed per local calendar month: a report over whole months reads these
-- rows (twelve per location and filter combination for a year) and only its partial months'
-- days from report_facts_daily. Sorted by company and month for the same zone-map skipping.
select
    company_id,
    location_id,
    location_name,
    cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start,
    is_inbound,
    waste_type_name,
    destination_name,
    cast(sum(ticket_count) as bigint) as ticket_count,
    cast(sum(gross_weight_lb) as decimal(38, 1)) as gross_weight_lb,
    cast(sum(tare_weight_lb) as decimal(38, 1)) as tare_weight_lb,
    cast(sum(net_weight_lb) as decimal(38, 1)) as net_weight_lb,
    cast(sum(diverted_weight_lb) as decimal(38, 1)) as diverted_weight_lb,
    cast(sum(organic_weight_lb) as decimal(38, 1)) as organic_weight_lb,
    cast(sum(organic_diverted_weight_lb) as decimal(38, 1)) as organic_diverted_weight_lb,
    cast(sum(meals_recovered) as double) as meals_recovered,
    cast(sum(co2e_avoided_kg) as double) as co2e_avoided_kg
from {{ ref('report_facts_daily') }}
group by
    company_id, location_id, location_name, cast({{ dbt.date_trunc('month', 'local_date') }} as date),
    is_inbound, waste_type_name, destination_name
order by company_id, month_start
