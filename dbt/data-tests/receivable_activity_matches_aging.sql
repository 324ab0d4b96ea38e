-- Every invoice's charges less credits in receivable_activity equal its latest balance in
-- invoice_aging (the run still open, valid_to null): statements and aging tell one story.
with activity as (

    select
        invoice_id,
        sum(charge - credit) as balance
    from {{ ref('receivable_activity') }}
    group by invoice_id

),

latest as (

    select
        invoice_id,
        balance
    from {{ ref('invoice_aging') }}
    where valid_to is null

)

select
    l.invoice_id,
    l.balance as aging_balance,
    a.balance as activity_balance
from latest as l
full outer join activity as a on l.invoice_id = a.invoice_id
where coalesce(l.balance, -1) <> coalesce(a.balance, -1)
