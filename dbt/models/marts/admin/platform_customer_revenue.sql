-- What each tenant pays Flow a month under the subscription in force (spec 1 section 1): the
-- plan's price per active location (core bills at least one) plus its price per active user,
-- and nothing unless the subscription is paying (active or past due: not on trial, suspended
-- or canceled). An unknown plan name is priced as core, as the API's plan table does.
with companies as (

    select
        company_id,
        company_name,
        approval_status,
        subscription_status,
        lower(coalesce(subscription_plan, 'core')) as plan_name_given
    from {{ ref('stg_app__companies') }}

),

plans as (

    select * from {{ ref('subscription_plans') }}

),

core_plan as (

    -- the price of a plan name the table does not know
    select * from plans
    where plan_id = 'core'

),

locations as (

    select
        company_id,
        count(*) as active_locations
    from {{ ref('stg_app__stores') }}
    where is_active
    group by company_id

),

people as (

    select
        company_id,
        count(*) as active_users
    from {{ ref('stg_app__users') }}
    where is_active and company_id is not null
    group by company_id

),

priced as (

    select
        c.company_id,
        c.company_name,
        c.approval_status,
        c.subscription_status,
        coalesce(p.plan_id, core.plan_id) as subscription_plan,
        c.subscription_status in ('active', 'past_due') as is_paying,
        cast(coalesce(l.active_locations, 0) as integer) as active_locations,
        cast(coalesce(u.active_users, 0) as integer) as active_users,
        coalesce(p.price_per_facility, core.price_per_facility) as price_per_facility,
        coalesce(p.price_per_user, core.price_per_user) as price_per_user,
        coalesce(p.minimum_facilities_billed, core.minimum_facilities_billed) as minimum_facilities_billed
    from companies as c
    left join plans as p on c.plan_name_given = p.plan_id
    cross join core_plan as core
    left join locations as l on c.company_id = l.company_id
    left join people as u on c.company_id = u.company_id

),

costs as (

    select
        *,
        case
            when is_paying
                then price_per_facility * greatest(active_locations, minimum_facilities_billed)
            else 0
        end as location_cost,
        case when is_paying then price_per_user * active_users else 0 end as user_cost
    from priced

)

select
    company_id,
    company_name,
    approval_status,
    subscription_plan,
    subscription_status,
    is_paying,
    active_locations,
    active_users,
    cast(location_cost as decimal(12, 2)) as location_cost,
    cast(user_cost as decimal(12, 2)) as user_cost,
    cast(location_cost + user_cost as decimal(12, 2)) as monthly_revenue
from costs
