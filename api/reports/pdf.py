"""Report rendering, PDF: the house style every printable file shares (reportlab).

A report module lays out what its service answered: `heading` (logo, title, period, filters,
generated and "figures as of" times), `kpis` (the screens' stat cards), `grid` (a striped table),
`build_pdf` (letter or landscape, footer with company, title and page). Numbers as the screens
write them: `lb`, `usd`, `num`, `pct`. XLSX and CSV: api/reports/spreadsheet.py.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape, letter
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import inch
from reportlab.platypus import Image, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

GREEN = colors.HexColor("#1f5f3f")
STRIPE = colors.HexColor("#f2f2f2")


@dataclass
class ReportHeader:
    company_name: str
    timezone: str
    generated_at: datetime  # aware
    logo: bytes | None = None  # PNG bytes, already checked
    filters: list[tuple[str, str]] = field(default_factory=list)

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)


def lb(value) -> str:
    return f"{Decimal(value or 0):,.1f}"


def usd(value) -> str:
    return f"${Decimal(value or 0):,.2f}"


def num(value, places: int = 2) -> str:
    return f"{Decimal(str(value or 0)):,.{places}f}"


def pct(value) -> str:
    return f"{Decimal(str(value or 0)):.1f}%"


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def styles() -> dict[str, ParagraphStyle]:
    base = getSampleStyleSheet()
    return {"title": base["Title"], "h2": base["Heading2"], "normal": base["Normal"],
            "small": ParagraphStyle("small", parent=base["Normal"], fontSize=8, textColor=colors.grey)}


def grid(data: list[list], *, right: tuple[int, ...] = (), widths: list[float] | None = None,
          total_row: bool = False) -> Table:
    table = Table(data, repeatRows=1, colWidths=widths, hAlign="LEFT")
    style = [
        ("BACKGROUND", (0, 0), (-1, 0), GREEN),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
        ("FONTSIZE", (0, 0), (-1, -1), 8),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, STRIPE]),
        *[("ALIGN", (c, 0), (c, -1), "RIGHT") for c in right],
    ]
    if total_row:
        style.append(("FONTNAME", (0, -1), (-1, -1), "Helvetica-Bold"))
    table.setStyle(TableStyle(style))
    return table


def kpis(pairs: list[tuple[str, str]]) -> Table:
    """A row of labelled figures (the screens' stat cards)."""
    table = Table([[label for label, _ in pairs], [value for _, value in pairs]], hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONTSIZE", (0, 0), (-1, 0), 8),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.grey),
        ("FONTNAME", (0, 1), (-1, 1), "Helvetica-Bold"),
        ("FONTSIZE", (0, 1), (-1, 1), 13),
        ("TOPPADDING", (0, 1), (-1, 1), 4),
        ("BOX", (0, 0), (-1, -1), 0.5, colors.lightgrey),
        ("INNERGRID", (0, 0), (-1, -1), 0.25, colors.lightgrey),
        ("RIGHTPADDING", (0, 0), (-1, -1), 14),
    ]))
    return table


def logo_flowable(png: bytes | None) -> list:
    """The company logo at the top left of a PDF, at most 1.6 x 0.7 inch; nothing without one."""
    if not png:
        return []
    logo = Image(io.BytesIO(png))
    scale = min(1.6 * inch / logo.imageWidth, 0.7 * inch / logo.imageHeight, 1)
    logo.drawWidth, logo.drawHeight = logo.imageWidth * scale, logo.imageHeight * scale
    logo.hAlign = "LEFT"
    return [logo]


def heading(header: ReportHeader, title: str, period: dict, refreshed: datetime | None) -> list:
    s = styles()
    story: list = logo_flowable(header.logo)
    story.append(Paragraph(f"{escape(header.company_name)} - {title}", s["title"]))
    story.append(Paragraph(f"Period: {period['start_date']:%Y-%m-%d} to {period['end_date']:%Y-%m-%d}", s["normal"]))
    if header.filters:
        story.append(Paragraph(" &nbsp; ".join(f"{escape(k)}: {escape(v)}" for k, v in header.filters),
                               s["normal"]))
    local = header.generated_at.astimezone(header.zone)
    fresh = (f"figures as of {refreshed.astimezone(header.zone):%Y-%m-%d %H:%M %Z}" if refreshed
             else "the warehouse has not been refreshed yet")
    story.append(Paragraph(f"Generated {local:%Y-%m-%d %H:%M %Z}; {fresh}.", s["small"]))
    story.append(Spacer(1, 0.15 * inch))
    return story


def build_pdf(story: list, header: ReportHeader, title: str, *, wide: bool) -> bytes:
    out = io.BytesIO()
    size = landscape(letter) if wide else letter

    def footer(canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont("Helvetica", 7)
        canvas.setFillColor(colors.grey)
        canvas.drawString(0.5 * inch, 0.3 * inch, f"{header.company_name} - {title}")
        canvas.drawRightString(size[0] - 0.5 * inch, 0.3 * inch, f"Page {doc.page}")
        canvas.restoreState()

    doc = SimpleDocTemplate(out, pagesize=size, leftMargin=0.5 * inch, rightMargin=0.5 * inch,
                            topMargin=0.5 * inch, bottomMargin=0.55 * inch, title=f"{header.company_name} {title}",
                            author="Flow")
    doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return out.getvalue()
