-- A location's rate in each unit a state law measures (seed state_organics_laws): the trailing
-- average over its latest weeks with data (up to 52, at least one) of state_law_location_weekly,
-- one row per location and distinct measure, unit and period of the laws. A per-year rate is
-- the weekly average x 52; gallons are cubic yards x 202; short tons are lb / 2000.
with weeks as (

    select
        company_id,
        location_id,
        week_start,
        food_weight_lb,
        organics_weight_lb,
        food_volume_cubic_yards,
        organics_volume_cubic_yards,
        row_number() over (partition by company_id, location_id order by week_start desc) as recency
    from {{ ref('state_law_location_weekly') }}

),

latest as (

    select
        company_id,
        location_id,
        cast(count(*) as {{ dbt.type_bigint() }}) as weeks_with_data,
        min(week_start) as first_week_start,
        max(week_start) as last_week_start,
        sum(food_weight_lb) as food_weight_lb,
        sum(organics_weight_lb) as organics_weight_lb,
        sum(food_volume_cubic_yards) as food_volume_cubic_yards,
        sum(organics_volume_cubic_yards) as organics_volume_cubic_yards
    from weeks
    where recency <= 52
    group by company_id, location_id

),

units as (

    select distinct
        measure,
        threshold_unit,
        period
    from {{ ref('state_organics_laws') }}
    where basis = 'threshold'

),

constants as (

    select
        max(case when constant_name = 'lb_per_short_ton' then constant_value end) as lb_per_short_ton,
        max(case when constant_name = 'gallons_per_cubic_yard' then constant_value end) as gallons_per_cubic_yard
    from {{ ref('impact_constants') }}

),

weekly as (

    select
        latest.company_id,
        latest.location_id,
        units.measure,
        units.threshold_unit,
        units.period,
        latest.weeks_with_data,
        latest.first_week_start,
        latest.last_week_start,
        case
            when units.threshold_unit = 'short_tons'
                then
                    (case when units.measure = 'food' then latest.food_weight_lb else latest.organics_weight_lb end)
                    / constants.lb_per_short_ton
            when units.threshold_unit = 'cubic_yards'
                then (case
                    when units.measure = 'food' then latest.food_volume_cubic_yards
                    else latest.organics_volume_cubic_yards
                end)
            when units.threshold_unit = 'gallons'
                then (case
                    when units.measure = 'food' then latest.food_volume_cubic_yards
                    else latest.organics_volume_cubic_yards
                end) * constants.gallons_per_cubic_yard
        end / latest.weeks_with_data as per_week
    from latest
    cross join units
    cross join constants

)

select
    company_id,
    location_id,
    measure,
    threshold_unit as unit,
    period,
    weeks_with_data,
    first_week_start,
    last_week_start,
    cast(round(case when period = 'year' then per_week * 52 else per_week end, 4) as decimal(38, 4)) as measured_value
from weekly
