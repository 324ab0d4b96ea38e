{#
  SB 1383 judgement of summed ticket rows, the one place its rules live. `sums` must carry
  company_id, ticket_count, net_weight_lb, diverted_weight_lb and donated_weight_lb.
  - diversion rate: the one weight-based definition (percent macro, one decimal);
  - target: the company setting sb1383_target_percent, else the seeded 75% default;
  - compliant when the one-decimal rate is at least the target (74.9 is not, 75.0 is);
  - risk: low when compliant, medium within sb1383_medium_risk_points below the target, high
    further below (Flow's bands; CalRecycle publishes no per-generator risk level);
  - food recovery rate: pounds sent to donation / food-recovery destinations over all pounds
    of organic waste (the sums are organic waste only), against the 20% statewide goal (a proxy: edible food disposed is not weighed apart).
#}
{# The company's SB 1383 diversion target: its setting, else the seeded 75% default. #}
{% macro sb1383_target_percent(setting) -%}
    cast(coalesce({{ setting }}, {{ impact_constant('sb1383_target_percent') }}) as decimal(5, 1))
{%- endmacro %}

{% macro sb1383_rated(sums) -%}
    select
        sums.*,
        {{ percent('sums.diverted_weight_lb', 'sums.net_weight_lb') }} as diversion_rate_percent,
        {{ percent('sums.donated_weight_lb', 'sums.net_weight_lb') }} as food_recovery_rate_percent,
        {{ sb1383_target_percent('settings.sb1383_target_percent') }} as target_percent,
        cast({{ impact_constant('sb1383_food_recovery_target_percent') }} as decimal(5, 1))
            as food_recovery_target_percent
    from {{ sums }} as sums
    left join {{ ref('stg_app__company_settings') }} as settings
        on sums.company_id = settings.company_id
{%- endmacro %}

{% macro sb1383_judged(rated) -%}
    select
        rated.*,
        rated.diversion_rate_percent >= rated.target_percent as is_compliant,
        round(greatest(rated.target_percent - rated.diversion_rate_percent, 0), 1) as gap_to_compliance_points,
        cast(case
            when rated.diversion_rate_percent >= rated.target_percent then 0
            else greatest(
                round(
                    {{ divide('rated.target_percent', '100') }} * rated.net_weight_lb
                    - rated.diverted_weight_lb, 1
                ), 0
            )
        end as decimal(38, 1)) as lb_to_target,
        case
            when rated.diversion_rate_percent >= rated.target_percent then 'low'
            when
                rated.diversion_rate_percent
                >= rated.target_percent - {{ impact_constant('sb1383_medium_risk_points') }}
                then 'medium'
            else 'high'
        end as risk_level,
        rated.food_recovery_rate_percent >= rated.food_recovery_target_percent as food_recovery_target_met,
        round(greatest(rated.food_recovery_target_percent - rated.food_recovery_rate_percent, 0), 1)
            as food_recovery_gap_points,
        cast(case
            when rated.food_recovery_rate_percent >= rated.food_recovery_target_percent then 0
            else greatest(
                round(
                    {{ divide('rated.food_recovery_target_percent', '100') }} * rated.net_weight_lb
                    - rated.donated_weight_lb, 1
                ), 0
            )
        end as decimal(38, 1)) as food_recovery_lb_to_target
    from {{ rated }} as rated
{%- endmacro %}
