"""Ticket exports: CSV, Excel (a real xlsx, at /excel and /xlsx) and PDF, with the spec's columns."""
from __future__ import annotations

import csv
import io
from datetime import date, time
from decimal import Decimal

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from api.tickets.exports import COLUMNS
from tests.api.tickets.lists import ensure_lists
from tests.api.tickets.test_create import OUTBOUND

RANGE = "start_date=2026-07-01&end_date=2026-07-02"


@pytest.fixture
async def tenant(factory):
    t = await factory.tenant(stores=1, name="Harbor Kitchens")
    await ensure_lists(t)
    return t


@pytest.fixture
async def tickets(client, tenant):
    made = []
    # 02:30 UTC on July 2 is 19:30 on July 1 in Los Angeles.
    for at, gross in (("2026-07-02T02:30:00+00:00", 57.8), ("2026-07-02T17:15:00+00:00", 33.05)):
        r = await client.post("/api/tickets", json={**OUTBOUND, "ticket_at": at, "gross_weight": gross},
                              headers=tenant.headers())
        made.append(r.json())
    draft = await client.post("/api/tickets", json={**OUTBOUND, "status": "draft", "ticket_at": "2026-07-02T18:00:00Z"},
                              headers=tenant.headers())
    assert draft.status_code == 201
    return made


class TestExports:
    async def test_csv_has_the_spec_columns_local_times_and_a_total(self, client, tenant, tickets):
        r = await client.get(f"/api/tickets/export/csv?{RANGE}", headers=tenant.headers())
        assert r.status_code == 200, r.text
        assert r.headers["content-disposition"] == 'attachment; filename="flow_tickets_export_20260701_20260702.csv"'
        rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))
        assert rows[0] == COLUMNS
        by_number = {row[2]: row for row in rows[1:-1]}
        assert set(by_number) == {t["ticket_number"] for t in tickets}  # the draft is not exported
        first = by_number[tickets[0]["ticket_number"]]
        assert first[:2] == ["2026-07-01", "19:30"] and first[6] == "50.0" and first[7] == "Kitchen 1"
        assert first[8] == "Ada Admin" and first[3:6] == ["Food Waste", "Slim Jim 23 (23gal)", "Compost"]
        assert rows[-1][0] == "Total" and rows[-1][6] == "75.3"  # 50.0 + 25.3 (33.05 - 7.8 rounds up)
        assert [row[2] for row in rows[1:-1]] == [tickets[1]["ticket_number"], tickets[0]["ticket_number"]]

    @pytest.mark.parametrize("fmt", ["excel", "xlsx"])
    async def test_excel_is_a_real_workbook_with_typed_cells(self, client, tenant, tickets, fmt):
        r = await client.get(f"/api/tickets/export/{fmt}?{RANGE}", headers=tenant.headers())
        assert r.headers["content-type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        assert r.headers["content-disposition"] == 'attachment; filename="flow_tickets_export_20260701_20260702.xlsx"'
        ws = load_workbook(io.BytesIO(r.content)).active
        values = [list(row) for row in ws.iter_rows(values_only=True)]
        assert values[0][0] == "Harbor Kitchens - Ticket Report"
        header = values.index(COLUMNS)
        assert ws.freeze_panes == f"A{header + 2}" and ws.cell(header + 1, 1).font.b
        by_number = {row[2]: row for row in values[header + 1:-1]}
        assert set(by_number) == {t["ticket_number"] for t in tickets}
        first = by_number[tickets[0]["ticket_number"]]
        # The local day is a date, the time a time, the weight a number: Excel sums and sorts them.
        assert first[0].date() == date(2026, 7, 1) and first[1] == time(19, 30) and first[6] == 50
        row = header + 2
        assert ws.cell(row, 1).is_date and ws.cell(row, 1).number_format == "yyyy-mm-dd"
        assert ws.cell(row, 7).data_type == "n" and ws.cell(row, 7).number_format == "#,##0.0"
        assert values[-1][0] == "Total" and Decimal(str(values[-1][6])) == Decimal("75.3")
        assert ws.column_dimensions["C"].width == 22

    async def test_pdf_is_a_table_with_company_range_and_tickets(self, client, tenant, tickets):
        r = await client.get(f"/api/tickets/export/pdf?{RANGE}", headers=tenant.headers())
        assert r.content.startswith(b"%PDF") and r.headers["content-type"] == "application/pdf"
        reader = PdfReader(io.BytesIO(r.content))
        text = "\n".join(page.extract_text() for page in reader.pages)
        assert "Harbor Kitchens" in text and "2026-07-01 to 2026-07-02" in text
        assert all(t["ticket_number"] in text for t in tickets) and "75.3" in text

    async def test_export_honours_filters_and_says_when_empty(self, client, tenant, tickets):
        r = await client.get(f"/api/tickets/export/csv?{RANGE}&destination=Landfill", headers=tenant.headers())
        assert r.status_code == 404 and r.json() == {"detail": "No data to export"}
        one_day = await client.get("/api/tickets/export/csv?start_date=2026-07-02&end_date=2026-07-02",
                                   headers=tenant.headers())
        assert 'flow_tickets_export_20260702.csv' in one_day.headers["content-disposition"]
        assert len(one_day.content.decode("utf-8-sig").splitlines()) == 3

    async def test_export_with_status_all_includes_drafts(self, client, tenant, tickets):
        r = await client.get(f"/api/tickets/export/csv?{RANGE}&status=all", headers=tenant.headers())
        assert len(r.content.decode("utf-8-sig").splitlines()) == 5

    async def test_unknown_format_is_refused(self, client, tenant, tickets):
        assert (await client.get("/api/tickets/export/docx", headers=tenant.headers())).status_code == 422

    async def test_another_company_exports_none_of_these_tickets(self, client, tickets, factory):
        other = await factory.tenant(stores=1)
        r = await client.get(f"/api/tickets/export/csv?{RANGE}", headers=other.headers())
        assert r.status_code == 404
