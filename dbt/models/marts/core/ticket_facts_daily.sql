-- The grain every dashboard filters: company, location, local day and the report dimensions.
-- Incremental by day: the pre-hook deletes the days that no longer match the tickets mart
-- (macro ticket_facts_stale_days), and the build appends every day the table does not hold.
{{ config(
    materialized='incremental',
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
    sum(gross_weight_lb) as gross_weight_lb,
    sum(tare_weight_lb) as tare_weight_lb,
    sum(net_weight_lb) as net_weight_lb,
    sum(diverted_weight_lb) as diverted_weight_lb,
    sum(donated_weight_lb) as donated_weight_lb,
    sum(meals_recovered) as meals_recovered,
    sum(co2e_avoided_kg) as co2e_avoided_kg,
    sum(co2e_emitted_kg) as co2e_emitted_kg,
    sum(total_amount_usd) as total_amount_usd,
    max(source_loaded_at) as source_loaded_at
from tickets
group by
    company_id, location_id, location_name, local_date, is_inbound, waste_type_name,
    destination_name, container_name, employee_id, employee_name, is_diversion, management_path
