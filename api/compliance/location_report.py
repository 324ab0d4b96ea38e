"""The Compliance Report tab's PDF: the per-location SB 1383 standing of one year, from the same
dashboard figures (the sb1383_* marts)."""
from __future__ import annotations

import io
from datetime import datetime


def to_pdf(company_name: str, body: dict, generated_at: datetime, logo: bytes | None = None) -> bytes:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import landscape, letter
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import inch
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    from api.reports.pdf import GREEN, STRIPE, lb, logo_flowable, pct

    s = getSampleStyleSheet()
    esc = lambda t: str(t or "").replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    st, d, f = body["compliance_status"], body["diversion_metrics"], body["food_recovery"]
    story = [
        *logo_flowable(logo),
        Paragraph(f"{esc(company_name)} - California SB 1383 Compliance Report {body['year']}", s["Title"]),
        Paragraph(f"Generated {generated_at:%Y-%m-%d %H:%M} UTC from the Flow warehouse. The {pct(st['target_rate'])} "
                  "diversion target is a management target: SB 1383's 75% is a statewide goal.", s["Normal"]),
        Spacer(1, 0.15 * inch),
        Paragraph(f"Diversion {pct(st['diversion_rate'])} of {lb(d['total_waste'])} lbs "
                  f"({'compliant' if st['is_compliant'] else 'non-compliant'}, {st['risk_level']} risk); "
                  f"{st['total_tickets_analyzed']} tickets; food recovered {lb(f['recovered_pounds'])} lbs "
                  f"({pct(f['recovery_rate'])}).", s["Normal"]),
        Spacer(1, 0.15 * inch),
    ]
    data = [["Location", "Diversion rate", "Total weight (lbs)", "Status", "Risk", "Tickets", "To divert (lbs)"]]
    for name, loc in body["location_compliance"].items():
        data.append([esc(name), pct(loc["diversion_rate"]), lb(loc["total_weight"]),
                     "Compliant" if loc["is_compliant"] else "Non-Compliant", loc["risk_level"],
                     str(loc["ticket_count"]), lb(loc["lb_to_target"])])
    style = TableStyle([("BACKGROUND", (0, 0), (-1, 0), GREEN), ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
                        ("FONTSIZE", (0, 0), (-1, -1), 8), ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, STRIPE])])
    grid = Table(data, repeatRows=1, hAlign="LEFT")
    grid.setStyle(style)
    months = [["Month", "Diversion rate", "Total (lbs)", "Diverted (lbs)", "Tickets", "Progress"],
              *[[f"{m['month']:%Y-%m}", pct(m["diversion_rate"]), lb(m["total_waste"]), lb(m["diverted_weight"]),
                 str(m["ticket_count"]), "On Track" if m["is_compliant"] else "Needs Improvement"]
                for m in d["monthly_trend"]]]
    trend = Table(months, repeatRows=1, hAlign="LEFT")
    trend.setStyle(style)
    story += [Paragraph("Locations", s["Heading2"]), grid, Spacer(1, 0.15 * inch),
              Paragraph("Months", s["Heading2"]), trend]
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=landscape(letter), title=f"SB 1383 report {body['year']}",
                      author="Flow").build(story)
    return out.getvalue()
