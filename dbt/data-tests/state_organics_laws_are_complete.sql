-- Each law step once; a threshold step has its value, unit, period and date; a law's steps in
-- date order; every row names its source (the seed's description).
with laws as (

    select * from {{ ref('state_organics_laws') }}

)

select
    law_key,
    step,
    'duplicate step' as problem
from laws
group by law_key, step
having count(*) > 1

union all

select
    law_key,
    step,
    'threshold step without value, unit, period or date' as problem
from laws
where
    basis = 'threshold'
    and (threshold_value is null or threshold_unit is null or period is null or effective_date is null)

union all

select
    later.law_key,
    later.step,
    'steps out of date order' as problem
from laws as later
inner join laws as earlier
    on later.law_key = earlier.law_key and later.step > earlier.step
where later.effective_date <= earlier.effective_date
