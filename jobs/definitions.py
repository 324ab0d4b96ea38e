"""The Flow jobs code location: work that runs the product's own rules on a clock.

Billing (hourly) and scheduled report e-mails (every five minutes) call the API's services in
process. They live apart from the warehouse's code location (pipelines.definitions), which
imports nothing from api: `flow up` loads both into one Dagster (see flow/cli.py).
"""
from __future__ import annotations

from dagster import Definitions

from jobs.alerts import email_alerts_job, email_alerts_schedule
from jobs.billing import billing_job, billing_schedule

defs = Definitions(jobs=[email_alerts_job, billing_job], schedules=[email_alerts_schedule, billing_schedule])
