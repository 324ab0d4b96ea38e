"""Scheduled report e-mails, sent every five minutes from the jobs code location.

Each look sends every alert slot that is due (api/email_alerts/service.py: claimed per alert and
slot before mailing, so a daemon restart or an overlapping run never mails a slot twice).
"""
from __future__ import annotations

import asyncio

from dagster import DefaultScheduleStatus, ScheduleDefinition, in_process_executor, job, op

from api.email_alerts.cli import send_due_once

EMAIL_ALERTS_JOB = "email_alerts_send"


@op(description="Mail every scheduled report whose slot is due and not sent yet.")
def send_due_email_alerts(context) -> None:
    sends = asyncio.run(send_due_once())
    for o in sends:
        context.log.info(f"alert {o.alert_id} slot {o.slot_at.isoformat()}: {o.status}"
                         + (f" ({o.error})" if o.error else ""))
    # A failed send is recorded on its slot and tried again on the next look: not a failed run.
    context.log.info(f"{sum(o.status == 'sent' for o in sends)} sent, {sum(o.status == 'failed' for o in sends)} failed")


@job(name=EMAIL_ALERTS_JOB, executor_def=in_process_executor, tags={"flow/mail": "email-alerts"},
     description="Send the scheduled report e-mails that are due.")
def email_alerts_job() -> None:
    send_due_email_alerts()


email_alerts_schedule = ScheduleDefinition(
    name="email_alerts_every_5_minutes",
    job=email_alerts_job,
    cron_schedule="*/5 * * * *",
    execution_timezone="UTC",
    default_status=DefaultScheduleStatus.RUNNING,  # on with the daemon (make run), like the sensor
    description="Look for due report e-mails (each alert's own time in its company's zone).",
)
