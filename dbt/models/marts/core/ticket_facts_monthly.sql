-- ticket_facts_daily summed per local calendar month with the report filters and the container
-- and employee (the ticket report's two breakdowns the narrower report_facts_* marts lack): whole
-- months of a period come from here, its partial months' days from ticket_facts_daily.
-- Incremental by month (DuckDB): the pre-hook deletes the months that no longer match the daily
-- facts (macro ticket_facts_stale_periods), and the build sums again every month the table does
-- not hold, so a sensor run reads only the days of the months it touched. On Spark a table.
{{ config(
    materialized=('table' if target.type == 'spark' else 'incremental'),
    incremental_strategy='append',
    on_schema_change='fail',
    pre_hook="{% if is_incremental() %}
        delete from {{ this }} where exists (
            select 1 from ({{ ticket_facts_stale_periods(this, ref('ticket_facts_daily'), 'month') }}) as stale
            where stale.company_id = {{ this }}.company_id and stale.period_start = {{ this }}.month_start
        )
    {% endif %}",
) }}

with days as (

    select
        *,
        cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start
    from {{ ref('ticket_facts_daily') }}

)

select
    company_id,
    location_id,
    location_name,
    month_start,
    is_inbound,
    waste_type_name,
    destination_name,
    container_name,
    employee_name,
    cast(sum(ticket_count) as bigint) as ticket_count,
    cast(sum(net_weight_lb) as decimal(38, 1)) as net_weight_lb,
    max(source_loaded_at) as source_loaded_at
from days
{% if is_incremental() %}
    -- the months held, once each: a few hundred pairs to probe, not the table's rows
    where not exists (
        select 1
        from (
            select distinct
                company_id,
                month_start
            from {{ this }}
        ) as built_months
        where built_months.company_id = days.company_id and built_months.month_start = days.month_start
    )
{% endif %}
group by
    company_id, location_id, location_name, month_start,
    is_inbound, waste_type_name, destination_name, container_name, employee_name
order by company_id, month_start
