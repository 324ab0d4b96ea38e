"""EMAIL on Ticket Search and Ticket Report: real mail to a loopback SMTP server with the PDF and CSV
of the screen's filters; recipients checked one by one, a per-user limit, an audit record."""
from __future__ import annotations

import csv
import io

import pytest

from api.tickets import mailing
from tests.api.tickets.test_exports import tenant, tickets  # noqa: F401 (fixtures)
from tests.factories import add_alert_recipients
from tests.smtp import smtp  # noqa: F401

FILTERS = {"start_date": "2026-07-01", "end_date": "2026-07-02"}


@pytest.fixture(autouse=True)
def recipients(tenant, owner_sql):  # noqa: F811
    """A manager's alert names these: tickets are mailed only to company users and alert recipients."""
    add_alert_recipients(owner_sql, tenant.company_id, "ops@example.com", "boss@example.com", "limit@example.com")


async def _send(client, who, recipients, filters=None):
    return await client.post("/api/tickets/email", json={"recipients": recipients, "filters": filters or FILTERS},
                             headers=who.headers())


async def test_the_tickets_arrive_as_pdf_and_csv(client, tenant, tickets, smtp, owner_sql):  # noqa: F811
    r = await _send(client, tenant, "ops@example.com, Boss@Example.com")
    assert r.status_code == 200, r.text
    assert r.json()["tickets"] == 2 and r.json()["recipients"] == "ops@example.com, boss@example.com"
    msg = smtp.last_to("boss@example.com")
    parts = {p.get_filename(): p for p in msg.iter_attachments()}
    assert set(parts) == {"flow_tickets_20260701_20260702.pdf", "flow_tickets_20260701_20260702.csv"}
    assert parts["flow_tickets_20260701_20260702.pdf"].get_content().startswith(b"%PDF-")
    rows = list(csv.reader(io.StringIO(parts["flow_tickets_20260701_20260702.csv"].get_content().lstrip("\ufeff"))))
    assert {row[2] for row in rows[1:-1]} == {t["ticket_number"] for t in tickets}  # the draft is not sent
    assert "Harbor Kitchens" in msg["Subject"]
    assert owner_sql("select action, detail->>'recipients', detail->>'tickets' from audit_log "
                     "where company_id = %s and action = 'tickets.emailed'", (tenant.company_id,)) == [
        ("tickets.emailed", "ops@example.com, boss@example.com", "2")]


async def test_a_bad_recipient_is_named_and_nothing_is_sent(client, tenant, tickets, smtp):  # noqa: F811
    r = await _send(client, tenant, "ops@example.com, not-an-address")
    assert r.status_code == 422
    assert "recipients" in r.json()["detail"] and "not-an-address" in r.json()["detail"]
    assert smtp.messages == []


async def test_no_tickets_is_a_404_and_no_mail(client, tenant, smtp):  # noqa: F811
    r = await _send(client, tenant, "ops@example.com", {"start_date": "2020-01-01", "end_date": "2020-01-02"})
    assert r.status_code == 404 and r.json()["detail"] == "No data to export"
    assert smtp.messages == []


async def test_each_user_is_rate_limited(client, tenant, tickets, smtp, monkeypatch):  # noqa: F811
    monkeypatch.setattr(mailing, "PER_USER", (2, 600))
    for _ in range(2):
        assert (await _send(client, tenant, "limit@example.com")).status_code == 200
    r = await _send(client, tenant, "limit@example.com")
    assert r.status_code == 429
    assert len(smtp.to("limit@example.com")) == 2


async def test_an_outside_address_is_named_and_nothing_is_sent(client, tenant, tickets, smtp):  # noqa: F811
    """Issue 31: tickets go only to the company's users or to recipients a manager added."""
    r = await _send(client, tenant, f"ops@example.com, {tenant.employee.email}, attacker@evil.example")
    assert r.status_code == 422, r.text
    assert r.json()["detail"].startswith("recipients: attacker@evil.example is not one of this company's users")
    assert r.json()["errors"][0]["field"] == "recipients"
    assert smtp.messages == []


async def test_employees_may_not_mail_tickets(client, tenant, tickets, smtp):  # noqa: F811
    r = await client.post("/api/tickets/email", json={"recipients": tenant.admin.email, "filters": FILTERS},
                          headers=tenant.headers("employee"))
    assert r.status_code == 403
    assert smtp.messages == []
