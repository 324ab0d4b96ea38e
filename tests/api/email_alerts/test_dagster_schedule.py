"""The warehouse's code location sends due alerts: the Dagster job, run as the daemon would."""
from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from pipelines.alerts import EMAIL_ALERTS_JOB
from pipelines.definitions import defs


def test_the_schedule_is_registered_and_on():
    schedule = defs.resolve_schedule_def("email_alerts_every_5_minutes")
    assert schedule.cron_schedule == "*/5 * * * *" and schedule.job_name == EMAIL_ALERTS_JOB
    assert schedule.default_status.value == "RUNNING"


async def test_the_dagster_job_mails_a_due_alert_once(client, world, owner_sql, smtp):
    a = world["a"]
    local = datetime.now(tz=ZoneInfo("America/Los_Angeles")) - timedelta(minutes=2)
    r = await client.post("/api/email-alerts", json={
        "name": "Daily from Dagster", "report_type": "cost-analysis", "schedule": "daily",
        "send_time": f"{local:%H:%M}", "recipients": "dagster@example.com"}, headers=a.headers())
    assert r.status_code == 201, r.text
    owner_sql("update email_alerts set created_at = %s where id = %s",
              (datetime.now(tz=UTC) - timedelta(days=2), r.json()["id"]))
    job = defs.resolve_job_def(EMAIL_ALERTS_JOB)
    first = await asyncio.to_thread(job.execute_in_process)
    assert first.success
    again = await asyncio.to_thread(job.execute_in_process)  # the next tick: nothing new to send
    assert again.success
    msgs = smtp.to("dagster@example.com")
    assert len(msgs) == 1
    (name,) = [p.get_filename() for p in msgs[0].iter_attachments()]
    assert name.startswith("cost-analysis_") and name.endswith(".pdf")
    assert owner_sql("select status, kind from email_alert_sends where alert_id = %s", (r.json()["id"],)) == [
        ("sent", "scheduled")]
