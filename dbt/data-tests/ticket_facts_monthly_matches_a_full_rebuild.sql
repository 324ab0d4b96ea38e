-- The incremental ticket_facts_monthly holds exactly the rows a full rebuild gives: every month
-- of ticket_facts_daily summed again, compared row for row both ways (a stale, missing or left
-- over group of any month fails). It reads all the daily facts, so the sensor's runs leave it out
-- (dbt/selectors.yml) and a --full-refresh build, which is a full rebuild, skips it; a plain
-- `dbt build` or `dbt test` runs it (tests/pipelines/test_incremental.py, after incremental runs).
{{ config(tags=['matches_full_rebuild']) }}
-- Both inputs, outside the condition below: dbt records a test's refs when it parses, which may be
-- in a --full-refresh run.
-- depends_on: {{ ref('ticket_facts_monthly') }}, {{ ref('ticket_facts_daily') }}

{% if flags.FULL_REFRESH %}
    select null as difference
    where false
{% else %}
    with rebuilt as (

        select
            company_id,
            location_id,
            location_name,
            cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start,
            is_inbound,
            waste_type_name,
            destination_name,
            container_name,
            employee_name,
            cast(sum(ticket_count) as bigint) as ticket_count,
            cast(sum(net_weight_lb) as decimal(38, 1)) as net_weight_lb,
            max(source_loaded_at) as source_loaded_at
        from {{ ref('ticket_facts_daily') }}
        group by
            company_id, location_id, location_name, cast({{ dbt.date_trunc('month', 'local_date') }} as date),
            is_inbound, waste_type_name, destination_name, container_name, employee_name

    ),

    held as (

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
            ticket_count,
            net_weight_lb,
            source_loaded_at
        from {{ ref('ticket_facts_monthly') }}

    )

    {{ differences_from_full_rebuild([
        'company_id',
        'month_start',
        'location_name',
        'waste_type_name',
        'destination_name',
        'container_name',
        'employee_name',
        'ticket_count'
    ]) }}
{% endif %}
