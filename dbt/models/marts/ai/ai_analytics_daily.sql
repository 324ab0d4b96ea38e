-- AI Analytics grain (issue 16): completed tickets by company, location, local day, direction,
-- product and destination, with the data-quality counts the report shows: weight weighed with a photo, and
-- machine readings of the scale accepted as read or corrected by hand (macro ai_analytics_daily_select).
-- Incremental by day (DuckDB): the pre-hook deletes the days that no longer match the daily facts
-- (macro ticket_facts_stale_periods: days of tickets loaded since, days whose ticket count moved)
-- and the days of tickets with a photo loaded since; the build then counts again every day the
-- table does not hold. On Spark a table.
{{ config(
    materialized=('table' if target.type == 'spark' else 'incremental'),
    incremental_strategy='append',
    on_schema_change='fail',
    pre_hook="{% if is_incremental() %}
        delete from {{ this }} where exists (
            select 1 from (
                {{ ticket_facts_stale_periods(this, ref('ticket_facts_daily'), 'day') }}
                union
                select company_id, local_date from {{ ref('tickets') }}
                where ticket_id in (
                    select ticket_id from {{ ref('stg_app__ticket_images') }}
                    where loaded_at > {{ loaded_since(this) }}
                )
            ) as stale
            where stale.company_id = {{ this }}.company_id and stale.period_start = {{ this }}.local_date
        )
    {% endif %}",
) }}
-- depends_on: {{ ref('ticket_facts_daily') }}
{{ ai_analytics_daily_select(not_held_in=(this if is_incremental() else none)) }}
