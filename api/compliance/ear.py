"""EAR report (spec 3 s2.16, s3): summary and preparation checklist from the sb1383_* marts, and
the export files (JSON named with the year, CSV and XLSX of the same figures, PDF summary)."""
from __future__ import annotations

import csv
import io
import json
from datetime import date, datetime
from decimal import Decimal

from api.compliance.targets import constants, diversion_target
from api.reports.pdf import GREEN, STRIPE, lb, logo_flowable, pct
from api.reports.spreadsheet import SPREADSHEET_MIME, Column, Workbook, safe_row
from api.warehouse import last_refreshed_at, read_warehouse, rows

MIME = {"json": "application/json", "pdf": "application/pdf", **SPREADSHEET_MIME}
SHEET_COLUMNS = [
    Column("Year", "int", 8), Column("Month", width=10), Column("Location", width=24), Column("Material", width=18),
    Column("Waste Type", width=20), Column("Destination", width=18), Column("Management Path", width=20),
    Column("Diversion", width=10), Column("Tickets", "int"), Column("Weight (lbs)", "weight"),
    Column("Weight (tons)", "number", 14),
]
LINE_COLUMNS = [c.title for c in SHEET_COLUMNS]


def unlocated_tickets(con, company_id: str, year: int) -> int:
    """Tickets of the year's EAR lines without a location (only an older database has them)."""
    return int(rows(con, "select coalesce(sum(ticket_count), 0) as n from marts.sb1383_ear_lines "
                         "where company_id = ? and report_year = ? and location_id is null",
                    [company_id, year])[0]["n"])


def unlocated_reason(n: int, year: int) -> str:
    return (f"{_tickets(n)} of {year} {'has' if n == 1 else 'have'} no location. Assign them under Locations, "
            "Tickets without a location: the EAR names every ticket's location.")


def report(company_id: str, year: int, partners_on_file: int, target_setting: Decimal | None = None) -> dict:
    """The year's EAR summary and checklist. Before the warehouse has the year, the target is the
    company's setting (else the seeded default), never a literal."""
    with read_warehouse() as con:
        found = rows(con, "select * from marts.sb1383_yearly where company_id = ? and report_year = ?",
                     [company_id, year])
        # The organic lb in short tons as every figure converts them (marts.short_tons of the sum), not
        # a sum of the lines' rounded tons.
        tons = rows(con, "select marts.short_tons(coalesce(sum(net_weight_lb), 0)) as tons from marts.sb1383_ear_lines "
                         "where company_id = ? and report_year = ?", [company_id, year])[0]["tons"]
        seeded = constants(con)
        min_tickets = int(seeded["ear_min_tickets"])
        # Tickets of the year's EAR still waiting for their location (older databases only): the EAR
        # names every line's location, so the year waits until a manager assigns them.
        unlocated = unlocated_tickets(con, company_id, year)
        refreshed = last_refreshed_at(con)
    y = found[0] if found else None
    zero = Decimal(0)
    summary = {
        "compliance_status": "no_data" if y is None else ("compliant" if y["is_compliant"] else "non_compliant"),
        "diversion_rate": y["diversion_rate_percent"] if y else zero,
        "target_rate": diversion_target(y, target_setting, seeded),
        "total_organic_waste": y["net_weight_lb"] if y else zero, "total_organic_waste_tons": tons,
        "diverted_weight": y["diverted_weight_lb"] if y else zero, "ticket_count": y["ticket_count"] if y else 0,
    }
    checklist = [
        {"key": "tickets_every_month", "label": "Tickets recorded for every month",
         "done": bool(y and y["every_month_has_tickets"]),
         "detail": (f"{y['months_with_tickets']} of {y['last_month_start'].month} months up to "
                    f"{y['last_month_start']:%B} have tickets") if y else "No tickets this year"},
        {"key": "min_tickets", "label": f"At least {min_tickets} waste tickets",
         "done": bool(y and y["has_min_tickets"]), "detail": f"{summary['ticket_count']} tickets"},
        {"key": "diversion_at_target", "label": "Diversion figures at the target",
         "done": bool(y and y["is_compliant"]),
         "detail": f"{summary['diversion_rate']}% against {summary['target_rate']}%"},
        {"key": "food_recovery_records", "label": "Food recovery recorded",
         "done": bool(y and y["has_food_recovery"]),
         "detail": f"{y['donation_ticket_count'] if y else 0} donation tickets"},
        {"key": "tickets_located", "label": "Every ticket at its location",
         "done": unlocated == 0,
         "detail": "Every ticket has its location" if unlocated == 0 else
                   f"{_tickets(unlocated)} without a location: assign them under Locations"},
        {"key": "partners_with_agreements", "label": "Food recovery partners with agreements on file",
         "done": partners_on_file > 0, "detail": f"{partners_on_file} partners with a contract or written agreement"},
    ]
    eligible = bool(y and y["eligible_for_submission"]) and unlocated == 0
    reason = None
    if unlocated:
        reason = unlocated_reason(unlocated, year)
    elif not eligible:
        reason = (f"No completed tickets in {year}" if y is None else
                  f"The EAR export needs {summary['target_rate']}% diversion and at least {min_tickets} waste "
                  f"tickets; {year} has {summary['diversion_rate']}% and {summary['ticket_count']} tickets")
    return {"year": year, "summary": summary, "preparation_checklist": checklist,
            "eligible_for_submission": eligible, "reason": reason, "tickets_without_location": unlocated,
            "reporting_due_date": date(year + 1, 8, 1), "last_refreshed_at": refreshed}


def _tickets(n: int) -> str:
    return f"{n:,} ticket" + ("" if n == 1 else "s")


def lines(company_id: str, year: int) -> list[dict]:
    with read_warehouse() as con:
        return rows(con, """
            select report_year, month_start, location_name, material, waste_type_name, destination_name,
                   management_path, is_diversion, ticket_count, net_weight_lb, net_weight_tons
            from marts.sb1383_ear_lines where company_id = ? and report_year = ?
            order by month_start, location_name, material, waste_type_name, destination_name""", [company_id, year])


def _line_row(r: dict) -> list:
    return [r["report_year"], f"{r['month_start']:%Y-%m}", r["location_name"], r["material"], r["waste_type_name"],
            r["destination_name"], r["management_path"], "yes" if r["is_diversion"] else "no", r["ticket_count"],
            r["net_weight_lb"], r["net_weight_tons"]]


def _plain(value):
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, date | datetime):
        return value.isoformat()
    return value


def to_json(company_name: str, rep: dict, detail: list[dict], generated_at: datetime) -> bytes:
    body = {"ear_report": {
        "company": company_name, "reporting_year": rep["year"], "generated_at": generated_at.isoformat(),
        "warehouse_refreshed_at": _plain(rep["last_refreshed_at"]),
        "reporting_due_date": rep["reporting_due_date"].isoformat(),
        "summary": {k: _plain(v) for k, v in rep["summary"].items()},
        "preparation_checklist": rep["preparation_checklist"],
        "lines": [{k: _plain(v) for k, v in r.items()} for r in detail],
    }}
    return json.dumps(body, indent=2).encode()


def to_csv(detail: list[dict]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(LINE_COLUMNS)
    writer.writerows(safe_row(_line_row(r)) for r in detail)
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def to_xlsx(company_name: str, rep: dict, detail: list[dict]) -> bytes:
    """Summary (the figures and the checklist) and Lines (typed: tickets and weights are numbers)."""
    book = Workbook()
    summary = book.sheet("Summary", [Column("Figure", width=28), Column("Value", width=22), Column("Detail", width=48)],
                         title_lines=[f"{company_name} - SB 1383 EAR {rep['year']}"])
    for key, value in rep["summary"].items():
        summary.ws.append(safe_row([key.replace("_", " "), _plain(value)]))
    summary.ws.append([])
    summary.ws.append(["Preparation checklist"])
    for item in rep["preparation_checklist"]:
        summary.ws.append(safe_row([item["label"], "done" if item["done"] else "open", item["detail"]]))
    book.sheet("Lines", SHEET_COLUMNS).extend(_line_row(r) for r in detail)
    return book.to_bytes()


def to_pdf(company_name: str, rep: dict, detail: list[dict], generated_at: datetime,
           logo: bytes | None = None) -> bytes:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import landscape, letter
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import inch
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    s = getSampleStyleSheet()
    esc = lambda t: str(t).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    sm = rep["summary"]
    story = [
        *logo_flowable(logo),
        Paragraph(f"{esc(company_name)} - SB 1383 EAR {rep['year']}", s["Title"]),
        Paragraph(f"Generated {generated_at:%Y-%m-%d %H:%M} UTC; report due to the jurisdiction by "
                  f"{rep['reporting_due_date']:%B %-d, %Y}. Figures from the Flow warehouse.", s["Normal"]),
        Spacer(1, 0.15 * inch),
        Paragraph(f"Status: {sm['compliance_status'].replace('_', ' ')} &nbsp; Organic diversion: {pct(sm['diversion_rate'])} "
                  f"(target {pct(sm['target_rate'])}) &nbsp; Organic waste: {lb(sm['total_organic_waste'])} lbs "
                  f"({sm['total_organic_waste_tons']} tons) &nbsp; Tickets: {sm['ticket_count']}", s["Normal"]),
        Spacer(1, 0.15 * inch),
    ]
    by_month: dict[str, list] = {}
    for r in detail:
        key = (f"{r['month_start']:%Y-%m}", r["location_name"])
        agg = by_month.setdefault(key, [0, Decimal(0)])
        agg[0] += r["ticket_count"]
        agg[1] += r["net_weight_lb"]
    data = [["Month", "Location", "Tickets", "Weight (lbs)"],
            *[[m, esc(loc), str(v[0]), lb(v[1])] for (m, loc), v in sorted(by_month.items())]]
    grid = Table(data, repeatRows=1, hAlign="LEFT")
    grid.setStyle(TableStyle([("BACKGROUND", (0, 0), (-1, 0), GREEN), ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
                              ("FONTSIZE", (0, 0), (-1, -1), 8), ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                              ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, STRIPE])]))
    story += [Paragraph("Checklist: " + "; ".join(f"{i['label']}: {'done' if i['done'] else 'open'}"
                                                  for i in rep["preparation_checklist"]), s["Normal"]),
              Spacer(1, 0.15 * inch), grid]
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=landscape(letter), title=f"SB 1383 EAR {rep['year']}", author="Flow").build(story)
    return out.getvalue()
