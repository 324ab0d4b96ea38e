"""EAR report and export: checklist from the marts, 409 until eligible, the files' contents."""
from __future__ import annotations

import csv
import io
import json

from openpyxl import load_workbook
from pypdf import PdfReader

EAR = "/api/compliance/ear-report"
EXPORT = "/api/compliance/ear-report/export"


async def test_report_summarises_the_year_and_its_checklist(client, world):
    r = await client.get(EAR, headers=world["a"].headers())
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["year"] == 2026 and body["reporting_due_date"] == "2027-08-01"
    assert body["summary"] == {"compliance_status": "compliant", "diversion_rate": 76.2, "target_rate": 75.0,
                               "total_organic_waste": 210.0, "total_organic_waste_tons": 0.105,
                               "diverted_weight": 160.0, "ticket_count": 3}
    done = {i["key"]: i["done"] for i in body["preparation_checklist"]}
    assert done == {"tickets_every_month": False, "min_tickets": False, "diversion_at_target": True,
                    "food_recovery_records": True, "tickets_located": True, "partners_with_agreements": False}
    assert body["eligible_for_submission"] is False
    assert "at least 50 waste tickets" in body["reason"]


async def test_export_is_refused_until_eligible(client, world):
    r = await client.post(EXPORT, headers=world["a"].headers())
    assert r.status_code == 409
    assert "at least 50 waste tickets" in r.json()["detail"]
    empty = await client.post(EXPORT, headers=world["empty"].headers())
    assert empty.status_code == 409


async def test_json_export_is_named_with_the_year_and_logged(client, world):
    t = world["ready"]
    r = await client.post(EXPORT, headers=t.headers())
    assert r.status_code == 200, r.text
    assert r.headers["content-disposition"] == 'attachment; filename="ear_report_2026.json"'
    ear = json.loads(r.content)["ear_report"]
    assert ear["reporting_year"] == 2026
    assert ear["summary"]["diversion_rate"] == 80.0 and ear["summary"]["ticket_count"] == 50
    # 40 composted and 10 landfilled tickets of 10 lb over January-May.
    assert sum(line["ticket_count"] for line in ear["lines"]) == 50
    assert sum(line["net_weight_lb"] for line in ear["lines"]) == 500.0
    dash = (await client.get("/api/compliance/dashboard", headers=t.headers())).json()
    # May's tickets are all landfill: the log also holds that closed month and the crossings.
    exported = [e for e in dash["compliance_log"] if e["event"] == "ear_exported"]
    assert exported[0]["description"] == "EAR report for 2026 exported as JSON"
    assert "May 2026 closed at 0.0% diversion, below the 75.0% target" in [
        e["description"] for e in dash["compliance_log"] if e["event"] == "month_closed_below_target"]


async def test_csv_xlsx_and_pdf_carry_the_same_figures(client, world):
    h = world["ready"].headers()
    c = await client.post(EXPORT, params={"format": "csv"}, headers=h)
    assert c.headers["content-disposition"].endswith('ear_report_2026.csv"')
    table = list(csv.DictReader(io.StringIO(c.content.decode("utf-8-sig"))))
    assert sum(float(r["Weight (lbs)"]) for r in table) == 500.0
    assert {r["Month"] for r in table} == {"2026-01", "2026-02", "2026-03", "2026-04", "2026-05"}
    x = await client.post(EXPORT, params={"format": "xlsx"}, headers=h)
    wb = load_workbook(io.BytesIO(x.content))
    lines = list(wb["Lines"].iter_rows(min_row=2, values_only=True))
    assert sum(r[9] for r in lines) == 500.0 and sum(r[8] for r in lines) == 50
    p = await client.post(EXPORT, params={"format": "pdf"}, headers=h)
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(p.content)).pages)
    assert "SB 1383 EAR 2026" in text and "80.0%" in text


async def test_export_cells_are_safe_in_excel(client, world):
    """A location named like a formula is written as text in CSV and XLSX."""
    t = world["formula"]
    c = await client.post(EXPORT, params={"format": "csv"}, headers=t.headers())
    assert "'=HYPERLINK" in c.content.decode("utf-8-sig")
    x = await client.post(EXPORT, params={"format": "xlsx"}, headers=t.headers())
    cell = load_workbook(io.BytesIO(x.content))["Lines"]["C2"]
    assert cell.value.startswith("'=") and cell.data_type == "s"


async def test_bad_format_names_the_field_and_gates_hold(client, world):
    r = await client.post(EXPORT, params={"format": "docx"}, headers=world["ready"].headers())
    assert r.status_code == 422 and "format" in r.text
    assert (await client.post(EXPORT, headers=world["core"].headers())).status_code == 403
    assert (await client.get(EAR, headers=world["a"].headers("employee"))).status_code == 403
