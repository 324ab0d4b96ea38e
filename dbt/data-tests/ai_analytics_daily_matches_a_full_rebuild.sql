-- The incremental ai_analytics_daily holds exactly the rows a full rebuild gives: every day
-- counted again from all the tickets and photos (macro ai_analytics_daily_select), compared row
-- for row both ways. It reads every ticket, so the sensor's runs leave it out (dbt/selectors.yml)
-- and a --full-refresh build, which is a full rebuild, skips it; a plain `dbt build` or
-- `dbt test` runs it (tests/pipelines/test_incremental.py, after incremental runs).
{{ config(tags=['matches_full_rebuild']) }}
-- Every input, outside the condition below: dbt records a test's refs when it parses, which may be
-- in a --full-refresh run.
-- depends_on: {{ ref('ai_analytics_daily') }}, {{ ref('tickets') }}, {{ ref('stg_app__tickets') }}
-- depends_on: {{ ref('stg_app__ticket_images') }}

{% if flags.FULL_REFRESH %}
    select null as difference
    where false
{% else %}
    with rebuilt as (

        {{ ai_analytics_daily_select() }}

    ),

    held as (

        select
            company_id,
            location_id,
            location_name,
            local_date,
            iso_weekday,
            is_inbound,
            waste_type_name,
            destination_name,
            ticket_count,
            net_weight_lb,
            photo_ticket_count,
            photo_weight_lb,
            ai_read_count,
            ai_accepted_count,
            ai_corrected_count,
            source_loaded_at
        from {{ ref('ai_analytics_daily') }}

    )

    {{ differences_from_full_rebuild([
        'company_id', 'local_date', 'location_name', 'waste_type_name', 'destination_name', 'ticket_count'
    ]) }}
{% endif %}
