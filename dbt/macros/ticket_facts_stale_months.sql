{#
    The (company, month) pairs of a monthly regrouping of ticket_facts_daily (ticket_facts_monthly)
    that no longer match the daily facts: months holding a day rebuilt from tickets loaded since the
    monthly rows were built, and months whose stored ticket count differs from the days' (a ticket
    voided, or moved to another month, leaves its old month short without a new load stamp there;
    a month with no days left has no daily row at all). Any other change to a month's rows comes
    with a ticket loaded since, so the count is enough for what the stamps cannot see.
#}
{% macro ticket_facts_stale_months(monthly, daily) -%}
    select distinct
        company_id,
        cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start
    from {{ daily }}
    where source_loaded_at > {{ loaded_since(monthly) }}
    union
    select
        coalesce(current_months.company_id, built_months.company_id) as company_id,
        coalesce(current_months.month_start, built_months.month_start) as month_start
    from (
        select
            company_id,
            cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start,
            sum(ticket_count) as ticket_count
        from {{ daily }}
        group by company_id, cast({{ dbt.date_trunc('month', 'local_date') }} as date)
    ) as current_months
    full outer join (
        select company_id, month_start, sum(ticket_count) as ticket_count
        from {{ monthly }}
        group by company_id, month_start
    ) as built_months
        on current_months.company_id = built_months.company_id
        and current_months.month_start = built_months.month_start
    where
        current_months.ticket_count is null
        or built_months.ticket_count is null
        or current_months.ticket_count <> built_months.ticket_count
{%- endmacro %}
