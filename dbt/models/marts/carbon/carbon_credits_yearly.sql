-- Carbon credit estimates per company and calendar year, with the yearly projection from the
-- data: the average of the months that have estimates, times 12 (a run rate, not a forecast).
with months as (

    select
        company_id,
        cast(extract(year from month_start) as integer) as report_year,
        month_start,
        total_co2e_tons,
        credit_value_usd
    from {{ ref('carbon_credits_monthly') }}

),

years as (

    select
        company_id,
        report_year,
        cast(count(*) as {{ dbt.type_bigint() }}) as months_with_credits,
        max(month_start) as last_month_start,
        cast(sum(total_co2e_tons) as decimal(18, 6)) as total_co2e_tons,
        cast(sum(credit_value_usd) as decimal(14, 2)) as credit_value_usd
    from months
    group by company_id, report_year

)

select
    years.*,
    cast(round({{ divide('years.total_co2e_tons', 'years.months_with_credits') }}, 6) as decimal(18, 6))
        as monthly_average_tons,
    cast(round({{ divide('years.total_co2e_tons', 'years.months_with_credits') }} * 12, 3) as decimal(18, 3))
        as projected_year_tons,
    cast(round({{ divide('years.credit_value_usd', 'years.months_with_credits') }} * 12, 2) as decimal(14, 2))
        as projected_year_value_usd
from years
