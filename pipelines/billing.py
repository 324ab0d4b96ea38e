"""The monthly billing run (platform subscription billing), from the warehouse's code location.

Every hour the run looks at each paid company: it makes the invoice of the company's local month
once, charges it through the payment provider when it is open, retries a failed charge once a
day (at most three times), and ends subscriptions canceled in an earlier month. Idempotent per
company and month (api/subscription/run.py), so the hourly look charges each month once. The
run is `python -m api.subscription.cli`: the pipelines import nothing from api.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from dagster import DefaultScheduleStatus, ScheduleDefinition, in_process_executor, job, op

BILLING_JOB = "subscription_billing_run"
ROOT = Path(__file__).resolve().parents[1]


def _run_billing() -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "api.subscription.cli"], check=False, cwd=ROOT, capture_output=True,
                          text=True, timeout=1800)


@op(description="Bill each paid company's subscription for its current month, once.")
def bill_subscriptions(context) -> None:
    done = _run_billing()
    outcomes = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    for o in outcomes:
        context.log.info(f"company {o['company_id']}: {o['action']}"
                         + (f" {o['invoice']}" if o["invoice"] else "") + (f" ({o['detail']})" if o["detail"] else ""))
    if done.returncode not in (0, 1):  # 1 = some charges failed (recorded, retried by a later run)
        raise RuntimeError(f"the billing run exited with {done.returncode}: {done.stderr[-2000:]}")
    actions = [o["action"] for o in outcomes]
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
