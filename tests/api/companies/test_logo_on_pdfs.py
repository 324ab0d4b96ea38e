"""The company logo is on every PDF Flow makes (issue 16): ticket export, reports, invoices, EAR,
the compliance report, food recovery records and bills of lading. Each PDF maker is given the
logo and must draw it (an image XObject in the file); without a logo, none is drawn. The ticket
export is also checked through its route, from the logo the company uploaded."""
from __future__ import annotations

import io
from datetime import UTC, date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from PIL import Image

from api.compliance import ear, location_report, recovery
from api.invoices.pdf import CompanyBlock
from api.payables.bol import bol_pdf
from api.reports.pdf import ReportHeader
from api.tables.tickets import Ticket
from api.tickets import exports
from tests.api.companies.test_company import data_url
from tests.pipelines.world import Weighing, add_tickets

NOW = datetime(2026, 10, 20, 17, tzinfo=UTC)
IMAGE = b"/Subtype /Image"


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", (60, 30), (20, 120, 60, 255)).save(out, format="PNG")
    return out.getvalue()


def _ear(logo):
    rep = {"year": 2025, "reporting_due_date": date(2026, 8, 1), "preparation_checklist": [],
           "summary": {"compliance_status": "compliant", "diversion_rate": 80, "target_rate": 75,
                       "total_organic_waste": 100, "total_organic_waste_tons": 0.05, "ticket_count": 1}}
    return ear.to_pdf("Logo Kitchens", rep, [], NOW, logo)


def _location_report(logo):
    body = {"year": 2026, "location_compliance": {},
            "compliance_status": {"target_rate": 75, "diversion_rate": 80, "is_compliant": True, "risk_level": "low",
                                  "total_tickets_analyzed": 1},
            "diversion_metrics": {"total_waste": 100, "monthly_trend": []},
            "food_recovery": {"recovered_pounds": 10, "recovery_rate": 10}}
    return location_report.to_pdf("Logo Kitchens", body, NOW, logo)


def _recovery(logo):
    body = {"year": 2026, "total_recovered_lb": Decimal(0), "partners": [], "records": [], "warnings": []}
    return recovery.to_pdf("Logo Kitchens", body, NOW, logo)


def _bol(logo):
    header = ReportHeader("Logo Kitchens", "America/Los_Angeles", NOW, logo)
    ticket = Ticket(ticket_number="T-1", ticket_at=NOW, vehicle_info={}, waste_type_name="Food Waste",
                    gross_weight=Decimal(110), tare_weight=Decimal(10), net_weight=Decimal(100))
    return bol_pdf(CompanyBlock(header=header, address_lines=["1 Main St"]), ticket, None, None)


def _ticket_export(logo):
    return exports.to_pdf(exports.ExportTable("Logo Kitchens", "October 2026", ZoneInfo("UTC"), logo), [])


@pytest.mark.parametrize("make", [_ear, _location_report, _recovery, _bol, _ticket_export],
                         ids=["ear", "compliance-report", "food-recovery-records", "bill-of-lading", "ticket-export"])
def test_each_pdf_draws_the_logo_it_is_given(make):
    assert IMAGE in make(png())
    assert IMAGE not in make(None)


async def test_the_ticket_export_pdf_carries_the_uploaded_logo(client, factory):
    t = await factory.tenant(stores=1)
    await add_tickets(t, [Weighing(datetime.now(tz=UTC), "Compost", "12.5")])
    without = await client.get("/api/tickets/export/pdf", headers=t.headers())
    assert without.status_code == 200 and IMAGE not in without.content
    r = await client.post("/api/company/logo", json={"logo_data": data_url()}, headers=t.headers())
    assert r.status_code == 200, r.text
    with_logo = await client.get("/api/tickets/export/pdf", headers=t.headers())
    assert with_logo.status_code == 200 and IMAGE in with_logo.content
