"""Ticket exports (spec 3 s9): CSV, real Excel (xlsx), Excel-style tab-separated file, PDF.

Columns: Date, Time, Ticket #, Waste Type, Container, Destination, Weight (lbs), Location,
Employee; times in the company's time zone; a totals row with one decimal. 'excel' is the
spec's tab-separated file (.xls name, Excel MIME type, opens in Excel); 'xlsx' is a real
workbook made with openpyxl.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from api.kit.spreadsheet import safe_row
from api.tickets.models import Ticket

COLUMNS = ["Date", "Time", "Ticket #", "Waste Type", "Container", "Destination", "Weight (lbs)", "Location", "Employee"]
FORMATS = {
    "csv": ("text/csv; charset=utf-8", "csv"),
    "xlsx": ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"),
    "excel": ("application/vnd.ms-excel", "xls"),
    "pdf": ("application/pdf", "pdf"),
}


@dataclass
class ExportTable:
    company_name: str
    period: str
    rows: list[list[str]]
    total_weight: Decimal

    @property
    def total_row(self) -> list[str]:
        return ["Total", "", f"{len(self.rows)} tickets", "", "", "", f"{self.total_weight:.1f}", "", ""]


def build_table(tickets: list[Ticket], store_names: dict, tz: str, company_name: str, period: str) -> ExportTable:
    zone = ZoneInfo(tz)
    rows, total = [], Decimal(0)
    for t in tickets:
        local = t.ticket_at.astimezone(zone)
        rows.append([
            local.strftime("%Y-%m-%d"), local.strftime("%H:%M"), t.ticket_number, t.waste_type_name or "",
            t.container_name or "", t.destination_name or "", f"{t.net_weight:.1f}",
            store_names.get(t.store_id, "") if t.store_id else "", t.employee_name or "",
        ])
        total += t.net_weight
    return ExportTable(company_name, period, rows, total)


def period_label(start: date | None, end: date | None, tickets: list[Ticket], tz: str) -> tuple[str, str]:
    """(human label, file-name part) of the exported date range."""
    if start is None or end is None:
        days = sorted(t.ticket_at.astimezone(ZoneInfo(tz)).date() for t in tickets)
        start, end = start or days[0], end or days[-1]
    if start == end:
        return start.isoformat(), start.strftime("%Y%m%d")
    return f"{start.isoformat()} to {end.isoformat()}", f"{start:%Y%m%d}_{end:%Y%m%d}"


def to_csv(table: ExportTable, delimiter: str = ",") -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    writer.writerows(safe_row(row) for row in table.rows)
    writer.writerow(safe_row(table.total_row))
    # The BOM lets Excel read the accents of names correctly.
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def to_xlsx(table: ExportTable) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = "Tickets"
    ws.append(safe_row([f"{table.company_name} - Ticket Report"]))
    ws.append(safe_row([f"Period: {table.period}"]))
    ws.append([])
    ws.append(COLUMNS)
    header_row = ws.max_row
    for cell in ws[header_row]:
        cell.font = Font(bold=True)
    for row in table.rows:
        ws.append(safe_row(row[:6]) + [float(Decimal(row[6]))] + safe_row(row[7:]))
    ws.append(["Total", "", f"{len(table.rows)} tickets", "", "", "", float(table.total_weight), "", ""])
    for cell in ws[ws.max_row]:
        cell.font = Font(bold=True)
    for row in ws.iter_rows(min_row=header_row + 1, min_col=7, max_col=7):
        for cell in row:
            cell.number_format = "#,##0.0"
    for letter, width in zip("ABCDEFGHI", (12, 8, 22, 20, 22, 18, 14, 20, 22), strict=True):
        ws.column_dimensions[letter].width = width
    ws.freeze_panes = ws.cell(row=header_row + 1, column=1)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def to_pdf(table: ExportTable) -> bytes:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import landscape, letter
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import inch
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    out = io.BytesIO()
    doc = SimpleDocTemplate(out, pagesize=landscape(letter), leftMargin=0.5 * inch, rightMargin=0.5 * inch,
                            topMargin=0.5 * inch, bottomMargin=0.5 * inch, title="Flow ticket export")
    styles = getSampleStyleSheet()
    story = [
        Paragraph(f"{_escape(table.company_name)} - Ticket Report", styles["Title"]),
        Paragraph(f"Period: {_escape(table.period)} &nbsp; Tickets: {len(table.rows)} &nbsp; "
                  f"Total weight: {table.total_weight:,.1f} lbs", styles["Normal"]),
        Paragraph(f"Generated {datetime.now().strftime('%Y-%m-%d %H:%M')}", styles["Normal"]),
        Spacer(1, 0.2 * inch),
    ]
    data = [COLUMNS, *table.rows, table.total_row]
    grid = Table(data, repeatRows=1)
    grid.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#1f5f3f")),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
        ("FONTNAME", (0, -1), (-1, -1), "Helvetica-Bold"),
        ("FONTSIZE", (0, 0), (-1, -1), 8),
        ("ALIGN", (6, 0), (6, -1), "RIGHT"),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
        ("ROWBACKGROUNDS", (0, 1), (-1, -2), [colors.white, colors.HexColor("#f2f2f2")]),
    ]))
    story.append(grid)
    doc.build(story)
    return out.getvalue()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def render(fmt: str, table: ExportTable) -> bytes:
    if fmt == "csv":
        return to_csv(table)
    if fmt == "excel":
        return to_csv(table, delimiter="\t")
    if fmt == "xlsx":
        return to_xlsx(table)
    return to_pdf(table)
