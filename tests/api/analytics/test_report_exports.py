"""Basic and ESG report PDFs: recomputed from the published warehouse, scoped, downloaded or mailed.

The `world` fixture (conftest) publishes company A's hand-computed October: 4 completed tickets,
410 lb net (427.8 gross, 17.8 tare), outbound 210 lb; company B has one 5000 lb ticket.
"""
from __future__ import annotations

import base64
import io
import re
from datetime import datetime
from zoneinfo import ZoneInfo

from pypdf import PdfReader

from tests.factories import add_alert_recipients
from tests.smtp import smtp  # noqa: F401

OCT = {"start_date": "2026-10-01", "end_date": "2026-10-31"}


def pdf_text(content: bytes) -> str:
    assert content.startswith(b"%PDF-"), content[:40]
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(content)).pages)


def today_in_los_angeles() -> str:
    return datetime.now(tz=ZoneInfo("America/Los_Angeles")).date().isoformat()


async def export(client, kind, tenant, who="admin", **filters):
    return await client.post(f"/api/reports/{kind}/export", json={**OCT, **filters}, headers=tenant.headers(who))


async def mail(client, kind, tenant, email, who="admin", **filters):
    return await client.post(f"/api/reports/{kind}/email", json={"email": email, "filters": {**OCT, **filters}},
                             headers=tenant.headers(who))


async def ticket_numbers(owner_sql, tenant) -> set[str]:
    rows = owner_sql("select ticket_number from tickets where company_id = %s and status = 'completed'",
                     (tenant.company_id,))
    return {r[0] for r in rows}


class TestBasicExport:
    async def test_pdf_carries_the_report_figures_and_is_named_for_today(self, client, world, owner_sql):
        r = await export(client, "basic", world["a"])
        assert r.status_code == 200, r.text
        assert r.headers["content-type"] == "application/pdf"
        assert r.headers["content-disposition"] == f'attachment; filename="basic_report_{today_in_los_angeles()}.pdf"'
        text = pdf_text(r.content)
        assert "Basic Report" in text and "Period: 2026-10-01 to 2026-10-31" in text
        # The four KPIs, the diversion rate and the environmental block (test_reports.py computes them).
        for figure in ("410.0", "427.8", "17.8", "76.2%", "48.90", "$19.20"):
            assert figure in text, figure
        for name in ("Compost", "Landfill", "Food Bank", "Food Scraps", "Food Waste", "Kitchen 1", "Kitchen 2"):
            assert name in text, name
        # Every completed ticket is in the table, at 19:00 UTC = 12:00 in Los Angeles; the void one is not.
        for number in await ticket_numbers(owner_sql, world["a"]):
            assert number in text, number
        assert "12:00" in text and "19:00" not in text
        assert "999.0" not in text
        # When its figures were published, in the company's zone, as the screens say it.
        published = (await client.get("/api/reports/basic", params={"start_date": "2026-10-01", "end_date": "2026-10-31"},
                                       headers=world["a"].headers("admin"))).json()["last_refreshed_at"]
        local = datetime.fromisoformat(published).astimezone(ZoneInfo("America/Los_Angeles"))
        assert f"figures as of {local:%Y-%m-%d %H:%M %Z}" in text

    async def test_figures_sent_by_the_client_are_ignored(self, client, world):
        r = await client.post("/api/reports/basic/export", headers=world["a"].headers(),
                              json={**OCT, "reportData": {"total_net_weight": 987654.3, "total_tickets": 424242}})
        text = pdf_text(r.content)
        assert "410.0" in text
        assert "987,654.3" not in text and "424,242" not in text

    async def test_filters_narrow_the_pdf(self, client, world):
        text = pdf_text((await export(client, "basic", world["a"], ticket_type="inbound")).content)
        assert "Ticket type: Inbound" in text
        assert "200.0" in text and "410.0" not in text

    async def test_company_never_sees_another_company_tickets(self, client, world, owner_sql):
        a, b = world["a"], world["b"]
        b_text = pdf_text((await export(client, "basic", b)).content)
        assert "5,000.0" in b_text and "410.0" not in b_text
        for number in await ticket_numbers(owner_sql, a):
            assert number not in b_text
        # A's admin naming B's location gets nothing of B's.
        a_text = pdf_text((await export(client, "basic", a, store_id=str(b.stores[0].id))).content)
        assert "5,000.0" not in a_text and "No tickets match these filters." in a_text

    async def test_employees_may_not_export_reports(self, client, world):
        """Reports are the managers' (docs/access.md): an employee, assigned or not, gets 403."""
        for kind in ("basic", "esg"):
            r = await export(client, kind, world["a"], who="employee")
            assert r.status_code == 403, r.text

    async def test_long_ranges_cap_the_ticket_table_and_say_so(self, client, world, monkeypatch):
        from api.analytics import report_exports

        monkeypatch.setattr(report_exports, "TICKET_TABLE_CAP", 2)
        text = pdf_text((await export(client, "basic", world["a"])).content)
        assert "Showing the 2 most recent of 4 tickets" in text
        assert "410.0" in text  # the totals still cover all four

    async def test_empty_warehouse_gives_an_empty_pdf(self, client, world, tmp_path, monkeypatch):
        from api.core.config import get_settings

        monkeypatch.setattr(get_settings(), "warehouse_path", tmp_path / "missing.duckdb")
        r = await export(client, "basic", world["a"])
        assert r.status_code == 200, r.text
        text = pdf_text(r.content)
        assert "No tickets match these filters." in text and "has not been refreshed yet" in text

    async def test_bad_range_is_refused(self, client, world):
        r = await export(client, "basic", world["a"], start_date="2026-10-31", end_date="2026-10-01")
        assert r.status_code == 422
        assert "start_date" in r.json()["detail"]


class TestEsgExport:
    async def test_pdf_carries_the_esg_figures(self, client, world):
        r = await export(client, "esg", world["a"])
        assert r.status_code == 200, r.text
        assert r.headers["content-disposition"] == f'attachment; filename="esg_report_{today_in_los_angeles()}.pdf"'
        text = pdf_text(r.content)
        assert "ESG Impact Report" in text
        for figure in ("48.90", "1.81", "76.2%", "$19.20", "Not estimated", "Meets the company's 75.0% diversion target"):
            assert figure in text, figure

    async def test_core_plan_cannot_export_or_mail_esg(self, client, world):
        assert (await export(client, "esg", world["b"])).status_code == 403
        assert (await mail(client, "esg", world["b"], "esg-core@example.com")).status_code == 403

    async def test_company_logo_appears_in_the_report(self, client, world):
        from PIL import Image

        png = io.BytesIO()
        Image.new("RGB", (40, 20), (31, 95, 63)).save(png, format="PNG")
        data_url = "data:image/png;base64," + base64.b64encode(png.getvalue()).decode()
        empty = world["empty"]
        up = await client.post("/api/company/logo", json={"logo_data": data_url}, headers=empty.headers())
        assert up.status_code == 200, up.text
        r = await export(client, "esg", empty)
        assert r.status_code == 200, r.text
        assert len(PdfReader(io.BytesIO(r.content)).pages[0].images) == 1


class TestEmail:
    async def test_address_without_at_sign_is_refused(self, client, world):
        r = await mail(client, "basic", world["a"], "not-an-address")
        assert r.status_code == 422
        assert r.json()["detail"] == "Please enter a valid email address"

    async def test_basic_report_arrives_with_the_pdf_attached(self, client, world, smtp, owner_sql):  # noqa: F811
        add_alert_recipients(owner_sql, world["a"].company_id, "owner-basic@example.com")
        r = await mail(client, "basic", world["a"], "owner-basic@example.com")
        assert r.status_code == 200, r.text
        name = r.json()["filename"]
        assert re.fullmatch(r"basic_report_\d{4}-\d{2}-\d{2}\.pdf", name)
        msg = smtp.last_to("owner-basic@example.com")
        assert "Basic Report" in str(msg["Subject"])
        [attachment] = list(msg.iter_attachments())
        assert attachment.get_filename() == name
        assert attachment.get_content_type() == "application/pdf"
        assert "410.0" in pdf_text(attachment.get_content())
        assert owner_sql("select detail->>'report', detail->>'period' from audit_log where action = 'report.emailed' "
                         "and detail->>'recipients' = 'owner-basic@example.com'") == [("basic", "2026-10-01..2026-10-31")]

    async def test_a_company_user_may_receive_a_report(self, client, world, smtp):  # noqa: F811
        a = world["a"]
        r = await mail(client, "esg", a, a.employee.email.upper())
        assert r.status_code == 200, r.text
        assert smtp.last_to(a.employee.email.upper()) is not None

    async def test_an_outside_address_is_refused_and_nothing_is_sent(self, client, world, smtp, owner_sql):  # noqa: F811
        """Issue 31: a report mailed to attacker@evil.example was sent. Now 422 naming `email`."""
        other = world["b"]
        for address in ("attacker@evil.example", other.admin.email):  # another company's user is outside too
            r = await mail(client, "basic", world["a"], address)
            assert r.status_code == 422, r.text
            assert r.json()["detail"].startswith(f"email: {address} is not one of this company's users")
            assert r.json()["errors"] == [{"field": "email", "message": r.json()["detail"]}]
        assert smtp.messages == []
        assert owner_sql("select count(*) from audit_log where action = 'report.emailed' "
                         "and detail->>'recipients' = 'attacker@evil.example'") == [(0,)]

    async def test_employees_may_not_mail_reports(self, client, world, smtp):  # noqa: F811
        for kind in ("basic", "esg"):
            r = await mail(client, kind, world["a"], world["a"].admin.email, who="employee")
            assert r.status_code == 403, r.text
        assert smtp.messages == []

    async def test_mail_is_rate_limited(self, client, world, smtp, monkeypatch, owner_sql):  # noqa: F811
        from api.analytics import report_exports

        monkeypatch.setattr(report_exports, "EMAILS_PER_USER", (2, 600))
        add_alert_recipients(owner_sql, world["empty"].company_id, *(f"flood-{i}@example.com" for i in range(5)))
        codes = [(await mail(client, "basic", world["empty"], f"flood-{i}@example.com")).status_code
                 for i in range(5)]  # two fixed windows at most hold 4
        assert 429 in codes
        assert codes.count(200) <= 4
        assert len(smtp.messages) == codes.count(200)
