-- Weight-based diversion per company, location, month and employee.
select
    company_id,
    location_id,
    location_name,
    cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start,
    employee_name,
    {{ diversion_measures() }}
from {{ ref('ticket_facts_daily') }}
where not is_inbound  -- waste the location generated; inbound loads are receipts
group by
    company_id,
    location_id,
    location_name,
    cast({{ dbt.date_trunc('month', 'local_date') }} as date),
    employee_name
