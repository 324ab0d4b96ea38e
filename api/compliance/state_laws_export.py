"""The State laws screen's exports for an inspector: CSV (one row per location and law) and PDF."""
from __future__ import annotations

import csv
import io
from datetime import datetime

UNITS = {"short_tons": "tons", "cubic_yards": "cubic yards", "gallons": "gallons"}
HEADER = ["Location", "State", "Law", "Citation", "Covered", "Basis", "Threshold", "Measured", "Weeks measured",
          "Effective date", "Conditions", "Source", "Unconfirmed"]


def _covered(value: bool | None) -> str:
    return {True: "Yes", False: "No", None: "Depends on a condition"}[value]


def _amount(value: float | None, unit: str, period: str) -> str:
    return "" if value is None else f"{value:g} {UNITS[unit]} a {period}"


def lines(body: dict) -> list[list[str]]:
    out = []
    for loc in body["locations"]:
        for law in loc["laws"]:
            t, m = law["threshold"], law["measured"]
            out.append([
                loc["location"], loc["state"], law["law"] or "No statewide organics law on file", law["citation"] or "",
                _covered(law["covered"]), {"all": "Everyone", "threshold": "Threshold", "none": "No law"}[law["basis"]],
                _amount(t["value"], t["unit"], t["period"]) if t else "",
                _amount(m["value"], m["unit"], t["period"]) if m and t else "",
                str(m["weeks"]) if m else "", str(law["effective_date"] or ""), "; ".join(law["conditions"]),
                law["source"], law["unconfirmed"] or "",
            ])
    return out


def to_csv(body: dict) -> bytes:
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(HEADER)
    w.writerows(lines(body))
    return buf.getvalue().encode()


def to_pdf(company_name: str, body: dict, generated_at: datetime) -> bytes:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import landscape, letter
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import inch
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    from api.reports.pdf import GREEN, STRIPE

    s = getSampleStyleSheet()
    small = s["BodyText"].clone("small", fontSize=7, leading=8.5)
    esc = lambda t: str(t or "").replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    story = [
        Paragraph(f"{esc(company_name)} - State organics laws by location", s["Title"]),
        Paragraph(f"As of {body['as_of']}; generated {generated_at:%Y-%m-%d %H:%M} UTC. Measured rates are the "
                  "average of each location's latest weeks with weights (up to 52), from its own scale tickets. "
                  "Conditions Flow cannot check, such as a recycler with capacity nearby, are listed, never "
                  "assumed met.", s["Normal"]),
        Spacer(1, 0.15 * inch),
    ]
    keep = [0, 1, 2, 4, 6, 7, 9, 10, 11]
    data = [[HEADER[i] for i in keep]] + [[Paragraph(esc(row[i]), small) for i in keep] for row in lines(body)]
    grid = Table(data, repeatRows=1, hAlign="LEFT",
                 colWidths=[1.0 * inch, 0.4 * inch, 1.4 * inch, 0.7 * inch, 0.9 * inch, 0.9 * inch, 0.75 * inch,
                            1.7 * inch, 1.9 * inch])
    grid.setStyle(TableStyle([("BACKGROUND", (0, 0), (-1, 0), GREEN), ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
                              ("FONTSIZE", (0, 0), (-1, -1), 7), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                              ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                              ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, STRIPE])]))
    story.append(grid)
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=landscape(letter), title="State organics laws", author="Flow",
                      leftMargin=0.4 * inch, rightMargin=0.4 * inch).build(story)
    return out.getvalue()
