"""The monthly billing run: one charge per company and month through the loopback provider, failures
recorded and retried, cancellation taking effect at period end; and the real Dagster job."""
from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from api.subscription.run import run_billing
from jobs.billing import BILLING_JOB
from jobs.definitions import defs


def _next_month(now: datetime, months: int = 1) -> datetime:
    """Noon UTC on the 15th, `months` months on (the same local month in every US zone)."""
    year, month = divmod(now.month - 1 + months, 12)
    return datetime(now.year + year, month + 1, 15, 12, tzinfo=UTC)


def _mine(outcomes, tenant):
    (o,) = [o for o in outcomes if o.company_id == tenant.company_id]
    return o


def _charges(payments, tenant):
    return [c for c in payments.charges if c["customer"] == str(tenant.company_id)]


async def test_each_company_month_is_charged_once(factory, payments, owner_sql):
    t = await factory.tenant("pro", stores=2)
    now = _next_month(datetime.now(tz=UTC), 0)
    first = _mine(await run_billing(now, only=[t.company_id]), t)
    assert first.action == "charged"
    assert _mine(await run_billing(now + timedelta(hours=1), only=[t.company_id]), t).action == "already_paid"
    (charge,) = _charges(payments, t)
    # The plan table's monthly total for the active locations and users (billing.ensure_invoice).
    assert owner_sql("select amount::text from subscription_invoices where company_id = %s",
                     (t.company_id,)) == [(charge["amount"],)]
    later = _next_month(now)
    assert _mine(await run_billing(later, only=[t.company_id]), t).action == "charged"
    assert len(_charges(payments, t)) == 2
    assert owner_sql("select status, count(*) from subscription_invoices where company_id = %s group by status",
                     (t.company_id,)) == [("paid", 2)]


async def test_a_failed_charge_is_recorded_and_retried_a_day_later(factory, payments, owner_sql):
    t = await factory.tenant("pro", stores=1)
    now = _next_month(datetime.now(tz=UTC), 2)
    payments.decline = True
    failed = _mine(await run_billing(now, only=[t.company_id]), t)
    assert failed.action == "failed" and "declined" in failed.detail
    assert owner_sql("select subscription_status, last_payment_failed from companies where id = %s",
                     (t.company_id,)) == [("past_due", True)]
    assert _mine(await run_billing(now + timedelta(hours=2), only=[t.company_id]), t).action == "waiting"  # not hammered
    assert len(_charges(payments, t)) == 1
    payments.decline = False
    assert _mine(await run_billing(now + timedelta(days=1), only=[t.company_id]), t).action == "charged"
    assert owner_sql("select status, attempts, failure_reason from subscription_invoices where company_id = %s "
                     "and period_start > current_date + 31", (t.company_id,)) == [("paid", 2, None)]
    assert owner_sql("select subscription_status from companies where id = %s", (t.company_id,)) == [("active",)]
    keys = [c["idempotency_key"] for c in _charges(payments, t)]
    assert len(set(keys)) == 2  # one key per attempt


async def test_three_failures_stop_the_retries(factory, payments, monkeypatch):
    t = await factory.tenant("core", stores=1)
    now = _next_month(datetime.now(tz=UTC), 3)
    payments.decline = True
    for day in range(3):
        assert _mine(await run_billing(now + timedelta(days=day), only=[t.company_id]), t).action == "failed"
    assert _mine(await run_billing(now + timedelta(days=4), only=[t.company_id]), t).action == "gave_up"
    assert len(_charges(payments, t)) == 3


async def test_cancellation_takes_effect_at_period_end(client, factory, payments, owner_sql):
    t = await factory.tenant("pro", stores=1)
    r = await client.post("/api/subscription/cancel", headers=t.headers())
    assert r.status_code == 200, r.text
    now = datetime.now(tz=UTC)
    this_month = _mine(await run_billing(now, only=[t.company_id]), t)
    assert this_month.action == "charged"  # the month in force is still billed and still works
    assert owner_sql("select subscription_status from companies where id = %s", (t.company_id,)) == [("active",)]
    ended = _mine(await run_billing(_next_month(now), only=[t.company_id]), t)
    assert ended.action == "canceled"
    assert owner_sql("select subscription_status, cancel_at_period_end from companies where id = %s",
                     (t.company_id,)) == [("canceled", False)]
    assert len(_charges(payments, t)) == 1  # the month after the cancellation is never charged
    assert owner_sql("select action from subscription_changes where company_id = %s order by created_at",
                     (t.company_id,)) == [("cancel",), ("canceled",)]
    assert all(o.company_id != t.company_id for o in await run_billing(_next_month(now, 2), only=[t.company_id]))


async def test_without_a_provider_invoices_are_made_and_left_open(factory, owner_sql):
    t = await factory.tenant("pro", stores=1)
    o = _mine(await run_billing(datetime.now(tz=UTC), only=[t.company_id]), t)
    assert o.action == "open" and o.detail == "no payment provider configured"
    assert owner_sql("select status from subscription_invoices where company_id = %s", (t.company_id,)) == [("open",)]


def test_the_schedule_is_registered_and_on():
    schedule = defs.resolve_schedule_def("subscription_billing_hourly")
    assert schedule.job_name == BILLING_JOB and schedule.default_status.value == "RUNNING"


async def test_the_dagster_job_bills_once(factory, payments, owner_sql):
    t = await factory.tenant("enterprise", stores=1)
    job = defs.resolve_job_def(BILLING_JOB)
    assert (await asyncio.to_thread(job.execute_in_process)).success
    assert (await asyncio.to_thread(job.execute_in_process)).success  # the next hour: nothing new
    (charge,) = _charges(payments, t)
    assert charge["amount"] == "150.00"
    assert owner_sql("select status from subscription_invoices where company_id = %s", (t.company_id,)) == [("paid",)]
