-- What the state organics laws measure, per company, location and week (Monday, company's local
-- calendar): completed outbound tickets of food materials and of all organics (food plus yard
-- and mixed organics), by weight and by volume. Volume is the weighed container's capacity in
-- gallons / 202 (one cubic yard); a ticket without a container capacity adds weight, no volume
-- (counted in tickets_without_capacity). A law counts the material a site generates, so every
-- destination counts (compost, donation, landfill alike).
with tickets as (

    -- The reported tickets (the tickets mart's rows) with their container's capacity, read from
    -- the enriched tickets in one pass: a join of the tickets mart with the staged tickets to
    -- fetch the capacity was 3.6 s of a 12 s sensor run at 10 M tickets.
    select
        company_id,
        location_id,
        local_date,
        material in ('food_waste', 'food_waste_meat', 'fruits_vegetables', 'bread', 'grains') as is_food,
        material in (
            'food_waste', 'food_waste_meat', 'fruits_vegetables', 'bread', 'grains', 'mixed_organics'
        ) as is_organics,
        net_weight_lb,
        container_capacity_gallons
    from {{ ref('int_tickets_enriched') }}
    where is_reported and not is_inbound and location_id is not null

),

constants as (

    select max(case when constant_name = 'gallons_per_cubic_yard' then constant_value end) as gallons_per_cubic_yard
    from {{ ref('impact_constants') }}

)

select
    tickets.company_id,
    tickets.location_id,
    cast({{ dbt.date_trunc('week', 'tickets.local_date') }} as date) as week_start,
    cast(count(*) as {{ dbt.type_bigint() }}) as ticket_count,
    cast(sum(case when tickets.is_food then tickets.net_weight_lb else 0 end) as decimal(38, 1)) as food_weight_lb,
    cast(sum(case when tickets.is_organics then tickets.net_weight_lb else 0 end) as decimal(38, 1))
        as organics_weight_lb,
    cast(round(
        sum(case when tickets.is_food then coalesce(tickets.container_capacity_gallons, 0) else 0 end)
        / max(constants.gallons_per_cubic_yard), 4
    ) as decimal(38, 4
    )) as food_volume_cubic_yards,
    cast(round(
        sum(case when tickets.is_organics then coalesce(tickets.container_capacity_gallons, 0) else 0 end)
        / max(constants.gallons_per_cubic_yard), 4
    ) as decimal(38, 4
    )) as organics_volume_cubic_yards,
    cast(
        sum(case when tickets.is_organics and tickets.container_capacity_gallons is null then 1 else 0 end)
        as {{ dbt.type_bigint() }}
    ) as tickets_without_capacity
from tickets
cross join constants
group by tickets.company_id, tickets.location_id, cast({{ dbt.date_trunc('week', 'tickets.local_date') }} as date)
