-- Ticket facts: one row per completed ticket (void, draft and saved tickets never count).
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
    gross_weight_lb,
    tare_weight_lb,
    net_weight_lb,
    diverted_weight_lb,
    donated_weight_lb,
    meals_recovered,
    co2e_avoided_kg,
    co2e_emitted_kg,
    total_amount_usd
from {{ ref('int_tickets_enriched') }}
where is_reported
