-- Days far from their usual range (issue 16, AI Analytics): outbound net lb per company day and
-- per location day, against the mean and sample standard deviation of the same series' previous
-- 28 weighing days. z = (lb - mean) / stddev; a day is an anomaly at |z| >= 3 with at least 7
-- earlier days (fewer say nothing about a usual range). Days without tickets are not in the
-- series (a closed day is not a zero-waste day).
with location_days as (

    select
        company_id,
        location_id,
        max(location_name) as location_name,
        local_date,
        sum(net_weight_lb) as net_weight_lb
    from {{ ref('ticket_facts_daily') }}
    where not is_inbound
    group by company_id, location_id, local_date

),

company_days as (

    select
        company_id,
        cast(null as {{ dbt.type_string() }}) as location_id,
        cast(null as {{ dbt.type_string() }}) as location_name,
        local_date,
        sum(net_weight_lb) as net_weight_lb
    from location_days
    group by company_id, local_date

),

series as (

    select
        'location' as scope,
        *
    from location_days
    union all
    select
        'company' as scope,
        *
    from company_days

),

windowed as (

    select
        *,
        count(*) over past as prior_days,
        avg(cast(net_weight_lb as double)) over past as prior_mean_lb,
        stddev_samp(cast(net_weight_lb as double)) over past as prior_stddev_lb
    from series
    window past as (
        partition by scope, company_id, location_id order by local_date
        rows between 28 preceding and 1 preceding
    )

)

select
    scope,
    company_id,
    location_id,
    location_name,
    local_date,
    net_weight_lb,
    cast(prior_days as {{ dbt.type_bigint() }}) as prior_days,
    round(prior_mean_lb, 1) as prior_mean_lb,
    round(prior_stddev_lb, 1) as prior_stddev_lb,
    round((cast(net_weight_lb as double) - prior_mean_lb) / nullif(prior_stddev_lb, 0), 2) as z_score,
    coalesce(
        prior_days >= 7
        and abs((cast(net_weight_lb as double) - prior_mean_lb) / nullif(prior_stddev_lb, 0)) >= 3,
        false
    ) as is_anomaly
from windowed
