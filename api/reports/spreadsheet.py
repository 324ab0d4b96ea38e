"""Spreadsheet files Flow writes: CSV and real Excel workbooks (.xlsx), safe to open anywhere.

A text cell starting with =, +, -, @, a tab or a carriage return is read as a formula
(CSV injection: `=HYPERLINK(...)`, `=cmd|...`, and openpyxl itself stores such a string as a
formula). OWASP's remedy: prefix the cell with a single quote, so it shows as the text it is.
Plain numbers ('-5', '12.5') stay numbers. Every CSV/XLSX export Flow writes goes through this.

One writer for every "Excel" file (`Sheet`): typed cells (numbers as numbers with a format, days
as dates, money with two decimals), the column headings in bold with the rows below them frozen,
widths from the columns, text cells passed through `safe_cell`. It writes in openpyxl's
write-only mode, row by row, so a streamed export keeps memory flat.
"""
from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from typing import IO, Any, Literal
from zoneinfo import ZoneInfo

from api.kit.money import CENT

_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"^[+-]?\d+(?:[.,]\d+)*$")

CSV_MIME = "text/csv; charset=utf-8"
XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
SPREADSHEET_MIME = {"csv": CSV_MIME, "xlsx": XLSX_MIME}

Kind = Literal["text", "int", "number", "weight", "money", "percent", "date", "datetime", "time"]
NUMBER_FORMATS: dict[str, str] = {
    "int": "#,##0", "number": "#,##0.00##", "weight": "#,##0.0", "money": "#,##0.00", "percent": "0.0%",
    "date": "yyyy-mm-dd", "datetime": "yyyy-mm-dd hh:mm", "time": "hh:mm",
}
_WIDTHS: dict[str, int] = {"text": 18, "int": 10, "number": 12, "weight": 14, "money": 14, "percent": 10, "date": 12,
                           "datetime": 17, "time": 8}
_TENTH = Decimal("0.1")


def safe_cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(_TRIGGERS) and not _NUMBER.match(value):
        return "'" + value
    return value


def safe_row(values: Iterable[Any]) -> list[Any]:
    return [safe_cell(v) for v in values]


@dataclass(frozen=True)
class Column:
    """A column of an export: its heading, the kind of its cells, and (optionally) its width."""

    title: str
    kind: Kind = "text"
    width: float | None = None

    @property
    def shown_width(self) -> float:
        return self.width or max(len(self.title) + 3, _WIDTHS[self.kind])


def _as_datetime(value: Any, zone: ZoneInfo | None) -> datetime:
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if value.tzinfo is not None:  # Excel has no time zones: the company's wall clock, as shown
        value = value.astimezone(zone) if zone else value
        value = value.replace(tzinfo=None)
    return value


def typed(value: Any, kind: Kind, zone: ZoneInfo | None = None) -> Any:
    """The value as the cell's type: Decimal for weights and money (rounded), date, datetime, int."""
    if value is None or value == "":
        return None
    if kind == "text":
        return safe_cell(value if isinstance(value, str) else str(value))
    if kind == "int":
        return int(value)
    if kind in ("number", "weight", "money", "percent"):
        number = Decimal(str(value).replace(",", ""))
        return number.quantize(_TENTH if kind == "weight" else CENT) if kind in ("weight", "money") else number
    if kind == "date":
        if isinstance(value, datetime):
            return _as_datetime(value, zone).date()
        return value if isinstance(value, date) else date.fromisoformat(value)
    if kind == "time":
        return value if isinstance(value, time) else time.fromisoformat(value)
    return _as_datetime(value, zone)


def shown(value: Any, kind: Kind, zone: ZoneInfo | None = None) -> str:
    """The value as CSV text: numbers plain (two decimals for money), ISO days, safe text."""
    value = typed(value, kind, zone)
    if value is None:
        return ""
    if kind == "datetime":
        return value.strftime("%Y-%m-%d %H:%M")
    if kind == "time":
        return value.strftime("%H:%M")
    return str(value)


def csv_bytes(columns: Sequence[Column], rows: Iterable[Sequence[Any]], zone: ZoneInfo | None = None) -> bytes:
    """A CSV file with a heading row; the BOM lets Excel read the accents of names correctly."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([safe_cell(c.title) for c in columns])
    for row in rows:
        writer.writerow([shown(v, c.kind, zone) for c, v in zip(columns, row, strict=True)])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


class Sheet:
    """One worksheet of a write-only workbook: optional title lines, the column headings (bold,
    frozen), then typed rows appended as they come. `Workbook.save` finishes the file."""

    def __init__(self, book: Workbook, name: str, columns: Sequence[Column], *, title_lines: Sequence[str] = (),
                 zone: ZoneInfo | None = None):
        from openpyxl.utils import get_column_letter

        self.columns = list(columns)
        self.zone = zone
        self.ws = book.wb.create_sheet(_sheet_name(name))
        for i, column in enumerate(self.columns, start=1):
            self.ws.column_dimensions[get_column_letter(i)].width = column.shown_width
        heading_row = len(title_lines) + (2 if title_lines else 1)
        self.ws.freeze_panes = f"A{heading_row + 1}"
        for line in title_lines:
            self.ws.append([self._cell(safe_cell(line), bold=True)])
        if title_lines:
            self.ws.append([])
        self.ws.append([self._cell(safe_cell(c.title), bold=True) for c in self.columns])

    def _cell(self, value: Any, *, bold: bool = False, kind: Kind = "text"):
        from openpyxl.cell import WriteOnlyCell
        from openpyxl.styles import Font

        cell = WriteOnlyCell(self.ws, value=value)
        if bold:
            cell.font = Font(bold=True)
        if kind in NUMBER_FORMATS and value is not None:
            cell.number_format = NUMBER_FORMATS[kind]
        return cell

    def append(self, row: Sequence[Any], *, bold: bool = False) -> None:
        self.ws.append([self._cell(typed(v, c.kind, self.zone), bold=bold, kind=c.kind)
                        for c, v in zip(self.columns, row, strict=True)])

    def append_totals(self, row: Sequence[Any]) -> None:
        """A bold summary row: text as text (a label in a date column too), numbers in their column's format."""
        cells = []
        for c, v in zip(self.columns, row, strict=True):
            number = isinstance(v, int | float | Decimal) and not isinstance(v, bool)
            cells.append(self._cell(typed(v, c.kind) if number else safe_cell(v), bold=True,
                                    kind=c.kind if number else "text"))
        self.ws.append(cells)

    def extend(self, rows: Iterable[Sequence[Any]]) -> None:
        for row in rows:
            self.append(row)


class Workbook:
    """A write-only workbook: openpyxl flushes each row to disk, so memory stays flat."""

    def __init__(self) -> None:
        from openpyxl import Workbook as OpenpyxlWorkbook

        self.wb = OpenpyxlWorkbook(write_only=True)

    def sheet(self, name: str, columns: Sequence[Column], **kwargs: Any) -> Sheet:
        return Sheet(self, name, columns, **kwargs)

    def save(self, out: IO[bytes]) -> None:
        self.wb.save(out)
        out.seek(0)

    def to_bytes(self) -> bytes:
        out = io.BytesIO()
        self.save(out)
        return out.getvalue()


def xlsx_bytes(name: str, columns: Sequence[Column], rows: Iterable[Sequence[Any]], *,
               title_lines: Sequence[str] = (), zone: ZoneInfo | None = None) -> bytes:
    """A one-sheet workbook of the rows under their column headings."""
    book = Workbook()
    book.sheet(name, columns, title_lines=title_lines, zone=zone).extend(rows)
    return book.to_bytes()


def _sheet_name(name: str) -> str:
    # Excel's rules: at most 31 characters, none of []:*?/\
    return re.sub(r"[\[\]:*?/\\]", " ", name)[:31] or "Sheet"


def attachment(filename: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{filename}"'}


# ---- list exports: the whole filtered set of a list as CSV or Excel -----------------------------
ExportFormat = Literal["csv", "xlsx"]
EXPORT_ROW_CAP = 100_000  # rows in one list export; beyond it the caller narrows the filters


def export_response(fmt: str, base_name: str, title: str, columns: Sequence[Column], rows: Sequence[Sequence[Any]],
                    *, zone: ZoneInfo | None = None):
    """A list's rows as a download: CSV (heading row) or a one-sheet workbook named `title`."""
    from fastapi import Response

    body = csv_bytes(columns, rows, zone) if fmt == "csv" else xlsx_bytes(title, columns, rows, zone=zone)
    return Response(body, media_type=SPREADSHEET_MIME[fmt],
                    headers={**attachment(f"{base_name}.{fmt}"), "Cache-Control": "no-store"})


EXPORT_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {"content": {CSV_MIME: {}, XLSX_MIME: {}}, "description": "The file (CSV or Excel workbook)"}}
