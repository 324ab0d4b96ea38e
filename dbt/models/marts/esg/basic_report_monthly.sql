-- Basic report per company and month: the spec 3 s9 environmental formulas, reproduced exactly,
-- except meals (spec: 1.2 x net weight, physically wrong; here: donated lb / 1.2).
select
    company_id,
    cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start,
    cast(sum(ticket_count) as {{ dbt.type_bigint() }}) as total_tickets,
    sum(net_weight_lb) as total_net_weight_lb,
    sum(gross_weight_lb) as total_gross_weight_lb,
    sum(tare_weight_lb) as total_tare_weight_lb,
    round(sum(net_weight_lb) * {{ impact_constant('basic_co2_kg_per_lb') }}, 2) as co2_prevented_kg,
    round(sum(meals_recovered), 0) as meals_recovered,
    -- USD per lb as an exact decimal first: 15.375 must round to 15.38, as money does.
    round(
        sum(net_weight_lb) * cast(
            {{ impact_constant('basic_cost_usd_per_short_ton') }} / {{ impact_constant('lb_per_short_ton') }}
            as {{ dbt.type_numeric() }}
        ), 2
    ) as cost_savings_usd
from {{ ref('ticket_facts_daily') }}
group by company_id, cast({{ dbt.date_trunc('month', 'local_date') }} as date)
