"""Scheduled report e-mails, sent from the warehouse's code location every five minutes.

Each look sends every alert slot that is due (api/email_alerts/service.py: claimed per alert and
slot before mailing, so a daemon restart or an overlapping run never mails a slot twice).
"""
from __future__ import annotations

import asyncio

from dagster import (
    DefaultScheduleStatus,
    ScheduleDefinition,
    in_process_executor,
    job,
    op,
)

EMAIL_ALERTS_JOB = "email_alerts_send"


async def _send_due() -> list:
    from sqlalchemy.ext.asyncio import async_sessionmaker

    from api.core.config import get_settings
    from api.core.db import make_engine
    from api.email_alerts.service import send_due

    engine = make_engine(get_settings())  # this run's own pool, on this run's event loop
    try:
        return await send_due(sessions=async_sessionmaker(engine, expire_on_commit=False, autoflush=False))
    finally:
        await engine.dispose()


@op(description="Mail every scheduled report whose slot is due and not sent yet.")
def send_due_email_alerts(context) -> None:
    outcomes = asyncio.run(_send_due())
    for o in outcomes:
        context.log.info(f"alert {o.alert_id} slot {o.slot_at.isoformat()}: {o.status}"
                         + (f" ({o.error})" if o.error else ""))
    context.log.info(f"{sum(o.status == 'sent' for o in outcomes)} sent, "
                     f"{sum(o.status == 'failed' for o in outcomes)} failed")


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
