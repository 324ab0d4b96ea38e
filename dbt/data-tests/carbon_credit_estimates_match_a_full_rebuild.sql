-- The incremental carbon_credit_estimates holds exactly the rows a full rebuild gives: every
-- estimate computed again from all the tickets (macro carbon_credit_estimates_select), compared
-- row for row both ways. It reads every ticket, so the sensor's runs leave it out
-- (dbt/selectors.yml) and a --full-refresh build, which is a full rebuild, skips it; a plain
-- `dbt build` or `dbt test` runs it (tests/pipelines/test_incremental.py, after incremental runs).
{{ config(tags=['matches_full_rebuild']) }}
-- Every input, outside the condition below: dbt records a test's refs when it parses, which may be
-- in a --full-refresh run.
-- depends_on: {{ ref('carbon_credit_estimates') }}, {{ ref('tickets') }}, {{ ref('stg_app__company_settings') }}
-- depends_on: {{ ref('carbon_methodology_factor_sets') }}, {{ ref('avoided_emission_factors') }}
-- depends_on: {{ ref('impact_constants') }}

{% if flags.FULL_REFRESH %}
    select null as difference where false
{% else %}
    with rebuilt as (

        {{ carbon_credit_estimates_select() }}

    ),

    held as (

        select * from {{ ref('carbon_credit_estimates') }}

    )

    select
        'missing or different' as difference,
        missing.*
    from (select * from rebuilt except all select * from held) as missing
    union all
    select
        'not in a full rebuild' as difference,
        extra.*
    from (select * from held except all select * from rebuilt) as extra
{% endif %}
