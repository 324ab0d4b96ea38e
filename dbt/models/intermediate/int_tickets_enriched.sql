-- One row per ticket with the facts every report reads: local day, diverted weight, CO2e, meals.
-- Incremental: a build takes the tickets loaded into raw since the last one, and every ticket
-- of a company, location or waste type loaded since (a new time zone moves local days, a
-- renamed location renames rows). loaded_at is stamped by the extract, the only writer of raw,
-- and only on rows that really changed, so the watermark needs no look-back. Hard deletes and
-- changed models or factors trigger a full rebuild (pipelines/defs/transform/project.py).
{{ config(
    materialized=('table' if target.type == 'spark' else 'incremental'),
    unique_key='ticket_id',
    incremental_strategy='delete+insert',
    on_schema_change='fail',
) }}

{% if is_incremental() %}
    with watermark as (

        select {{ loaded_since(this) }} as loaded_since

    ),

    tickets as (

        select * from {{ ref('stg_app__tickets') }}
        where
            loaded_at > (select loaded_since from watermark)
            or company_id in (
                select company_id from {{ ref('stg_app__companies') }}
                where loaded_at > (select loaded_since from watermark)
            )
            or store_id in (
                select store_id from {{ ref('stg_app__stores') }}
                where loaded_at > (select loaded_since from watermark)
            )
            or waste_type_id in (
                select waste_type_id from {{ ref('stg_app__waste_types') }}
                where loaded_at > (select loaded_since from watermark)
            )

    ),
{% else %}
    with tickets as (

        select * from {{ ref('stg_app__tickets') }}

    ),
{% endif %}

companies as (

    select
        company_id,
        timezone,
        loaded_at
    from {{ ref('stg_app__companies') }}

),

stores as (

    select
        store_id,
        location_name,
        loaded_at
    from {{ ref('stg_app__stores') }}

),

waste_types as (

    select
        waste_type_id,
        material_category,
        is_organic,
        loaded_at
    from {{ ref('stg_app__waste_types') }}

),

materials as (

    select
        waste_type_name,
        material,
        is_organic
    from {{ ref('material_categories') }}

),

factors as (

    select
        material,
        management_path,
        mtco2e_per_short_ton
    from {{ ref('emission_factors') }}

),

constants as (

    select
        max(case when constant_name = 'lb_per_meal' then constant_value end) as lb_per_meal,
        max(case when constant_name = 'lb_per_short_ton' then constant_value end) as lb_per_short_ton
    from {{ ref('impact_constants') }}

),

classified as (

    select
        tickets.ticket_id,
        tickets.company_id,
        tickets.store_id as location_id,
        -- No invented location (issue 29): a ticket without one (only on an older database, until a
        -- manager assigns it on Locations) has none here; location tables leave it out and the EAR
        -- refuses its year until it is assigned.
        stores.location_name,
        tickets.ticket_number,
        tickets.is_inbound,
        tickets.status,
        tickets.status = 'completed' as is_reported,
        tickets.ticket_at,
        {{ company_local_date('tickets.ticket_at', 'companies.timezone') }} as local_date,
        tickets.created_by_id as employee_id,
        coalesce(tickets.employee_name, 'Unknown') as employee_name,
        coalesce(tickets.waste_type_name, 'Unspecified') as waste_type_name,
        coalesce(tickets.destination_name, 'Unspecified') as destination_name,
        coalesce(tickets.container_name, 'None') as container_name,
        coalesce(tickets.destination_is_diversion, false) as is_diversion,
        coalesce(tickets.destination_management_path, 'landfill') as management_path,
        coalesce(waste_types.material_category, materials.material) as material,
        -- Organic waste in SB 1383's sense (14 CCR 18982(a)(46)): the waste type's flag; a ticket
        -- without a waste type row is organic when the seed's name says so, else not.
        coalesce(waste_types.is_organic, materials.is_organic, false) as is_organic,
        tickets.gross_weight_lb,
        tickets.tare_weight_lb,
        tickets.net_weight_lb,
        tickets.total_amount as total_amount_usd,
        tickets.container_capacity_gallons,
        tickets.destination_id,
        tickets.updated_at,
        -- when this row's inputs were last loaded: the incremental models' watermark
        greatest(
            tickets.loaded_at,
            coalesce(companies.loaded_at, tickets.loaded_at),
            coalesce(stores.loaded_at, tickets.loaded_at),
            coalesce(waste_types.loaded_at, tickets.loaded_at)
        ) as source_loaded_at
    from tickets
    left join companies on tickets.company_id = companies.company_id
    left join stores on tickets.store_id = stores.store_id
    left join waste_types on tickets.waste_type_id = waste_types.waste_type_id
    left join materials on tickets.waste_type_name = materials.waste_type_name

),

enriched as (

    select
        classified.*,
        case when classified.is_diversion then classified.net_weight_lb else 0 end as diverted_weight_lb,
        case when classified.is_diversion then 0 else classified.net_weight_lb end as disposed_weight_lb,
        case when classified.is_organic then classified.net_weight_lb else 0 end as organic_weight_lb,
        case
            when classified.is_organic and classified.is_diversion then classified.net_weight_lb else 0
        end as organic_diverted_weight_lb,
        case
            when classified.management_path = 'donation' then classified.net_weight_lb else 0
        end as donated_weight_lb,
        -- Meals come from donated (or prevented) food only: pounds / 1.2, never pounds x 1.2.
        case
            when classified.management_path = 'donation'
                then round({{ divide('classified.net_weight_lb', 'constants.lb_per_meal') }}, 4)
            else 0
        end as meals_recovered,
        path_factor.mtco2e_per_short_ton is not null as has_emission_factor,
        coalesce(
            round(
                {{ divide('classified.net_weight_lb', 'constants.lb_per_short_ton') }}
                * path_factor.mtco2e_per_short_ton * 1000, 4
            ),
            0
        ) as co2e_emitted_kg,
        -- Avoided = what landfilling the same material would have emitted minus what its path emits.
        case
            when
                classified.is_diversion and path_factor.mtco2e_per_short_ton is not null
                and landfill_factor.mtco2e_per_short_ton is not null
                then round(
                    {{ divide('classified.net_weight_lb', 'constants.lb_per_short_ton') }}
                    * (landfill_factor.mtco2e_per_short_ton - path_factor.mtco2e_per_short_ton) * 1000, 4
                )
            else 0
        end as co2e_avoided_kg
    from classified
    cross join constants
    left join factors as path_factor
        on classified.material = path_factor.material
        and classified.management_path = path_factor.management_path
    left join factors as landfill_factor
        on classified.material = landfill_factor.material
        and landfill_factor.management_path = 'landfill'

)

select * from enriched
