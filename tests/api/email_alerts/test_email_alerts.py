"""Email alerts: the API (validation, plans, ownership) and sending on schedule through real SMTP.

Company A's October (tests/pipelines/world.py): in Los Angeles days, 15 Oct compost 100 lb, 16 Oct
landfill 50 lb, 20 Oct food bank 60 lb (Kitchen 2), 21 Oct inbound compost 200 lb (Kitchen 2),
22 Oct a void ticket. A weekly Monday alert sent on 26 Oct covers 19 to 25 Oct: 2 tickets.
"""
from __future__ import annotations

import asyncio
import csv
import io
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from pypdf import PdfReader

from api.email_alerts import service

MONDAY_26_OCT_0900_LA = datetime(2026, 10, 26, 16, 0, tzinfo=UTC)
WEEKLY = {"name": "Weekly tickets", "report_type": "ticket-report", "schedule": "weekly", "weekly_day": "monday",
          "send_time": "09:00", "recipients": "ops@example.com, Boss@Example.com"}


def attachments(msg) -> dict[str, bytes]:
    return {part.get_filename(): part.get_content() for part in msg.iter_attachments()}


def pdf_text(content: bytes) -> str:
    assert content.startswith(b"%PDF-")
    return "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(content)).pages)


async def make_alert(client, tenant, owner_sql, body=None, created=datetime(2026, 10, 1, tzinfo=UTC)) -> dict:
    r = await client.post("/api/email-alerts", json=body or WEEKLY, headers=tenant.headers())
    assert r.status_code == 201, r.text
    # As if made at the start of October, so October's slots count.
    owner_sql("update email_alerts set created_at = %s where id = %s", (created, r.json()["id"]))
    return r.json()


def sends(owner_sql, alert_id) -> list[tuple]:
    return owner_sql("select status, attempts, kind, attachments, error from email_alert_sends where alert_id = %s "
                     "order by created_at", (alert_id,))


async def test_create_validates_each_field_and_defaults(client, world):
    a = world["a"]
    bad = await client.post("/api/email-alerts", json={**WEEKLY, "recipients": "ops@example.com, not-an-address"},
                            headers=a.headers())
    assert bad.status_code == 422 and "recipients" in bad.json()["detail"] and "not-an-address" in bad.json()["detail"]
    for field, value in (("send_time", "9am"), ("schedule", "hourly"), ("report_type", "gossip"),
                         ("weekly_day", "sunday")):
        r = await client.post("/api/email-alerts", json={**WEEKLY, field: value}, headers=a.headers())
        assert r.status_code == 422 and field in r.text, (field, r.text)
    r = await client.post("/api/email-alerts", json={**WEEKLY, "name": "  "}, headers=a.headers())
    assert r.status_code == 422 and r.json()["detail"] == "name: Alert name is required"

    r = await client.post("/api/email-alerts", json={"name": "Daily", "report_type": "cost-analysis",
                                                      "schedule": "daily", "recipients": " me@example.com ",
                                                      "weekly_day": "friday"}, headers=a.headers())
    body = r.json()
    assert r.status_code == 201, r.text
    assert (body["send_time"], body["weekly_day"], body["recipients"], body["timezone"]) == (
        "09:00", None, "me@example.com", "America/Los_Angeles")
    assert datetime.fromisoformat(body["next_run_at"]) > datetime.now(tz=UTC)


async def test_plans_decide_who_may_schedule_what(client, world):
    core = await client.get("/api/email-alerts", headers=world["core"].headers())
    assert core.status_code == 403 and core.json()["detail"] == "Email alerts are available on the Pro and Enterprise plans"
    pro = world["pro"]
    listed = await client.get("/api/email-alerts", headers=pro.headers())
    assert "esg-impact" not in listed.json()["report_types"] and "ticket-report" in listed.json()["report_types"]
    r = await client.post("/api/email-alerts", json={**WEEKLY, "report_type": "esg-impact"}, headers=pro.headers())
    assert r.status_code == 403 and "Enterprise" in r.json()["detail"]
    enterprise = await client.get("/api/email-alerts", headers=world["a"].headers())
    assert "esg-impact" in enterprise.json()["report_types"]
    employee = await client.get("/api/email-alerts", headers=world["a"].headers("employee"))
    assert employee.status_code == 403


async def test_each_user_sees_and_changes_only_their_own(client, world, factory, owner_sql):
    a = world["a"]
    mine = await make_alert(client, a, owner_sql)
    other_admin = await factory.tenant("enterprise", stores=1)
    assert all(x["id"] != mine["id"] for x in (await client.get("/api/email-alerts",
                                                                headers=other_admin.headers())).json()["alerts"])
    r = await client.put(f"/api/email-alerts/{mine['id']}", json={"is_active": False}, headers=other_admin.headers())
    assert r.status_code == 404
    r = await client.put(f"/api/email-alerts/{mine['id']}",
                         json={"schedule": "last-friday-month", "send_time": "17:30", "is_active": False},
                         headers=a.headers())
    assert r.status_code == 200, r.text
    assert (r.json()["schedule"], r.json()["weekly_day"], r.json()["is_active"], r.json()["next_run_at"]) == (
        "last-friday-month", None, False, None)
    r = await client.delete(f"/api/email-alerts/{mine['id']}", headers=a.headers())
    assert r.status_code == 200
    assert owner_sql("select 1 from email_alerts where id = %s", (mine["id"],)) == []


async def test_weekly_alert_is_mailed_once_per_slot_with_pdf_and_csv(client, world, owner_sql, smtp):
    a = world["a"]
    alert = await make_alert(client, a, owner_sql)
    now = MONDAY_26_OCT_0900_LA + timedelta(minutes=3)
    outcomes = [o for o in await service.send_due(now) if str(o.alert_id) == alert["id"]]
    assert [(o.slot_at, o.status) for o in outcomes] == [(MONDAY_26_OCT_0900_LA, "sent")]

    msg = smtp.last_to("ops@example.com")
    assert "boss@example.com" in msg["To"]
    assert "Ticket Report 2026-10-19 to 2026-10-25" in msg["Subject"]
    files = attachments(msg)
    assert set(files) == {"ticket-report_20261019_20261025.pdf", "ticket-report_20261019_20261025.csv"}
    assert "Basic Report" in pdf_text(files["ticket-report_20261019_20261025.pdf"])
    rows = list(csv.reader(io.StringIO(files["ticket-report_20261019_20261025.csv"].lstrip("\ufeff"))))
    assert rows[0][:3] == ["Date", "Time", "Ticket #"]
    assert sorted(r[7] for r in rows[1:]) == ["200.0", "60.0"]  # 20 and 21 Oct; the void one is not there

    # A second look, a restarted sender, or two senders at once: the slot is not mailed again.
    count = len(smtp.to("ops@example.com"))
    await service.send_due(now + timedelta(minutes=5))
    await asyncio.gather(service.send_due(now + timedelta(minutes=10)), service.send_due(now + timedelta(minutes=10)))
    assert len(smtp.to("ops@example.com")) == count
    names = "ticket-report_20261019_20261025.pdf, ticket-report_20261019_20261025.csv"
    assert sends(owner_sql, alert["id"]) == [("sent", 1, "scheduled", names, None)]
    listed = (await client.get("/api/email-alerts", headers=a.headers())).json()["alerts"]
    assert next(x for x in listed if x["id"] == alert["id"])["last_send"]["status"] == "sent"
    owner_sql("delete from email_alerts where id = %s", (alert["id"],))


async def test_two_senders_at_the_same_moment_mail_once(client, world, owner_sql, smtp):
    alert = await make_alert(client, world["a"], owner_sql, {**WEEKLY, "recipients": "race@example.com"})
    now = MONDAY_26_OCT_0900_LA + timedelta(minutes=1)
    await asyncio.gather(*(service.send_due(now) for _ in range(3)))
    assert len(smtp.to("race@example.com")) == 1
    owner_sql("delete from email_alerts where id = %s", (alert["id"],))


async def test_a_failed_slot_is_recorded_and_tried_again(client, world, owner_sql, smtp, monkeypatch):
    alert = await make_alert(client, world["a"], owner_sql, {**WEEKLY, "recipients": "retry@example.com",
                                                              "report_type": "esg-summary"})
    now = MONDAY_26_OCT_0900_LA + timedelta(minutes=2)
    monkeypatch.setenv("FLOW_SMTP_PORT", "1")  # nothing listens there: the connection is refused
    from api.core.config import get_settings

    get_settings.cache_clear()
    await service.send_due(now)
    status, attempts, _kind, _files, error = sends(owner_sql, alert["id"])[0]
    assert (status, attempts) == ("failed", 1) and "mail server" in error
    monkeypatch.setenv("FLOW_SMTP_PORT", str(smtp.port))
    get_settings.cache_clear()
    await service.send_due(now + timedelta(minutes=5))
    assert sends(owner_sql, alert["id"])[0][:2] == ("sent", 2)
    assert "ESG Impact Report" in pdf_text(attachments(smtp.last_to("retry@example.com"))[
        "esg-summary_20261019_20261025.pdf"])
    owner_sql("delete from email_alerts where id = %s", (alert["id"],))


async def test_slots_before_the_alert_existed_or_long_past_are_not_sent(client, world, owner_sql, smtp):
    alert = await make_alert(client, world["a"], owner_sql, {**WEEKLY, "recipients": "late@example.com"},
                             created=datetime(2026, 10, 26, 17, tzinfo=UTC))
    await service.send_due(MONDAY_26_OCT_0900_LA + timedelta(hours=1, minutes=30))  # made after the slot
    owner_sql("update email_alerts set created_at = %s where id = %s", (datetime(2026, 10, 1, tzinfo=UTC), alert["id"]))
    await service.send_due(MONDAY_26_OCT_0900_LA + timedelta(hours=7))  # the daemon was down too long
    assert smtp.to("late@example.com") == [] and sends(owner_sql, alert["id"]) == []
    owner_sql("delete from email_alerts where id = %s", (alert["id"],))


async def test_send_test_mails_now_and_says_so(client, world, owner_sql, smtp):
    a = world["a"]
    alert = await make_alert(client, a, owner_sql, {**WEEKLY, "report_type": "sb1383",
                                                     "recipients": "test-me@example.com"})
    r = await client.post(f"/api/email-alerts/{alert['id']}/send-test", headers=a.headers())
    assert r.status_code == 200, r.text
    assert r.json()["message"] == "Test email sent to test-me@example.com"
    msg = smtp.last_to("test-me@example.com")
    assert str(msg["Subject"]).strip().startswith("[Test] ")
    (name, pdf), = attachments(msg).items()
    assert name.startswith("sb1383_") and "SB 1383 Compliance Summary" in pdf_text(pdf)
    assert sends(owner_sql, alert["id"])[0][:3] == ("sent", 1, "test")
    r = await client.post(f"/api/email-alerts/{uuid.uuid4()}/send-test", headers=a.headers())
    assert r.status_code == 404


@pytest.mark.parametrize("report_type", ["cost-analysis", "esg-impact", "ai-analytics"])
async def test_every_report_type_renders(client, world, owner_sql, smtp, report_type):
    alert = await make_alert(client, world["a"], owner_sql, {**WEEKLY, "report_type": report_type,
                                                             "recipients": f"{report_type}@example.com"})
    r = await client.post(f"/api/email-alerts/{alert['id']}/send-test", headers=world["a"].headers())
    assert r.status_code == 200, r.text
    (name, pdf), = attachments(smtp.last_to(f"{report_type}@example.com")).items()
    assert name.startswith(report_type) and pdf.startswith(b"%PDF-")
