-- Carbon credit estimates per company and month (company's local calendar): the trend and the
-- period totals. Value = metric tons x the company's price per MT (default 15 USD).
select
    company_id,
    month_start,
    cast(count(*) as {{ dbt.type_bigint() }}) as credit_count,
    cast(sum(net_weight_lb) as decimal(38, 1)) as net_weight_lb,
    cast(sum(co2_avoided_kg) as decimal(18, 3)) as co2_avoided_kg,
    cast(sum(total_co2e_tons) as decimal(18, 6)) as total_co2e_tons,
    cast(round(sum(total_co2e_tons * price_usd_per_mt), 2) as decimal(14, 2)) as credit_value_usd,
    cast(sum(inventory_co2e_kg) as decimal(18, 3)) as inventory_co2e_kg
from {{ ref('carbon_credit_estimates') }}
group by company_id, month_start
