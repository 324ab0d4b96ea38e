-- What the report screens filter and sum, per company, location, local day, direction, waste type
-- and destination: ticket_facts_daily without its container and employee columns, so a year of a
-- large company is tens of thousands of rows, not millions. Sorted by company and day: DuckDB's
-- zone maps then let a read skip every other company's row groups.
-- Incremental by day (DuckDB): the pre-hook deletes the days that no longer match the daily facts
-- (macro ticket_facts_stale_periods), and the build sums again every day the table does not hold,
-- so a sensor run reads only the days it touched. On Spark a table.
{{ config(
    materialized=('table' if target.type == 'spark' else 'incremental'),
    incremental_strategy='append',
    on_schema_change='fail',
    pre_hook="{% if is_incremental() %}
        delete from {{ this }} where exists (
            select 1 from ({{ ticket_facts_stale_periods(this, ref('ticket_facts_daily'), 'day') }}) as stale
            where stale.company_id = {{ this }}.company_id and stale.period_start = {{ this }}.local_date
        )
    {% endif %}",
) }}

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
    cast(sum(organic_weight_lb) as decimal(38, 1)) as organic_weight_lb,
    cast(sum(organic_diverted_weight_lb) as decimal(38, 1)) as organic_diverted_weight_lb,
    cast(sum(meals_recovered) as double) as meals_recovered,
    cast(sum(co2e_avoided_kg) as double) as co2e_avoided_kg,
    max(source_loaded_at) as source_loaded_at
from {{ ref('ticket_facts_daily') }} as daily_facts
{% if is_incremental() %}
    -- the days held, once each: a few thousand pairs to probe, not the table's rows
    where not exists (
        select 1
        from (
            select distinct
                company_id,
                local_date
            from {{ this }}
        ) as built_days
        where built_days.company_id = daily_facts.company_id and built_days.local_date = daily_facts.local_date
    )
{% endif %}
group by company_id, location_id, location_name, local_date, is_inbound, waste_type_name, destination_name
order by company_id, local_date
