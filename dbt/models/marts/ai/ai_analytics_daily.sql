-- AI Analytics grain (issue 16): completed tickets by company, location, local day, direction,
-- product and destination, with the data-quality counts the report shows: weight weighed with a photo, and
-- machine readings of the scale accepted as read or corrected by hand.
with tickets as (

    select * from {{ ref('tickets') }}

),

readings as (

    select
        ticket_id,
        ocr_provider,
        manual_override
    from {{ ref('stg_app__tickets') }}

),

photographed as (

    select distinct ticket_id
    from {{ ref('stg_app__ticket_images') }}

),

enriched as (

    select
        t.company_id,
        t.location_id,
        t.location_name,
        t.local_date,
        t.is_inbound,
        t.waste_type_name,
        t.destination_name,
        t.net_weight_lb,
        p.ticket_id is not null as has_photo,
        coalesce(r.ocr_provider, '') in ('local_ocr', 'gpt4_vision', 'openai', 'local') as is_ai_read,
        coalesce(r.manual_override, false) as is_manual
    from tickets as t
    left join readings as r on t.ticket_id = r.ticket_id
    left join photographed as p on t.ticket_id = p.ticket_id

)

select
    company_id,
    location_id,
    location_name,
    local_date,
    cast({{ iso_weekday('local_date') }} as integer) as iso_weekday,
    is_inbound,
    waste_type_name,
    destination_name,
    cast(count(*) as {{ dbt.type_bigint() }}) as ticket_count,
    cast(sum(net_weight_lb) as decimal(38, 1)) as net_weight_lb,
    cast(count(*) filter (where has_photo) as {{ dbt.type_bigint() }}) as photo_ticket_count,
    cast(coalesce(sum(net_weight_lb) filter (where has_photo), 0) as decimal(38, 1)) as photo_weight_lb,
    cast(count(*) filter (where is_ai_read) as {{ dbt.type_bigint() }}) as ai_read_count,
    cast(count(*) filter (where is_ai_read and not is_manual) as {{ dbt.type_bigint() }}) as ai_accepted_count,
    cast(count(*) filter (where is_ai_read and is_manual) as {{ dbt.type_bigint() }}) as ai_corrected_count
from enriched
group by company_id, location_id, location_name, local_date, is_inbound, waste_type_name, destination_name
