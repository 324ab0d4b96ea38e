-- Cost analysis per company and month with the spec 3 s9 formulas, constants from the seed.
with monthly as (

    select
        company_id,
        cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start,
        sum(net_weight_lb) as total_weight_lb,
        sum(diverted_weight_lb) as diverted_weight_lb
    from {{ ref('ticket_facts_daily') }}
    where not is_inbound
    group by company_id, cast({{ dbt.date_trunc('month', 'local_date') }} as date)

),

costed as (

    select
        company_id,
        month_start,
        total_weight_lb,
        diverted_weight_lb,
        round(total_weight_lb * {{ impact_constant('disposal_cost_usd_per_lb') }}, 2) as monthly_disposal_cost_usd,
        -- Cost avoided counts diverted pounds only: a landfilled pound saves nothing.
        round(diverted_weight_lb * {{ impact_constant('cost_avoided_usd_per_lb') }}, 2) as cost_saved_usd
    from monthly

)

select
    company_id,
    month_start,
    total_weight_lb,
    diverted_weight_lb,
    monthly_disposal_cost_usd,
    case when total_weight_lb > 0 then {{ impact_constant('disposal_cost_usd_per_lb') }} else 0 end
        as cost_per_lb_usd,
    cost_saved_usd,
    round(cost_saved_usd / {{ impact_constant('roi_program_cost_usd') }} * 100, 1) as roi_percent,
    round(cost_saved_usd * {{ impact_constant('monthly_projection_factor') }}, 2) as monthly_projection_usd,
    round(
        cost_saved_usd * {{ impact_constant('monthly_projection_factor') }}
        * {{ impact_constant('annual_projection_months') }}, 2
    ) as annual_projection_usd,
    -- Spec: ceiling(1800 / (12 x cost saved)); null stands for "never" when nothing is saved.
    case
        when cost_saved_usd > 0
            then ceiling({{ impact_constant('payback_investment_usd') }} / (12 * cost_saved_usd))
    end as payback_years
from costed
