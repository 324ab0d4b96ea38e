-- Pounds recovered per food recovery partner and month (14 CCR 18991.4 generator records):
-- completed outbound tickets to donation destinations, named to a partner through the partner's
-- destination. Donations to a destination no partner names stay as their own rows (partner_id
-- null) so the records show them rather than lose them.
with donations as (

    -- The reported tickets (the tickets mart's rows) with their destination's id, from the enriched
    -- tickets in one pass (a join of the tickets mart with the staged tickets cost a full scan of both).
    select
        company_id,
        destination_id,
        destination_name,
        cast({{ dbt.date_trunc('month', 'local_date') }} as date) as month_start,
        net_weight_lb
    from {{ ref('int_tickets_enriched') }}
    where
        is_reported
        and not is_inbound
        and management_path = 'donation'

),

partners as (

    select
        company_id,
        destination_id,
        min(partner_id) as partner_id,
        min(partner_name) as partner_name
    from {{ ref('stg_app__food_recovery_partners') }}
    where destination_id is not null
    group by company_id, destination_id

)

select
    donations.company_id,
    partners.partner_id,
    partners.partner_name,
    donations.destination_name,
    donations.month_start,
    cast(extract(year from donations.month_start) as integer) as report_year,
    cast(count(*) as {{ dbt.type_bigint() }}) as ticket_count,
    cast(sum(donations.net_weight_lb) as decimal(38, 1)) as recovered_weight_lb
from donations
left join partners
    on donations.company_id = partners.company_id
    and donations.destination_id = partners.destination_id
group by
    donations.company_id, partners.partner_id, partners.partner_name, donations.destination_name, donations.month_start
