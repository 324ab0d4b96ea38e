-- Per-location month stats (spec 3 s9): tickets, lb, and diversion rate by weight (one decimal).
select
    company_id,
    location_id,
    location_name,
    cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start,
    cast(sum(ticket_count) as {{ dbt.type_bigint() }}) as total_tickets,
    sum(net_weight_lb) as total_lb,
    {{ percent('sum(diverted_weight_lb)', 'sum(net_weight_lb)') }} as diversion_rate_percent
from {{ ref('ticket_facts_daily') }}
where
    not is_inbound  -- waste the location generated; inbound loads are receipts
    and location_id is not null  -- a ticket waiting for its location is in no location's row
group by company_id, location_id, location_name, cast({{ dbt.date_trunc('month', 'local_date') }} as date)
