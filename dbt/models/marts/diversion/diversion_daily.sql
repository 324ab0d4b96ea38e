-- Weight-based diversion per company, location and day (company's local calendar).
select
    company_id,
    location_id,
    location_name,
    cast({{ dbt.date_trunc('day', 'local_date') }} as date) as period_start,
    {{ diversion_measures() }}
from {{ ref('ticket_facts_daily') }}
where not is_inbound  -- waste the location generated; inbound loads are receipts
group by company_id, location_id, location_name, cast({{ dbt.date_trunc('day', 'local_date') }} as date)
