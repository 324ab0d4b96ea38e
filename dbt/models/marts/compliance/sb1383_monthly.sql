-- SB 1383 standing per company and month: the dashboard's monthly trend (On Track when the
-- month's rate is at least the target).
with sums as (

    select
        company_id,
        month_start,
        cast(sum(ticket_count) as {{ dbt.type_bigint() }}) as ticket_count,
        sum(net_weight_lb) as net_weight_lb,
        sum(diverted_weight_lb) as diverted_weight_lb,
        sum(landfill_weight_lb) as landfill_weight_lb,
        sum(donated_weight_lb) as donated_weight_lb,
        cast(sum(donation_ticket_count) as {{ dbt.type_bigint() }}) as donation_ticket_count
    from {{ ref('sb1383_location_monthly') }}
    group by company_id, month_start

),

rated as (

    {{ sb1383_rated('sums') }}

),

judged as (

    {{ sb1383_judged('rated') }}

)

select * from judged
