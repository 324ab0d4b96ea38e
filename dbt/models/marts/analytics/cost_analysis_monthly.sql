-- Cost analysis per company and month with the spec 3 s9 formulas (macros/figures.sql).
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
        {{ fig_disposal_cost_usd('total_weight_lb') }} as monthly_disposal_cost_usd,
        -- Cost avoided counts diverted pounds only: a landfilled pound saves nothing.
        {{ fig_cost_saved_usd('diverted_weight_lb') }} as cost_saved_usd
    from monthly

)

select
    company_id,
    month_start,
    total_weight_lb,
    diverted_weight_lb,
    monthly_disposal_cost_usd,
    {{ fig_cost_per_lb_usd('total_weight_lb') }} as cost_per_lb_usd,
    cost_saved_usd,
    {{ fig_roi_percent('cost_saved_usd') }} as roi_percent,
    {{ fig_monthly_projection_usd('cost_saved_usd') }} as monthly_projection_usd,
    {{ fig_annual_projection_usd('cost_saved_usd') }} as annual_projection_usd,
    -- Null stands for "never" when nothing is saved.
    {{ fig_payback_years('cost_saved_usd') }} as payback_years
from costed
