-- ESG report figures per company and month (docs/figures.md): CO2e avoided from EPA Hub factors
-- (Table 9, Scope 3 waste), completed outbound tickets only.
with monthly as (

    select
        company_id,
        cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start,
        cast(sum(ticket_count) as {{ dbt.type_bigint() }}) as total_tickets,
        count(distinct location_id) as total_facilities,
        sum(net_weight_lb) as total_net_weight_lb,
        sum(diverted_weight_lb) as diverted_weight_lb,
        sum(organic_weight_lb) as organic_weight_lb,
        sum(organic_diverted_weight_lb) as organic_diverted_weight_lb,
        sum(donated_weight_lb) as donated_weight_lb,
        sum(meals_recovered) as meals_recovered,
        sum(co2e_avoided_kg) as co2e_avoided_kg
    from {{ ref('ticket_facts_daily') }}
    where not is_inbound
    group by company_id, cast({{ dbt.date_trunc('month', 'local_date') }} as date)

)

select
    company_id,
    month_start,
    total_tickets,
    total_facilities,
    total_net_weight_lb,
    diverted_weight_lb,
    donated_weight_lb,
    {{ percent('diverted_weight_lb', 'total_net_weight_lb') }} as diversion_rate_percent,
    {{ fig_co2e_kg('co2e_avoided_kg') }} as co2_prevented_kg,
    {{ fig_co2e_tons('co2e_avoided_kg') }} as co2_prevented_tons,
    -- The avoided CO2e is landfill methane, expressed back as CH4 with the AR6 100-year GWP.
    {{ fig_methane_kg('co2e_avoided_kg') }} as methane_prevented_kg,
    {{ fig_cars_off_road('co2e_avoided_kg') }} as equivalent_cars_off_road,
    cast({{ fig_short_tons('diverted_weight_lb') }} as double) as landfill_diverted_tons,
    cast({{ fig_meals('meals_recovered') }} as double) as meals_recovered,
    -- Cost savings: the one figure of that name (0.12 USD per diverted lb), as the dashboard and cost analysis.
    cast({{ fig_cost_saved_usd('diverted_weight_lb') }} as decimal(38, 2)) as cost_saved_usd,
    -- SB 1383's target is judged on the organic diversion rate (docs/figures.md)
    {{ fig_meets_diversion_target(percent('organic_diverted_weight_lb', 'organic_weight_lb')) }} as monthly_target_met
from monthly
