"""The monthly billing run (platform subscription billing), hourly from the jobs code location.

Every hour the run looks at each paid company: it makes the invoice of the company's local month
once, charges it through the payment provider when it is open, retries a failed charge once a
day (at most three times), and ends subscriptions canceled in an earlier month. Idempotent per
company and month (api/subscription/run.py), so the hourly look charges each month once.
"""
from __future__ import annotations

import asyncio

from dagster import DefaultScheduleStatus, ScheduleDefinition, in_process_executor, job, op

from api.subscription.cli import bill_once

BILLING_JOB = "subscription_billing_run"


@op(description="Bill each paid company's subscription for its current month, once.")
def bill_subscriptions(context) -> None:
    outcomes = asyncio.run(bill_once())
    for o in outcomes:
        context.log.info(f"company {o.company_id}: {o.action}"
                         + (f" {o.invoice}" if o.invoice else "") + (f" ({o.detail})" if o.detail else ""))
    # A failed charge is recorded and retried by a later run: not a failed run.
    actions = [o.action for o in outcomes]
    context.log.info(f"{actions.count('charged')} charged, {actions.count('failed')} failed, "
                     f"{actions.count('canceled')} canceled, {actions.count('open')} left open")


@job(name=BILLING_JOB, executor_def=in_process_executor, tags={"flow/billing": "subscriptions"},
     description="Monthly subscription billing: invoice, charge, retry, end canceled subscriptions.")
def billing_job() -> None:
    bill_subscriptions()


billing_schedule = ScheduleDefinition(
    name="subscription_billing_hourly",
    job=billing_job,
    cron_schedule="20 * * * *",
    execution_timezone="UTC",
    default_status=DefaultScheduleStatus.RUNNING,
    description="Bill each company's month once (its own local month), retry failed charges daily.",
)
