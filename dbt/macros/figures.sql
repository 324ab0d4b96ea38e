{#
  Every formula a screen or a file shows, written once (spec 3 s9 and the EPA factors of the
  impact_constants seed). The marts render them inline (so their unit tests pin them with fixture
  constants), and the seed's post-hook publishes the same expressions as DuckDB functions in the
  marts schema (create_figure_functions below): the API filters ticket_facts_daily, sums, and
  hands the sums to these functions, because a report's period is any range of days, not a grain
  a mart can hold. data-tests/figure_functions_match_hand_computed_figures.sql pins the functions.
  `constants` names the seed's table where ref() is unavailable (the hook, the API's empty
  warehouse); leave it out in models.
#}

{# The one diversion rate and every share: part over whole as a percent with one decimal, 0 when
   the whole is 0 (the percent macro's rounding, as a function the API applies to its sums). #}
{% macro fig_percent(part, whole, constants=none) -%}
    round(100 * coalesce({{ divide('cast(' ~ part ~ ' as double)', 'nullif(' ~ whole ~ ', 0)') }}, 0), 1)
{%- endmacro %}

{# CO2e avoided (EPA GHG Emission Factors Hub, Table 9; tickets.co2e_avoided_kg) as shown: kg with
   two decimals, and the same in lb (the dashboard's co2_saved_lbs). No per-lb estimate of net
   weight is kept (docs/figures.md: the spec's 0.24 and 0.27 kg per lb are not shown). #}
{% macro fig_co2e_kg(co2e_kg, constants=none) -%}
    round({{ co2e_kg }}, 2)
{%- endmacro %}

{% macro fig_co2e_lb(co2e_kg, constants=none) -%}
    round({{ divide(co2e_kg, impact_constant('kg_per_lb', constants)) }}, 2)
{%- endmacro %}

{# The ESG dashboard's equivalences of CO2e avoided in lb (spec 2 s2.5): trees planted = lb / 8.89,
   car days = lb / 4.6, energy = 0.85 kWh per lb; one decimal. #}
{% macro fig_trees_planted(co2e_lb, constants=none) -%}
    round({{ divide(co2e_lb, impact_constant('co2_lb_per_tree', constants)) }}, 1)
{%- endmacro %}

{% macro fig_car_days(co2e_lb, constants=none) -%}
    round({{ divide(co2e_lb, impact_constant('co2_lb_per_car_day', constants)) }}, 1)
{%- endmacro %}

{% macro fig_energy_kwh(co2e_lb, constants=none) -%}
    round({{ co2e_lb }} * {{ impact_constant('kwh_per_co2_lb', constants) }}, 1)
{%- endmacro %}

{# Meals recovered as shown: the sum of tickets.meals_recovered (donated lb / 1.2), whole meals. #}
{% macro fig_meals(meals, constants=none) -%}
    cast(round({{ meals }}) as bigint)
{%- endmacro %}

{# Cost analysis (spec 3 s9): disposal 0.08 USD per lb; cost savings (the one figure of that name
   on every screen) 0.12 USD per diverted lb. #}
{% macro fig_disposal_cost_usd(lb, constants=none) -%}
    round({{ lb }} * {{ impact_constant('disposal_cost_usd_per_lb', constants) }}, 2)
{%- endmacro %}

{% macro fig_cost_saved_usd(diverted_lb, constants=none) -%}
    round({{ diverted_lb }} * {{ impact_constant('cost_avoided_usd_per_lb', constants) }}, 2)
{%- endmacro %}

{% macro fig_cost_per_lb_usd(total_lb, constants=none) -%}
    case when {{ total_lb }} > 0 then {{ impact_constant('disposal_cost_usd_per_lb', constants) }} else 0 end
{%- endmacro %}

{# The next four take the cost saved as shown (rounded to the cent). #}
{% macro fig_roi_percent(cost_saved_usd, constants=none) -%}
    round({{ divide(cost_saved_usd, impact_constant('roi_program_cost_usd', constants)) }} * 100, 1)
{%- endmacro %}

{% macro fig_monthly_projection_usd(cost_saved_usd, constants=none) -%}
    round({{ cost_saved_usd }} * {{ impact_constant('monthly_projection_factor', constants) }}, 2)
{%- endmacro %}

{% macro fig_annual_projection_usd(cost_saved_usd, constants=none) -%}
    round(
        {{ cost_saved_usd }} * {{ impact_constant('monthly_projection_factor', constants) }}
        * {{ impact_constant('annual_projection_months', constants) }}, 2
    )
{%- endmacro %}

{# Spec: ceiling(1800 / (12 x cost saved)); null stands for "never" when nothing is saved. #}
{% macro fig_payback_years(cost_saved_usd, constants=none) -%}
    case
        when {{ cost_saved_usd }} > 0
            then ceiling({{ divide(
                impact_constant('payback_investment_usd', constants), '(12 * ' ~ cost_saved_usd ~ ')'
            ) }})
    end
{%- endmacro %}

{# ESG report: avoided CO2e (EPA Hub) in metric tons, as CH4 (AR6 GWP-100) and as cars off the road. #}
{% macro fig_co2e_tons(co2e_kg, constants=none) -%}
    round({{ divide(co2e_kg, '1000') }}, 3)
{%- endmacro %}

{% macro fig_methane_kg(co2e_kg, constants=none) -%}
    round({{ divide(co2e_kg, impact_constant('ch4_gwp_100', constants)) }}, 2)
{%- endmacro %}

{% macro fig_cars_off_road(co2e_kg, constants=none) -%}
    round({{ divide(divide(co2e_kg, '1000'), impact_constant('vehicle_tco2e_per_year', constants)) }}, 2)
{%- endmacro %}

{% macro fig_short_tons(lb, constants=none) -%}
    round({{ divide(lb, impact_constant('lb_per_short_ton', constants)) }}, 3)
{%- endmacro %}

{# Three meals a day, over the days of the period. #}
{% macro fig_people_fed_per_day(meals, days, constants=none) -%}
    round({{ divide(divide(meals, '3'), days) }}, 1)
{%- endmacro %}

{% macro fig_meets_diversion_target(diversion_rate_percent, constants=none) -%}
    ({{ diversion_rate_percent }} >= {{ impact_constant('sb1383_target_percent', constants) }})
{%- endmacro %}

{# The functions, one per macro above, as the API calls them: marts.<name without fig_>(...).
   DuckDB macros: the API reads DuckDB. Other engines get none (their readers would call the
   fig_ macros in SQL they compile with dbt). #}
{% macro create_figure_functions(constants='reference.impact_constants') -%}
    {{ return(adapter.dispatch('create_figure_functions')(constants)) }}
{%- endmacro %}

{% macro default__create_figure_functions(constants) -%}
{%- endmacro %}

{#- The functions hold the seed's values as literals: dbt reads the seed when its post-hook runs
   (a new value republishes them); the API's empty warehouse passes the values it read. #}
{% macro duckdb__create_figure_functions(constants='reference.impact_constants') -%}
    {%- if constants is string and execute -%}
        {%- set values = {} -%}
        {%- for row in run_query("select constant_name, cast(constant_value as varchar) from " ~ constants) -%}
            {%- do values.update({row[0]: row[1]}) -%}
        {%- endfor -%}
        {%- set constants = values -%}
    {%- endif -%}
    {%- set one_argument = {
        'co2e_kg': fig_co2e_kg, 'co2e_lb': fig_co2e_lb, 'meals': fig_meals,
        'trees_planted': fig_trees_planted, 'car_days': fig_car_days, 'energy_kwh': fig_energy_kwh,
        'disposal_cost_usd': fig_disposal_cost_usd,
        'cost_saved_usd': fig_cost_saved_usd, 'cost_per_lb_usd': fig_cost_per_lb_usd,
        'roi_percent': fig_roi_percent, 'monthly_projection_usd': fig_monthly_projection_usd,
        'annual_projection_usd': fig_annual_projection_usd, 'payback_years': fig_payback_years,
        'co2e_tons': fig_co2e_tons, 'methane_kg': fig_methane_kg, 'cars_off_road': fig_cars_off_road,
        'short_tons': fig_short_tons, 'meets_diversion_target': fig_meets_diversion_target,
    } -%}
    create schema if not exists marts;
    {% for name, figure in one_argument.items() -%}
    create or replace macro marts.{{ name }}(x) as {{ figure('x', constants) }};
    {% endfor -%}
    create or replace macro marts.people_fed_per_day(meals, days) as {{ fig_people_fed_per_day('meals', 'days') }};
    create or replace macro marts.percent_of(part, whole) as {{ fig_percent('part', 'whole') }};
    {#- The Tier 1 / Tier 2 rule (edible_food_generator.sql), for the questionnaire's answer on save. #}
    create or replace macro marts.edible_food_generator_rule(
        business_type, gross_sales_usd, square_feet, seats, rooms, beds, has_food_facility, daily_attendance
    ) as {{ edible_food_generator_rule('business_type', 'gross_sales_usd', 'square_feet', 'seats', 'rooms', 'beds',
                                       'has_food_facility', 'daily_attendance') }};
{%- endmacro %}
