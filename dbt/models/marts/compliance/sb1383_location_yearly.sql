-- SB 1383 standing per company, location and calendar year: the Location Compliance Status
-- table and the action items (pounds each location must divert to reach the target).
with sums as (

    select
        company_id,
        location_id,
        location_name,
        cast(extract(year from month_start) as integer) as report_year,
        cast(sum(ticket_count) as {{ dbt.type_bigint() }}) as ticket_count,
        sum(net_weight_lb) as net_weight_lb,
        sum(diverted_weight_lb) as diverted_weight_lb,
        sum(landfill_weight_lb) as landfill_weight_lb,
        sum(donated_weight_lb) as donated_weight_lb,
        cast(sum(donation_ticket_count) as {{ dbt.type_bigint() }}) as donation_ticket_count
    from {{ ref('sb1383_location_monthly') }}
    where location_id is not null  -- a ticket waiting for its location counts only company-wide
    group by company_id, location_id, location_name, cast(extract(year from month_start) as integer)

),

rated as (

    {{ sb1383_rated('sums') }}

),

judged as (

    {{ sb1383_judged('rated') }}

)

select * from judged
