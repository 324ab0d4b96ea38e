-- The EAR files' detail: completed outbound tickets of organic waste types (SB 1383, 14 CCR
-- 18982(a)(46)) per company, year, month, location, material, waste type and destination, in
-- pounds and short tons.
select
    company_id,
    cast(extract(year from local_date) as integer) as report_year,
    cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start,
    location_id,
    location_name,
    coalesce(material, 'unclassified') as material,
    waste_type_name,
    destination_name,
    management_path,
    is_diversion,
    cast(count(*) as {{ dbt.type_bigint() }}) as ticket_count,
    cast(sum(net_weight_lb) as decimal(38, 1)) as net_weight_lb,
    cast(round({{ divide('sum(net_weight_lb)', impact_constant('lb_per_short_ton')) }}, 3) as decimal(38, 3))
        as net_weight_tons
from {{ ref('tickets') }}
where not is_inbound and is_organic
group by
    company_id,
    cast(extract(year from local_date) as integer),
    cast({{ dbt.date_trunc('month', 'local_date') }} as date),
    location_id,
    location_name,
    coalesce(material, 'unclassified'),
    waste_type_name,
    destination_name,
    management_path,
    is_diversion
