-- The methodology panel: per company, the factor set its methodology uses and every factor with
-- its source, plus the Hub inventory factor the estimates carry alongside (never a credit).
with companies as (

    select
        companies.company_id,
        coalesce(company_settings.carbon_credit_methodology, 'EPA_2023') as methodology,
        cast(
            coalesce(company_settings.carbon_offset_price_per_ton, {{ impact_constant('carbon_price_usd_per_mt') }})
            as decimal(10, 2)
        ) as price_usd_per_mt
    from {{ ref('stg_app__companies') }} as companies
    left join {{ ref('stg_app__company_settings') }} as company_settings
        on companies.company_id = company_settings.company_id

),

avoided as (

    select
        companies.company_id,
        companies.methodology,
        factor_sets.methodology_name,
        factor_sets.note as methodology_note,
        companies.price_usd_per_mt,
        'avoided_emissions' as factor_kind,
        factors.factor_set || ' v' || factors.factor_version as factor_set,
        factors.material,
        factors.management_path,
        factors.mtco2e_per_short_ton,
        factors.source
    from companies
    inner join {{ ref('carbon_methodology_factor_sets') }} as factor_sets
        on companies.methodology = factor_sets.methodology
    inner join {{ ref('avoided_emission_factors') }} as factors
        on factor_sets.factor_set = factors.factor_set
        and factor_sets.factor_version = factors.factor_version

),

panels as (

    select distinct
        company_id,
        methodology,
        methodology_name,
        methodology_note,
        price_usd_per_mt
    from avoided

),

inventory as (

    select
        panels.company_id,
        panels.methodology,
        panels.methodology_name,
        panels.methodology_note,
        panels.price_usd_per_mt,
        'inventory' as factor_kind,
        'EPA GHG Emission Factors Hub, Table 9' as factor_set,
        hub.material,
        hub.management_path,
        hub.mtco2e_per_short_ton,
        hub.source
    from panels
    inner join {{ ref('emission_factors') }} as hub
        on hub.material = 'food_waste'

)

select * from avoided
union all
select * from inventory
