"""ledger reads in Postgres: invoices and bills aged on any day, and a customer's account activity

The ledger screens (invoices, A/R aging, statements, bills and A/P aging, Inbound Tickets' statistics)
read these instead of the warehouse marts, so the next read after a payment shows it (docs/architecture.md, "Ledger and
analytics"). The rules are the ones of dbt's money marts (dbt/macros/aging_bucket.sql,
receivable_activity.sql, inbound_ticket_stats_daily.sql); tests/api/invoices/test_receivables.py and
tests/api/inbound/test_marts.py hold the two to the same figures.
Functions and views run as the caller (security invoker), so row-level security applies.

Revision ID: 0008_ledger_views
Revises: 0007_employee_weigh_in
Create Date: 2026-11-27 23:00:00+00:00
"""
from alembic import op

from api.migrations import rls

revision = '0008_ledger_views'
down_revision = '0007_employee_weigh_in'
branch_labels = None
depends_on = None

# Days past the due date to bucket (QuickBooks convention, spec 3 s9): CURRENT up to day 0.
AGING_CATEGORY = """
create or replace function ledger_aging_category(days_past_due integer) returns text
language sql immutable parallel safe as $$
    select case
        when days_past_due <= 0 then 'CURRENT'
        when days_past_due <= 30 then '1-30'
        when days_past_due <= 60 then '31-60'
        when days_past_due <= 90 then '61-90'
        else '90+'
    end
$$
"""

# One document (invoice or bill) as aged on the day as_of: issued by then, not void; the balance is
# the amount less the payments made by then (each on its company-local day); a paid document has no
# bucket; overdue from the day after the due date.
AGING = """
create or replace function {name}(company uuid, as_of date)
returns table (
    company_id uuid, {key} uuid, {number} text, {party}_id uuid, {party}_name text, ticket_id uuid,
    ticket_number text, issue_date date, due_date date, payment_terms text, {extra} {extra_type},
    amount numeric(12, 2), paid_to_date numeric(12, 2), balance numeric(12, 2), payment_status text,
    aging_category text, days_overdue integer
)
language sql stable security invoker as $$
    with documents as (
        select d.*
        from {documents} as d
        where d.company_id = company and d.{status} <> 'void' and d.issue_date <= as_of
    ),
    paid as (
        select p.{key}, sum(p.amount) as amount
        from {payments} as p
        join companies as c on c.id = p.company_id
        where p.company_id = company and (p.paid_at at time zone c.timezone)::date <= as_of
        group by p.{key}
    ),
    aged as (
        select d.*, coalesce(paid.amount, 0) as paid, d.amount - coalesce(paid.amount, 0) as open_balance,
               as_of - d.due_date as days_past_due
        from documents as d
        left join paid on paid.{key} = d.id
    )
    select a.company_id, a.id, a.{number}::text, a.{party}_id, pa.customer_name::text, a.ticket_id,
           t.ticket_number::text, a.issue_date, a.due_date, a.payment_terms::text, a.{extra}::{extra_type},
           a.amount::numeric(12, 2), a.paid::numeric(12, 2), a.open_balance::numeric(12, 2),
           case when a.open_balance <= 0 then 'paid' when a.days_past_due > 0 then 'overdue' else 'pending' end,
           case when a.open_balance > 0 then ledger_aging_category(a.days_past_due) end,
           case when a.open_balance > 0 and a.days_past_due > 0 then a.days_past_due else 0 end
    from aged as a
    left join customers as pa on pa.id = a.{party}_id
    left join tickets as t on t.id = a.ticket_id
$$
"""

# A customer's account: invoices issued (charges, on the issue date) and payments received
# (credits, on their company-local day). Void invoices and their payments are left out.
RECEIVABLE_ACTIVITY = """
create or replace view ledger_receivable_activity with (security_invoker = true) as
select i.id::text || '@invoice' as activity_id, i.company_id, i.customer_id, i.id as invoice_id,
       i.invoice_number, i.issue_date as activity_date, 'invoice'::text as kind,
       null::text as payment_method, null::text as reference, i.amount::numeric(12, 2) as charge,
       0::numeric(12, 2) as credit, i.created_at as recorded_at
from invoices as i
where i.payment_status <> 'void'
union all
select p.id::text || '@payment', i.company_id, i.customer_id, i.id, i.invoice_number,
       (p.paid_at at time zone c.timezone)::date, 'payment', p.method::text, p.reference::text,
       0::numeric(12, 2), p.amount::numeric(12, 2), p.paid_at
from payments as p
join invoices as i on i.id = p.invoice_id
join companies as c on c.id = i.company_id
where i.payment_status <> 'void'
"""

# Inbound Ticket Management's figures (spec 3 s2.5): completed inbound tickets per company, location,
# company-local day, payee and hauler, with revenue and net weight (as dbt's inbound_ticket_stats_daily).
INBOUND_TICKET_DAYS = """
create or replace view ledger_inbound_ticket_days with (security_invoker = true) as
select t.company_id, t.store_id as location_id, (t.ticket_at at time zone c.timezone)::date as local_date,
       t.customer1_id as payee_id, t.customer2_id as hauler_id, count(*) as ticket_count,
       sum(coalesce(t.total_amount, 0))::numeric(38, 2) as total_revenue_usd,
       sum(coalesce(t.net_weight, 0))::numeric(38, 1) as net_weight_lb
from tickets as t
join companies as c on c.id = t.company_id
where t.is_inbound and t.status = 'completed'
group by 1, 2, 3, 4, 5
"""


def upgrade() -> None:
    op.execute(AGING_CATEGORY)
    op.execute(AGING.format(name="ledger_invoice_aging", key="invoice_id", number="invoice_number",
                            party="customer", extra="billing_period", extra_type="date", documents="invoices",
                            status="payment_status", payments="payments"))
    op.execute(AGING.format(name="ledger_bill_aging", key="bill_id", number="bill_number", party="partner",
                            extra="description", extra_type="text", documents="bills", status="status",
                            payments="bill_payments"))
    op.execute(RECEIVABLE_ACTIVITY)
    op.execute(INBOUND_TICKET_DAYS)
    for function in ("ledger_aging_category(integer)", "ledger_invoice_aging(uuid, date)",
                     "ledger_bill_aging(uuid, date)"):
        op.execute(f"grant execute on function {function} to {rls.APP_ROLE}")
    op.execute(f"grant select on ledger_receivable_activity, ledger_inbound_ticket_days to {rls.APP_ROLE}")


def downgrade() -> None:
    op.execute("drop view if exists ledger_inbound_ticket_days")
    op.execute("drop view if exists ledger_receivable_activity")
    op.execute("drop function if exists ledger_bill_aging(uuid, date)")
    op.execute("drop function if exists ledger_invoice_aging(uuid, date)")
    op.execute("drop function if exists ledger_aging_category(integer)")
