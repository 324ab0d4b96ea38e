{#
    The AI Analytics rows (marts.ai_analytics_daily) of completed tickets. not_held_in: a relation
    with company_id and local_date; given, only the tickets of days it does not hold (the model's
    incremental build, after its pre-hook deleted the stale days). Also the full rebuild that
    data-tests/ai_analytics_daily_matches_a_full_rebuild.sql compares the mart with.
    source_loaded_at: when the newest input of the row (a ticket or one of its photos) was loaded.
#}
{% macro ai_analytics_daily_select(not_held_in=none) -%}
    with tickets as (

        select * from {{ ref('tickets') }} as completed
        {% if not_held_in is not none %}
            where not exists (
                select 1
                from (
                    select distinct
                        company_id,
                        local_date
                    from {{ not_held_in }}
                ) as held
                where held.company_id = completed.company_id and held.local_date = completed.local_date
            )
        {% endif %}

    ),

    readings as (

        select
            ticket_id,
            ocr_provider,
            manual_override
        from {{ ref('stg_app__tickets') }}

    ),

    photographed as (

        select
            ticket_id,
            max(loaded_at) as loaded_at
        from {{ ref('stg_app__ticket_images') }}
        group by ticket_id

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
            coalesce(r.manual_override, false) as is_manual,
            greatest(t.source_loaded_at, coalesce(p.loaded_at, t.source_loaded_at)) as source_loaded_at
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
        cast(count(*) filter (where is_ai_read and is_manual) as {{ dbt.type_bigint() }}) as ai_corrected_count,
        max(source_loaded_at) as source_loaded_at
    from enriched
    group by company_id, location_id, location_name, local_date, is_inbound, waste_type_name, destination_name
{%- endmacro %}
