"""Scheduled report e-mails, sent from the warehouse's code location every five minutes.

Each look sends every alert slot that is due (api/email_alerts/service.py: claimed per alert and
slot before mailing, so a daemon restart or an overlapping run never mails a slot twice). The
sender runs as `python -m api.email_alerts.cli`: the pipelines import nothing from api.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from dagster import (
    DefaultScheduleStatus,
    ScheduleDefinition,
    in_process_executor,
    job,
    op,
)

EMAIL_ALERTS_JOB = "email_alerts_send"
ROOT = Path(__file__).resolve().parents[1]


def _run_sender() -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "api.email_alerts.cli"], check=False, cwd=ROOT, capture_output=True,
                          text=True, timeout=1800)


@op(description="Mail every scheduled report whose slot is due and not sent yet.")
def send_due_email_alerts(context) -> None:
    done = _run_sender()
    sends = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    for o in sends:
        context.log.info(f"alert {o['alert_id']} slot {o['slot_at']}: {o['status']}"
                         + (f" ({o['error']})" if o["error"] else ""))
    if done.returncode not in (0, 1):  # 1 = some sends failed (recorded, retried on the next look)
        raise RuntimeError(f"the alert sender exited with {done.returncode}: {done.stderr[-2000:]}")
    context.log.info(f"{sum(o['status'] == 'sent' for o in sends)} sent, "
                     f"{sum(o['status'] == 'failed' for o in sends)} failed")


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
