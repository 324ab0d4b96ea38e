{#
    The carbon credit estimates of the tickets (marts.carbon_credit_estimates): one per completed
    outbound ticket to compost, anaerobic digestion or donation whose material the company's factor
    set covers. since: a watermark expression; given, only the tickets loaded after it and those of
    companies whose settings were loaded after it (the model's incremental build). Also the full
    rebuild that data-tests/carbon_credit_estimates_match_a_full_rebuild.sql compares the mart with.
#}
{% macro carbon_credit_estimates_select(since=none) -%}
    with tickets as (

        select
            ticket_id,
            company_id,
            location_name,
            ticket_number,
            ticket_at,
            local_date,
            waste_type_name,
            destination_name,
            management_path,
            net_weight_lb,
            co2e_emitted_kg,
            source_loaded_at as ticket_loaded_at,
            -- DOMAIN.md records WARM's mixed food waste values only: every food material uses them.
            case
                when material in (
                    'food_waste', 'food_waste_meat', 'food_waste_non_meat', 'fruits_vegetables', 'grains', 'bread'
                ) then 'food_waste'
            end as factor_material
        from {{ ref('tickets') }}
        where
            not is_inbound
            and management_path in ('compost', 'anaerobic_digestion', 'donation')
            {% if since is not none %}
                and (
                    source_loaded_at > {{ since }}
                    or company_id in (
                        select company_id from {{ ref('stg_app__company_settings') }}
                        where loaded_at > {{ since }}
                    )
                )
            {% endif %}

    ),

    company_settings as (

        select
            company_id,
            carbon_credit_methodology,
            carbon_offset_price_per_ton,
            loaded_at
        from {{ ref('stg_app__company_settings') }}

    ),

    factor_sets as (

        select
            methodology,
            factor_set,
            factor_version
        from {{ ref('carbon_methodology_factor_sets') }}

    ),

    factors as (

        select
            factor_set,
            factor_version,
            material,
            management_path,
            mtco2e_per_short_ton,
            source
        from {{ ref('avoided_emission_factors') }}

    ),

    chosen as (

        select
            tickets.*,
            coalesce(company_settings.carbon_credit_methodology, 'EPA_2023') as methodology,
            cast(
                coalesce(company_settings.carbon_offset_price_per_ton, {{ impact_constant('carbon_price_usd_per_mt') }})
                as decimal(10, 2)
            ) as price_usd_per_mt,
            greatest(tickets.ticket_loaded_at, coalesce(company_settings.loaded_at, tickets.ticket_loaded_at))
                as source_loaded_at
        from tickets
        left join company_settings on tickets.company_id = company_settings.company_id

    ),

    estimated as (

        select
            chosen.ticket_id as carbon_credit_id,
            chosen.ticket_id,
            chosen.company_id,
            chosen.location_name,
            chosen.ticket_number,
            chosen.ticket_at as created_at,
            chosen.local_date,
            cast({{ dbt.date_trunc('month', 'chosen.local_date') }} as date) as month_start,
            chosen.waste_type_name,
            chosen.destination_name,
            chosen.management_path as diversion_method,
            'avoided_emissions_estimate' as credit_type,
            chosen.methodology,
            factor_sets.factor_set,
            factor_sets.factor_version,
            cast(baseline.mtco2e_per_short_ton as decimal(10, 4)) as baseline_mtco2e_per_short_ton,
            cast(path_factor.mtco2e_per_short_ton as decimal(10, 4)) as path_mtco2e_per_short_ton,
            cast(baseline.mtco2e_per_short_ton - path_factor.mtco2e_per_short_ton as decimal(10, 4))
                as avoided_mtco2e_per_short_ton,
            baseline.source as baseline_source,
            path_factor.source as path_source,
            cast(chosen.net_weight_lb as decimal(12, 1)) as net_weight_lb,
            cast(
                round(
                    {{ divide('chosen.net_weight_lb', impact_constant('lb_per_short_ton')) }}
                    * (baseline.mtco2e_per_short_ton - path_factor.mtco2e_per_short_ton) * 1000, 3
                ) as decimal(14, 3)
            ) as co2_avoided_kg,
            chosen.price_usd_per_mt,
            cast(chosen.co2e_emitted_kg as decimal(14, 3)) as inventory_co2e_kg,
            chosen.source_loaded_at
        from chosen
        inner join factor_sets on chosen.methodology = factor_sets.methodology
        inner join factors as path_factor
            on factor_sets.factor_set = path_factor.factor_set
            and factor_sets.factor_version = path_factor.factor_version
            and chosen.factor_material = path_factor.material
            and chosen.management_path = path_factor.management_path
        inner join factors as baseline
            on factor_sets.factor_set = baseline.factor_set
            and factor_sets.factor_version = baseline.factor_version
            and chosen.factor_material = baseline.material
            and baseline.management_path = 'landfill'

    )

    select
        estimated.carbon_credit_id,
        estimated.ticket_id,
        estimated.company_id,
        estimated.location_name,
        estimated.ticket_number,
        estimated.created_at,
        estimated.local_date,
        estimated.month_start,
        estimated.waste_type_name,
        estimated.destination_name,
        estimated.diversion_method,
        estimated.credit_type,
        estimated.methodology,
        estimated.factor_set,
        estimated.factor_version,
        estimated.baseline_mtco2e_per_short_ton,
        estimated.path_mtco2e_per_short_ton,
        estimated.avoided_mtco2e_per_short_ton,
        estimated.baseline_source,
        estimated.path_source,
        estimated.net_weight_lb,
        estimated.co2_avoided_kg,
        estimated.price_usd_per_mt,
        estimated.inventory_co2e_kg,
        cast({{ divide('estimated.co2_avoided_kg', '1000') }} as decimal(14, 6)) as total_co2e_tons,
        cast(round({{ divide('estimated.co2_avoided_kg', '1000') }} * estimated.price_usd_per_mt, 2) as decimal(12, 2))
            as credit_value_usd,
        estimated.source_loaded_at
    from estimated
{%- endmacro %}
