-- Ticket facts: one row per completed ticket (void, draft and saved tickets never count).
-- Incremental: tickets whose inputs were loaded since the last build replace their rows, and a
-- ticket that stopped counting (voided, back to draft) is removed by the post-hook (a full
-- build selects reported tickets only, so it has nothing to remove). On Spark the incremental
-- models build as tables: delete+insert needs a table format with deletes (Delta, Iceberg).
{{ config(
    materialized=('table' if target.type == 'spark' else 'incremental'),
    unique_key='ticket_id',
    incremental_strategy='delete+insert',
    on_schema_change='fail',
    post_hook="{% if is_incremental() %}delete from {{ this }} where ticket_id in
        (select ticket_id from {{ ref('int_tickets_enriched') }} where not is_reported){% endif %}",
) }}

select
    ticket_id,
    company_id,
    location_id,
    location_name,
    ticket_number,
    is_inbound,
    ticket_at,
    local_date,
    employee_id,
    employee_name,
    waste_type_name,
    destination_name,
    container_name,
    is_diversion,
    management_path,
    material,
    is_organic,
    gross_weight_lb,
    tare_weight_lb,
    net_weight_lb,
    diverted_weight_lb,
    organic_weight_lb,
    organic_diverted_weight_lb,
    donated_weight_lb,
    meals_recovered,
    co2e_avoided_kg,
    co2e_emitted_kg,
    total_amount_usd,
    source_loaded_at
from {{ ref('int_tickets_enriched') }}
where
    is_reported
    {% if is_incremental() %}
        and source_loaded_at > {{ loaded_since(this) }}
    {% endif %}
