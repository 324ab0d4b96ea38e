-- SB 1383 sums per company, location and month (company's local calendar): completed outbound
-- tickets of organic waste types only (SB 1383 concerns organic waste, 14 CCR 18982(a)(46): General
-- Trash sent to landfill is not organic waste disposal; inbound loads are receipts, not waste the
-- location generated). A ticket still waiting for its location (older databases) has a null
-- location here (the company's sums, sb1383_monthly, need it); sb1383_location_yearly leaves it out.
select
    company_id,
    location_id,
    location_name,
    cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start,
    cast(count(*) as {{ dbt.type_bigint() }}) as ticket_count,
    cast(sum(net_weight_lb) as decimal(38, 1)) as net_weight_lb,
    cast(sum(diverted_weight_lb) as decimal(38, 1)) as diverted_weight_lb,
    cast(sum(net_weight_lb - diverted_weight_lb) as decimal(38, 1)) as landfill_weight_lb,
    cast(sum(donated_weight_lb) as decimal(38, 1)) as donated_weight_lb,
    cast(sum(case when management_path = 'donation' then 1 else 0 end) as {{ dbt.type_bigint() }})
        as donation_ticket_count
from {{ ref('tickets') }}
where not is_inbound and is_organic
group by company_id, location_id, location_name, cast({{ dbt.date_trunc('month', 'local_date') }} as date)
