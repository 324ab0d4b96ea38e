"""The jobs code location sends due alerts: the Dagster job, run as the daemon would."""
from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from jobs.alerts import EMAIL_ALERTS_JOB
from jobs.definitions import defs


def test_the_schedule_is_registered_and_on():
    schedule = defs.resolve_schedule_def("email_alerts_every_5_minutes")
    assert schedule.cron_schedule == "*/5 * * * *" and schedule.job_name == EMAIL_ALERTS_JOB
    assert schedule.default_status.value == "RUNNING"


@pytest.mark.parametrize("report_type", ["cost-analysis", "ai-analytics"])
async def test_the_dagster_job_mails_a_due_alert_once(client, world, owner_sql, smtp, report_type):
    a = world["a"]
    local = datetime.now(tz=ZoneInfo("America/Los_Angeles")) - timedelta(minutes=2)
    to = f"dagster-{report_type}@example.com"
    r = await client.post("/api/email-alerts", json={
        "name": "Daily from Dagster", "report_type": report_type, "schedule": "daily",
        "send_time": f"{local:%H:%M}", "recipients": to}, headers=a.headers())
    assert r.status_code == 201, r.text
    owner_sql("update email_alerts set created_at = %s where id = %s",
              (datetime.now(tz=UTC) - timedelta(days=2), r.json()["id"]))
    job = defs.resolve_job_def(EMAIL_ALERTS_JOB)
    first = await asyncio.to_thread(job.execute_in_process)
    assert first.success
    again = await asyncio.to_thread(job.execute_in_process)  # the next tick: nothing new to send
    assert again.success
    msgs = smtp.to(to)
    assert len(msgs) == 1
    (part,) = list(msgs[0].iter_attachments())
    assert part.get_filename().startswith(f"{report_type}_") and part.get_filename().endswith(".pdf")
    assert part.get_content().startswith(b"%PDF-")
    assert owner_sql("select status, kind from email_alert_sends where alert_id = %s", (r.json()["id"],)) == [
        ("sent", "scheduled")]
