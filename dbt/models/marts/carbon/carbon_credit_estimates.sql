-- One carbon credit estimate per completed outbound ticket sent to compost, anaerobic digestion
-- or donation: avoided emissions against a landfill baseline, by the company's carbon
-- methodology's factor set (seeds avoided_emission_factors, carbon_methodology_factor_sets).
-- Only materials the factor set covers get an estimate; the Hub's inventory figure of the path
-- the waste took rides along, labelled as inventory, never as a credit.
-- Incremental (DuckDB): the pre-hook deletes the estimates of every ticket loaded since the
-- newest estimate (a void or a changed path drops out; int_tickets_enriched still holds such a
-- ticket with its load stamp) and of every company whose settings were loaded since (methodology
-- and price apply to all its tickets); the build then inserts those tickets' estimates again.
-- source_loaded_at is the newer of the ticket's and the settings' load stamps, so a settings
-- change moves the watermark too. On Spark a table (delete+insert needs Delta or Iceberg).
{{ config(
    materialized=('table' if target.type == 'spark' else 'incremental'),
    unique_key='carbon_credit_id',
    incremental_strategy='delete+insert',
    on_schema_change='fail',
    pre_hook="{% if is_incremental() %}
        delete from {{ this }} where carbon_credit_id in (
            select ticket_id from {{ ref('int_tickets_enriched') }}
            where source_loaded_at > {{ loaded_since(this) }}
        ) or company_id in (
            select company_id from {{ ref('stg_app__company_settings') }}
            where loaded_at > {{ loaded_since(this) }}
        )
    {% endif %}",
) }}
-- depends_on: {{ ref('int_tickets_enriched') }}
{{ carbon_credit_estimates_select(since=(loaded_since(this) if is_incremental() else none)) }}
