-- The grain every dashboard filters: company, location, local day and the report dimensions.
select
    company_id,
    location_id,
    location_name,
    local_date,
    is_inbound,
    waste_type_name,
    destination_name,
    container_name,
    employee_id,
    employee_name,
    is_diversion,
    management_path,
    count(*) as ticket_count,
    sum(gross_weight_lb) as gross_weight_lb,
    sum(tare_weight_lb) as tare_weight_lb,
    sum(net_weight_lb) as net_weight_lb,
    sum(diverted_weight_lb) as diverted_weight_lb,
    sum(donated_weight_lb) as donated_weight_lb,
    sum(meals_recovered) as meals_recovered,
    sum(co2e_avoided_kg) as co2e_avoided_kg,
    sum(co2e_emitted_kg) as co2e_emitted_kg,
    sum(total_amount_usd) as total_amount_usd
from {{ ref('tickets') }}
group by
    company_id, location_id, location_name, local_date, is_inbound, waste_type_name,
    destination_name, container_name, employee_id, employee_name, is_diversion, management_path
