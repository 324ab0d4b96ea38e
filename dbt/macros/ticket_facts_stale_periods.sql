{#
    The (company, period) pairs of a regrouping of ticket_facts_daily (grain 'month':
    ticket_facts_monthly, period column month_start; grain 'day': report_facts_daily, local_date)
    that no longer match the daily facts: periods holding a day rebuilt from tickets loaded since
    the regrouped rows were built, and periods whose stored ticket count differs from the days' (a
    ticket voided, or moved to another period, leaves its old period short without a new load stamp
    there; a period with no days left has no daily row at all). Any other change to a period's rows
    comes with a ticket loaded since, so the count is enough for what the stamps cannot see.
#}
{% macro ticket_facts_stale_periods(regrouped, daily, grain) -%}
    {%- set month = "cast(" ~ dbt.date_trunc('month', 'local_date') ~ " as date)" -%}
    {%- set period = month if grain == 'month' else 'local_date' -%}
    {%- set period_column = 'month_start' if grain == 'month' else 'local_date' -%}
    select distinct
        company_id,
        {{ period }} as period_start
    from {{ daily }}
    where source_loaded_at > {{ loaded_since(regrouped) }}
    union
    select
        coalesce(current_periods.company_id, built_periods.company_id) as company_id,
        coalesce(current_periods.period_start, built_periods.period_start) as period_start
    from (
        select
            company_id,
            {{ period }} as period_start,
            sum(ticket_count) as ticket_count
        from {{ daily }}
        group by company_id, {{ period }}
    ) as current_periods
    full outer join (
        select
            company_id,
            {{ period_column }} as period_start,
            sum(ticket_count) as ticket_count
        from {{ regrouped }}
        group by company_id, {{ period_column }}
    ) as built_periods
        on current_periods.company_id = built_periods.company_id
        and current_periods.period_start = built_periods.period_start
    where
        current_periods.ticket_count is null
        or built_periods.ticket_count is null
        or current_periods.ticket_count <> built_periods.ticket_count
{%- endmacro %}
