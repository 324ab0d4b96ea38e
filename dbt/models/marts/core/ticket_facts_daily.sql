-- The grain every dashboard filters: company, location, local day and the report dimensions.
-- Incremental by day: the pre-hook deletes the days that no longer match the tickets mart
-- (macro ticket_facts_stale_days), and the build appends every day the table does not hold.
-- Sums are cast to the contract's types: Spark widens a decimal sum by 10 digits, DuckDB to 38.
{{ config(
    materialized=('table' if target.type == 'spark' else 'incremental'),
    incremental_strategy='append',
    on_schema_change='fail',
    pre_hook="{% if is_incremental() %}
        delete from {{ this }} where exists (
            select 1 from ({{ ticket_facts_stale_days(this, ref('tickets')) }}) as stale
            where stale.company_id = {{ this }}.company_id and stale.local_date = {{ this }}.local_date
        )
    {% endif %}",
) }}

with tickets as (

    select * from {{ ref('tickets') }} as completed
    {% if is_incremental() %}
        where not exists (
            select 1 from {{ this }} as built
            where built.company_id = completed.company_id and built.local_date = completed.local_date
        )
    {% endif %}

)

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
    cast(sum(gross_weight_lb) as decimal(38, 1)) as gross_weight_lb,
    cast(sum(tare_weight_lb) as decimal(38, 1)) as tare_weight_lb,
    cast(sum(net_weight_lb) as decimal(38, 1)) as net_weight_lb,
    cast(sum(diverted_weight_lb) as decimal(38, 1)) as diverted_weight_lb,
    cast(sum(organic_weight_lb) as decimal(38, 1)) as organic_weight_lb,
    cast(sum(organic_diverted_weight_lb) as decimal(38, 1)) as organic_diverted_weight_lb,
    cast(sum(donated_weight_lb) as decimal(38, 1)) as donated_weight_lb,
    cast(sum(meals_recovered) as double) as meals_recovered,
    cast(sum(co2e_avoided_kg) as double) as co2e_avoided_kg,
    cast(sum(co2e_emitted_kg) as double) as co2e_emitted_kg,
    cast(sum(total_amount_usd) as decimal(38, 2)) as total_amount_usd,
    max(source_loaded_at) as source_loaded_at
from tickets
group by
    company_id, location_id, location_name, local_date, is_inbound, waste_type_name,
    destination_name, container_name, employee_id, employee_name, is_diversion, management_path
-- sorted by company and day, so a read of one company's period touches only its row groups
order by company_id, local_date
