"""Ticket exports (spec 3 s9): CSV, Excel (a real .xlsx workbook) and PDF.

Columns: Date, Time, Ticket #, Waste Type, Container, Destination, Weight (lbs), Location,
Employee; times in the company's time zone; a totals row with one decimal. The spec's 'excel'
was a tab-separated file named .xls, which Excel opens only after a warning (issue 32): the path
/api/tickets/export/excel stays and now answers the same workbook as 'xlsx' (typed cells: the day
a date, the time a time, the weight a number; api.reports.spreadsheet).

Streamed: the rows arrive in batches from a server-side cursor (queries.export_batches) and each
batch is written out before the next is read, so a 100,000-ticket file is never held whole. CSV
goes out as it is written; the workbook is written in openpyxl's write-only mode to a temporary
file, then sent from it. Only the PDF is laid out in memory: reportlab needs the whole table to
paginate it.
"""
from __future__ import annotations

import csv
import io
import tempfile
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import anyio

from api.reports.spreadsheet import CSV_MIME, XLSX_MIME, Column, Workbook, safe_row

SHEET_COLUMNS = [
    Column("Date", "date", 12), Column("Time", "time", 8), Column("Ticket #", width=22),
    Column("Waste Type", width=20), Column("Container", width=22), Column("Destination", width=18),
    Column("Weight (lbs)", "weight", 14), Column("Location", width=20), Column("Employee", width=22),
]
COLUMNS = [c.title for c in SHEET_COLUMNS]
FORMATS = {
    "csv": (CSV_MIME, "csv"),
    "xlsx": (XLSX_MIME, "xlsx"),
    "excel": (XLSX_MIME, "xlsx"),  # the spec's path name; the same real workbook
    "pdf": ("application/pdf", "pdf"),
}
EXPORT_BATCH = 1000  # rows read, formatted and written per step
_FILE_CHUNK = 64 * 1024

Batches = AsyncIterator[Sequence]


@dataclass
class ExportTable:
    """The file's heading and running totals; rows pass through it batch by batch."""

    company_name: str
    period: str
    zone: ZoneInfo
    logo: bytes | None = None  # the company logo (PNG) at the top of the PDF
    count: int = 0
    total_weight: Decimal = Decimal(0)

    def rows(self, batch: Iterable) -> list[list[str]]:
        """One batch of export rows (ticket_at, ..., store_name) as cells; counted into the totals."""
        out = []
        for t in batch:
            local = t.ticket_at.astimezone(self.zone)
            out.append([
                local.strftime("%Y-%m-%d"), local.strftime("%H:%M"), t.ticket_number, t.waste_type_name or "",
                t.container_name or "", t.destination_name or "", f"{t.net_weight:.1f}",
                t.store_name or "", t.employee_name or "",
            ])
            self.total_weight += t.net_weight
        self.count += len(out)
        return out

    @property
    def total_row(self) -> list[str]:
        return ["Total", "", f"{self.count} tickets", "", "", "", f"{self.total_weight:.1f}", "", ""]


def period_label(start: date | None, end: date | None, first: datetime, last: datetime, tz: str) -> tuple[str, str]:
    """(human label, file-name part) of the exported date range; open ends are the first and last ticket's day."""
    zone = ZoneInfo(tz)
    start = start or first.astimezone(zone).date()
    end = end or last.astimezone(zone).date()
    if start == end:
        return start.isoformat(), start.strftime("%Y%m%d")
    return f"{start.isoformat()} to {end.isoformat()}", f"{start:%Y%m%d}_{end:%Y%m%d}"


def stream(fmt: str, table: ExportTable, batches: Batches) -> AsyncIterator[bytes]:
    if fmt in ("xlsx", "excel"):
        return xlsx_stream(table, batches)
    return csv_stream(table, batches)


def _csv_lines(rows: Iterable[list]) -> bytes:
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    return out.getvalue().encode("utf-8")


async def csv_stream(table: ExportTable, batches: Batches) -> AsyncIterator[bytes]:
    # The BOM lets Excel read the accents of names correctly.
    yield "\ufeff".encode() + _csv_lines([COLUMNS])
    async for batch in batches:
        yield _csv_lines(safe_row(row) for row in table.rows(batch))
    yield _csv_lines([safe_row(table.total_row)])


class _Workbook:
    """The ticket report as a workbook: company and period above the headings, typed rows, a bold total."""

    def __init__(self, table: ExportTable):
        self.book = Workbook()
        self.sheet = self.book.sheet("Tickets", SHEET_COLUMNS, title_lines=[
            f"{table.company_name} - Ticket Report", f"Period: {table.period}"])

    def add(self, rows: list[list[str]]) -> None:
        self.sheet.extend(rows)

    def save(self, table: ExportTable, out) -> None:
        self.sheet.append_totals(["Total", None, f"{table.count} tickets", None, None, None, table.total_weight,
                                  None, None])
        self.book.save(out)


async def xlsx_stream(table: ExportTable, batches: Batches) -> AsyncIterator[bytes]:
    # An xlsx file is a zip whose directory comes last, so it is complete only once every row is in:
    # it is built on a temporary file (deleted on close) and sent from there.
    with tempfile.TemporaryFile(prefix="flow-export-") as out:
        book = await anyio.to_thread.run_sync(_Workbook, table)
        async for batch in batches:
            await anyio.to_thread.run_sync(book.add, table.rows(batch))
        await anyio.to_thread.run_sync(book.save, table, out)
        while chunk := await anyio.to_thread.run_sync(out.read, _FILE_CHUNK):
            yield chunk


async def pdf_bytes(table: ExportTable, batches: Batches) -> bytes:
    rows: list[list[str]] = []
    async for batch in batches:
        rows.extend(table.rows(batch))
    return await anyio.to_thread.run_sync(to_pdf, table, rows)


def to_pdf(table: ExportTable, rows: list[list[str]]) -> bytes:
    """The Ticket Report as PDF, in the reports' house style (api.reports.pdf): wide, one grid with
    the weight column right-aligned and the total row in bold."""
    from reportlab.lib.units import inch
    from reportlab.platypus import Paragraph, Spacer

    from api.reports.pdf import ReportHeader, build_pdf, escape, grid, logo_flowable, styles

    style = styles()
    story = [
        *logo_flowable(table.logo),
        Paragraph(f"{escape(table.company_name)} - Ticket Report", style["title"]),
        Paragraph(f"Period: {escape(table.period)} &nbsp; Tickets: {table.count} &nbsp; "
                  f"Total weight: {table.total_weight:,.1f} lbs", style["normal"]),
        Paragraph(f"Generated {datetime.now().strftime('%Y-%m-%d %H:%M')}", style["normal"]),
        Spacer(1, 0.2 * inch),
        grid([COLUMNS, *rows, table.total_row], right=(6,), total_row=True),
    ]
    header = ReportHeader(company_name=table.company_name, timezone="UTC", generated_at=datetime.now().astimezone())
    return build_pdf(story, header, "Ticket Report", wide=True)
