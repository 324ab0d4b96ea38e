-- What the report screens filter and sum, per company, location, local day, direction, waste type
-- and destination: ticket_facts_daily without its container and employee columns, so a year of a
-- large company is tens of thousands of rows, not millions. Sorted by company and day: DuckDB's
-- zone maps then let a read skip every other company's row groups.
select
    company_id,
    location_id,
    location_name,
    local_date,
    is_inbound,
    waste_type_name,
    destination_name,
    cast(sum(ticket_count) as bigint) as ticket_count,
    cast(sum(gross_weight_lb) as decimal(38, 1)) as gross_weight_lb,
    cast(sum(tare_weight_lb) as decimal(38, 1)) as tare_weight_lb,
    cast(sum(net_weight_lb) as decimal(38, 1)) as net_weight_lb,
    cast(sum(diverted_weight_lb) as decimal(38, 1)) as diverted_weight_lb,
    cast(sum(meals_recovered) as double) as meals_recovered,
    cast(sum(co2e_avoided_kg) as double) as co2e_avoided_kg
from {{ ref('ticket_facts_daily') }}
group by company_id, location_id, location_name, local_date, is_inbound, waste_type_name, destination_name
order by company_id, local_date
