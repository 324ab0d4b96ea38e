-- SB 1383 standing per company and calendar year: compliance status, risk, food recovery and
-- the EAR progress (eligible at the target and at least ear_min_tickets tickets; due 1 August
-- of the next year, 14 CCR 18994.2).
with months as (

    select
        company_id,
        month_start,
        cast(extract(year from month_start) as integer) as report_year,
        ticket_count,
        net_weight_lb,
        diverted_weight_lb,
        landfill_weight_lb,
        donated_weight_lb,
        donation_ticket_count
    from {{ ref('sb1383_monthly') }}

),

sums as (

    select
        company_id,
        report_year,
        cast(sum(ticket_count) as {{ dbt.type_bigint() }}) as ticket_count,
        sum(net_weight_lb) as net_weight_lb,
        sum(diverted_weight_lb) as diverted_weight_lb,
        sum(landfill_weight_lb) as landfill_weight_lb,
        sum(donated_weight_lb) as donated_weight_lb,
        cast(sum(donation_ticket_count) as {{ dbt.type_bigint() }}) as donation_ticket_count,
        cast(count(*) as {{ dbt.type_bigint() }}) as months_with_tickets,
        max(month_start) as last_month_start
    from months
    group by company_id, report_year

),

rated as (

    {{ sb1383_rated('sums') }}

),

judged as (

    {{ sb1383_judged('rated') }}

),

ear as (

    select
        judged.*,
        -- Every month from January to the last month with tickets has tickets.
        judged.months_with_tickets
        = cast(extract(month from judged.last_month_start) as {{ dbt.type_bigint() }})
            as every_month_has_tickets,
        judged.ticket_count >= {{ impact_constant('ear_min_tickets') }} as has_min_tickets,
        judged.donation_ticket_count > 0 as has_food_recovery,
        judged.is_compliant and judged.ticket_count >= {{ impact_constant('ear_min_tickets') }}
            as eligible_for_submission
    from judged

)

select
    ear.*,
    -- The four data checks of the EAR preparation, 25 points each.
    cast(
        25 * (
            case when ear.every_month_has_tickets then 1 else 0 end
            + case when ear.has_min_tickets then 1 else 0 end
            + case when ear.is_compliant then 1 else 0 end
            + case when ear.has_food_recovery then 1 else 0 end
        ) as integer
    ) as ear_completion_percent,
    case when ear.eligible_for_submission then 'ready' else 'in_progress' end as ear_status,
    {{ dbt.concat([
        "'Q'",
        "cast(extract(quarter from ear.last_month_start) as " ~ dbt.type_string() ~ ")",
        "' '",
        "cast(ear.report_year as " ~ dbt.type_string() ~ ")",
    ]) }} as current_quarter,
    cast(
        {{ dbt.dateadd('month', 19, dbt.date_trunc('year', 'ear.last_month_start')) }} as date
    ) as reporting_due_date
from ear
