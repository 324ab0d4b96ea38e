"""List exports (issue 32): Invoices (with the list's search and customer filter), A/R aging,
Inbound Tickets, Customers and Bills as CSV and real Excel workbooks, company-scoped, managers only.

The workbooks are opened with openpyxl and their cells checked for type and value: dates are dates,
amounts numbers with two decimals, text that looks like a formula stays text. Everything here reads
the Postgres ledger and tables: no warehouse refresh is needed.
"""
from __future__ import annotations

import csv
import io
from datetime import date, datetime, timedelta
from decimal import Decimal

import httpx
import pytest
from openpyxl import load_workbook

from tests.api.invoices import books
from tests.api.payables.test_payables import PARTNER, TYPE2
from tests.api.tickets.lists import ensure_lists, set_company

D = Decimal
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
HOSTILE = '=HYPERLINK("http://evil.example","x")'


@pytest.fixture(scope="module")
async def books_world(app):
    """Company a: invoices at every aging edge for one payee, a billed inbound load for another, a
    customer named like a formula, a bill for a type-2 load. Company b: its own invoices."""
    from tests.factories import Factory

    factory = Factory()
    a = await factory.tenant("enterprise", stores=1)
    b = await factory.tenant("enterprise", stores=1)
    for tenant in (a, b):
        await books.enable_inbound(tenant.company_id)
    today = books.today()
    payee = await books.customer(a.company_id, "Golden Gate Produce Co.")
    grocer = await books.customer(a.company_id, "Mission Street Grocers", terms=0)
    await books.customer(a.company_id, HOSTILE)
    await books.edge_invoices(a, payee, today)
    ticket, invoice = await books.load(a, grocer, [("Food Scraps", "2000.0", "0.05")], at=books.local(today, 9))
    other = await books.customer(b.company_id, "Other Co.")
    await books.edge_invoices(b, other, today)
    await ensure_lists(a)
    await set_company(a, outbound_truck_scale_enabled=True, outbound_type2_auto_create_payable=True)
    transport = httpx.ASGITransport(app=app, client=("10.9.9.10", 40000))
    async with httpx.AsyncClient(transport=transport, base_url="http://flow.test") as c:
        partner = (await c.post("/api/disposal-partners", json=PARTNER, headers=a.headers())).json()
        r = await c.post("/api/tickets", json={**TYPE2, "disposal_partner_id": partner["id"]}, headers=a.headers())
        assert r.status_code == 201, r.text
    return {"a": a, "b": b, "today": today, "payee": payee, "grocer": grocer, "ticket": ticket, "invoice": invoice}


def csv_rows(r: httpx.Response) -> list[list[str]]:
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))


def sheet(r: httpx.Response):
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == XLSX and r.headers["content-disposition"].endswith('.xlsx"')
    return load_workbook(io.BytesIO(r.content)).active


def records(ws) -> list[dict]:
    rows = list(ws.iter_rows(values_only=True))
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


class TestInvoiceSearchAndCustomerFilter:
    async def test_search_finds_by_invoice_number_or_customer_name_in_any_case(self, client, books_world):
        h = books_world["a"].headers()
        found = (await client.get("/api/invoices", params={"search": "edge-09"}, headers=h)).json()
        assert sorted(i["invoice_number"] for i in found["invoices"]) == ["EDGE-090", "EDGE-091"]
        assert found["total"] == 2
        by_name = (await client.get("/api/invoices", params={"search": " mission street "}, headers=h)).json()
        assert [i["invoice_id"] for i in by_name["invoices"]] == [str(books_world["invoice"].id)]
        # % and _ are literal characters, not wildcards.
        assert (await client.get("/api/invoices", params={"search": "EDGE_0%"}, headers=h)).json()["total"] == 0

    async def test_customer_filter_and_search_combine_with_the_other_filters_and_pages(self, client, books_world):
        h = books_world["a"].headers()
        payee = str(books_world["payee"].id)
        mine = (await client.get("/api/invoices", params={"customer_id": payee}, headers=h)).json()
        assert mine["total"] == 8 and {i["customer_name"] for i in mine["invoices"]} == {"Golden Gate Produce Co."}
        page = (await client.get("/api/invoices", params={"customer_id": payee, "search": "edge", "limit": 1,
                                                          "aging_category": "1-30"}, headers=h)).json()
        assert page["total"] == 2 and [i["invoice_number"] for i in page["invoices"]] == ["EDGE-001"]
        none = await client.get("/api/invoices", params={"customer_id": payee, "search": "mission"}, headers=h)
        assert none.json()["total"] == 0

    async def test_search_stays_in_the_company_and_is_bounded(self, client, books_world):
        other = (await client.get("/api/invoices", params={"search": "EDGE"}, headers=books_world["b"].headers()))
        assert other.json()["total"] == 8  # b's own eight, none of a's
        r = await client.get("/api/invoices", params={"search": "x" * 101}, headers=books_world["a"].headers())
        assert r.status_code == 422 and "search" in r.text


class TestInvoiceExport:
    async def test_excel_holds_every_filtered_invoice_with_typed_cells(self, client, books_world):
        h = books_world["a"].headers()
        r = await client.get("/api/invoices/export", params={"format": "xlsx", "search": "edge"}, headers=h)
        ws = sheet(r)
        assert r.headers["content-disposition"] == (
            f'attachment; filename="invoices_{books_world["today"]:%Y%m%d}.xlsx"')
        assert ws.freeze_panes == "A2" and ws["A1"].value == "Invoice #" and ws["A1"].font.b
        rows = {row["Invoice #"]: row for row in records(ws)}
        assert set(rows) == {f"EDGE-{d:03d}" for d in books.EDGES}  # all eight, not a page
        edge = rows["EDGE-031"]
        assert edge["Customer"] == "Golden Gate Produce Co." and edge["Aging"] == "31-60"
        assert edge["Due Date"] == datetime.combine(books_world["today"] - timedelta(days=31), datetime.min.time())
        assert D(str(edge["Amount (USD)"])) == D("131.37") and edge["Days Overdue"] == 31
        amount = ws.cell(2, 7)
        assert amount.data_type == "n" and amount.number_format == "#,##0.00"
        assert ws.cell(2, 3).is_date and ws.cell(2, 3).number_format == "yyyy-mm-dd"
        assert ws.column_dimensions["B"].width == 28

    async def test_csv_has_the_same_rows_and_the_customer_filter(self, client, books_world):
        h = books_world["a"].headers()
        rows = csv_rows(await client.get("/api/invoices/export", params={
            "customer_id": str(books_world["grocer"].id)}, headers=h))
        assert rows[0][:3] == ["Invoice #", "Customer", "Issue Date"]
        assert len(rows) == 2 and rows[1][1] == "Mission Street Grocers"
        assert rows[1][2] == books_world["today"].isoformat() and rows[1][6] == "100.00"

    async def test_refusals(self, client, books_world):
        a = books_world["a"]
        assert (await client.get("/api/invoices/export", headers=a.headers("employee"))).status_code == 403
        empty = await client.get("/api/invoices/export", params={"search": "nothing like it"}, headers=a.headers())
        assert empty.status_code == 404 and empty.json() == {"detail": "No data to export"}
        bad = await client.get("/api/invoices/export", params={"format": "xls"}, headers=a.headers())
        assert bad.status_code == 422 and "format" in bad.text


class TestAgingExport:
    async def test_aging_per_customer_with_a_total_equal_to_the_report(self, client, books_world):
        h = books_world["a"].headers()
        ws = sheet(await client.get("/api/invoices/aging-report/export", params={"format": "xlsx"}, headers=h))
        rows = {row["Customer"]: row for row in records(ws)}
        assert list(rows) == ["Golden Gate Produce Co.", "Mission Street Grocers", "Total"]
        payee = rows["Golden Gate Produce Co."]
        expected = {name: D(0) for name in ("Current", "1-30", "31-60", "61-90", "90+")}
        for days, bucket in books.EDGES.items():
            expected["Current" if bucket == "CURRENT" else bucket] += D(100 + days) + D("0.37")
        assert {k: D(str(payee[k])).quantize(D("0.01")) for k in expected} == expected
        assert payee["Open Invoices"] == 8
        report = (await client.get("/api/invoices/aging-report", headers=h)).json()
        assert D(str(rows["Total"]["Total (USD)"])).quantize(D("0.01")) == D(report["total_accounts_receivable"])
        assert rows["Total"]["Open Invoices"] == 9 and ws["B1"].value == "Current"
        assert ws.cell(2, 2).number_format == "#,##0.00"

    async def test_csv_for_one_customer_and_employees_refused(self, client, books_world):
        a = books_world["a"]
        rows = csv_rows(await client.get("/api/invoices/aging-report/export", params={
            "customer_id": str(books_world["grocer"].id)}, headers=a.headers()))
        assert rows == [["Customer", "Current", "1-30", "31-60", "61-90", "90+", "Total (USD)", "Open Invoices"],
                        ["Mission Street Grocers", "100.00", "0.00", "0.00", "0.00", "0.00", "100.00", "1"],
                        ["Total", "100.00", "0.00", "0.00", "0.00", "0.00", "100.00", "1"]]
        r = await client.get("/api/invoices/aging-report/export", headers=a.headers("employee"))
        assert r.status_code == 403


class TestInboundTicketExport:
    async def test_the_load_with_local_time_weight_and_total_as_numbers(self, client, books_world):
        h = books_world["a"].headers()
        day = books_world["today"].isoformat()
        params = {"start_date": day, "end_date": day}
        ws = sheet(await client.get("/api/inbound/tickets/export", params={**params, "format": "xlsx"}, headers=h))
        (row,) = records(ws)
        assert row["Ticket #"] == books_world["ticket"].ticket_number and row["Customer"] == "Mission Street Grocers"
        assert row["Date"] == datetime.combine(books_world["today"], datetime.min.time()).replace(hour=9)
        assert row["Net Weight"] == 2000 and D(str(row["Total (USD)"])) == D("100.00")
        assert ws.cell(2, 1).number_format == "yyyy-mm-dd hh:mm" and ws.cell(2, 8).number_format == "#,##0.0"
        rows = csv_rows(await client.get("/api/inbound/tickets/export", params=params, headers=h))
        assert rows[1][0] == f"{day} 09:00" and rows[1][7] == "2000.0" and rows[1][9] == "100.00"

    async def test_filters_scope_and_refusals(self, client, books_world):
        a, b = books_world["a"], books_world["b"]
        r = await client.get("/api/inbound/tickets/export", params={"customer_id": str(books_world["payee"].id)},
                             headers=a.headers())
        assert r.status_code == 404  # the payee has invoices but no load
        assert (await client.get("/api/inbound/tickets/export", headers=b.headers())).status_code == 404
        assert (await client.get("/api/inbound/tickets/export", headers=a.headers("employee"))).status_code == 403


class TestCustomerExport:
    async def test_formula_names_stay_text_and_search_narrows(self, client, books_world):
        h = books_world["a"].headers()
        ws = sheet(await client.get("/api/inbound/customers/export", params={"format": "xlsx"}, headers=h))
        names = [row["Name"] for row in records(ws)]
        assert "'" + HOSTILE in names and "Golden Gate Produce Co." in names
        assert all(c.data_type != "f" for row in ws.iter_rows() for c in row)
        price = next(row for row in records(ws) if row["Name"] == "Golden Gate Produce Co.")
        assert D(str(price["Price per Unit (USD)"])) == D("0.05") and price["Type"] == "Payee"
        rows = csv_rows(await client.get("/api/inbound/customers/export", params={"search": "grocers"}, headers=h))
        assert [r[1] for r in rows[1:]] == ["Mission Street Grocers"]
        other = csv_rows(await client.get("/api/inbound/customers/export", headers=books_world["b"].headers()))
        assert [r[1] for r in other[1:]] == ["Other Co."]
        r = await client.get("/api/inbound/customers/export", headers=books_world["a"].headers("employee"))
        assert r.status_code == 403


class TestBillExport:
    async def test_bills_as_csv_and_excel(self, client, books_world):
        a = books_world["a"]
        ws = sheet(await client.get("/api/bills/export", params={"format": "xlsx"}, headers=a.headers()))
        (row,) = records(ws)
        assert row["Disposal Partner"] == "Salinas Compost Facility" and row["Status"] == "PENDING"
        # 11,000 lb at $42.50 a short ton = 5.5 t x 42.50
        assert D(str(row["Amount (USD)"])) == D("233.75") and isinstance(row["Issue Date"], datetime)
        rows = csv_rows(await client.get("/api/bills/export", params={"status": "pending"}, headers=a.headers()))
        assert rows[0][:2] == ["Bill #", "Disposal Partner"] and rows[1][5] == "233.75"
        paid = await client.get("/api/bills/export", params={"status": "paid"}, headers=a.headers())
        assert paid.status_code == 404
        assert (await client.get("/api/bills/export", headers=a.headers("employee"))).status_code == 403
        assert (await client.get("/api/bills/export", headers=books_world["b"].headers())).status_code == 404


def test_a_day_is_a_date_cell():
    from api.reports.spreadsheet import Column, typed

    assert typed("2026-07-01", "date") == date(2026, 7, 1)
    assert typed("1,234.5", "money") == D("1234.50") and typed(None, "money") is None
    assert typed("-1+2", "text") == "'-1+2" and typed(7, "text") == "7"
    assert Column("Weight (lbs)", "weight").shown_width == 15
