-- Weight-based diversion per company, location, month and destination.
select
    company_id,
    location_id,
    location_name,
    cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start,
    destination_name,
    {{ diversion_measures() }}
from {{ ref('ticket_facts_daily') }}
group by company_id, location_id, location_name, cast({{ dbt.date_trunc('month', 'local_date') }} as date), destination_name
