{#
    The (company, local day) pairs of ticket_facts_daily that no longer match the tickets mart:
    days holding a ticket whose inputs were loaded since the facts were built, and days whose stored
    ticket count or net weight differs from the tickets (a ticket voided, or moved to another
    day, leaves its old day short; a day with no tickets left has no ticket row at all).
#}
{% macro ticket_facts_stale_days(facts, tickets) -%}
    select distinct company_id, local_date
    from {{ tickets }}
    where source_loaded_at > (select max(source_loaded_at) from {{ facts }})
    union
    select
        coalesce(current_days.company_id, built_days.company_id) as company_id,
        coalesce(current_days.local_date, built_days.local_date) as local_date
    from (
        select company_id, local_date, count(*) as ticket_count, sum(net_weight_lb) as net_weight_lb
        from {{ tickets }}
        group by company_id, local_date
    ) as current_days
    full outer join (
        select company_id, local_date, sum(ticket_count) as ticket_count, sum(net_weight_lb) as net_weight_lb
        from {{ facts }}
        group by company_id, local_date
    ) as built_days
        on current_days.company_id = built_days.company_id
        and current_days.local_date = built_days.local_date
    where
        current_days.ticket_count is null
        or built_days.ticket_count is null
        or current_days.ticket_count <> built_days.ticket_count
        or current_days.net_weight_lb <> built_days.net_weight_lb
{%- endmacro %}
