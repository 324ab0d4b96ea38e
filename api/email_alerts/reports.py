"""The attachments of each report type, made from the published warehouse (blocking: run in a thread).

ticket-report: the Basic Report PDF and the tickets as CSV; esg-summary and esg-impact: the ESG
Impact Report PDF; cost-analysis: the Cost Analysis PDF; sb1383: the SB 1383 diversion summary PDF;
ai-analytics: the AI Analytics PDF (figures and rule-written recommendations; no model text).
Figures come from the same service functions as the report screens (marts, not Python sums).
"""
from __future__ import annotations

import csv
import io
from datetime import UTC

from reportlab.lib.units import inch
from reportlab.platypus import Paragraph

from api.analytics import ai_analytics, impact, report_exports
from api.analytics.service import ReportFilter
from api.mail.service import Attachment
from api.reports.pdf import ReportHeader, build_pdf, grid, heading, kpis, lb, num, pct, styles, usd
from api.reports.spreadsheet import safe_cell

TITLES = {
    "ticket-report": "Ticket Report",
    "sb1383": "SB 1383 Compliance Summary",
    "esg-summary": "ESG Summary",
    "cost-analysis": "Cost Analysis",
    "ai-analytics": "AI Analytics Report",
    "esg-impact": "ESG Impact Report",
}
# Report types whose attachments exist; the others are refused when an alert is saved.
AVAILABLE = ("ticket-report", "sb1383", "esg-summary", "cost-analysis", "ai-analytics", "esg-impact")
CSV_ROWS_CAP = 50_000
CSV_COLUMNS = ["Date", "Time", "Ticket #", "Direction", "Waste Type", "Container", "Destination", "Weight (lbs)",
               "Location", "Employee"]


def _name(report_type: str, f: ReportFilter, ext: str) -> str:
    return f"{report_type}_{f.start:%Y%m%d}_{f.end:%Y%m%d}.{ext}"


def tickets_csv(f: ReportFilter, header: ReportHeader) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for t in report_exports.report_tickets(f, CSV_ROWS_CAP):
        at = t["ticket_at"]
        local = (at if at.tzinfo else at.replace(tzinfo=UTC)).astimezone(header.zone)
        writer.writerow([safe_cell(v) for v in (
            f"{local:%Y-%m-%d}", f"{local:%H:%M}", t["ticket_number"], "Inbound" if t["is_inbound"] else "Outbound",
            t["waste_type_name"] or "", t["container_name"] or "", t["destination_name"] or "",
            f"{t['net_weight_lb']:.1f}", t["location_name"] or "", t["employee_name"] or "")])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def cost_pdf(header: ReportHeader, cost: dict) -> bytes:
    s = styles()
    perf, proj = cost["performance_summary"], cost["projections"]
    story = heading(header, "Cost Analysis", cost["period"], cost["last_refreshed_at"])
    story += [
        kpis([("Total savings", usd(cost["total_savings"])), ("ROI", pct(cost["roi_percent"])),
               ("Disposal cost", usd(cost["monthly_disposal_cost"])),
               ("Diversion rate", pct(perf["diversion_rate"]))]),
        Paragraph("Performance", s["h2"]),
        grid([["Measure", "Value"], ["Tickets", f"{perf['total_tickets']:,}"],
               ["Total weight (lbs)", lb(perf["total_weight"])], ["Diverted weight (lbs)", lb(perf["diverted_weight"])],
               ["Monthly projection", usd(proj["monthly"])], ["Annual projection", usd(proj["annual"])],
               ["Payback (years)", "-" if proj["payback_years"] is None else num(proj["payback_years"], 0)]],
              right=(1,), widths=[3.2 * inch, 1.8 * inch]),
        Paragraph("Savings by location", s["h2"]),
    ]
    locations = cost["savings_by_location"]
    story.append(grid([["Location", "Total (lbs)", "Diverted (lbs)", "Cost saved"],
                        *[[r["location"] or "(none)", lb(r["total_weight"]), lb(r["diverted_weight"]),
                           usd(r["cost_saved"])] for r in locations]],
                       right=(1, 2, 3), widths=[2.8 * inch, 1.2 * inch, 1.2 * inch, 1.1 * inch])
                 if locations else Paragraph("No tickets in this period.", s["normal"]))
    return build_pdf(story, header, "Cost Analysis", wide=False)


def sb1383_pdf(header: ReportHeader, esg: dict, cost: dict) -> bytes:
    s = styles()
    comp = esg["compliance"]
    story = heading(header, "SB 1383 Compliance Summary", esg["period"], esg["last_refreshed_at"])
    story += [
        kpis([("Organic diversion rate", pct(comp["diversion_rate"])), ("Target", pct(comp["target_rate"])),
               ("Organic diverted (lbs)", lb(comp["total_diverted_weight"])),
               ("Status", "Compliant" if comp["sb1383_compliant"] else "Below target")]),
        Paragraph(f"Month of the period's end: {'target met' if comp['monthly_target_met'] else 'target not met'}.",
                  s["normal"]),
        Paragraph("Diversion by location (all generated waste)", s["h2"]),
    ]
    locations = cost["savings_by_location"]
    story.append(grid([["Location", "Total (lbs)", "Diverted (lbs)"],
                        *[[r["location"] or "(none)", lb(r["total_weight"]), lb(r["diverted_weight"])]
                          for r in locations]],
                       right=(1, 2), widths=[3.2 * inch, 1.4 * inch, 1.4 * inch])
                 if locations else Paragraph("No tickets in this period.", s["normal"]))
    return build_pdf(story, header, "SB 1383 Compliance Summary", wide=False)


def ai_pdf(header: ReportHeader, fig: dict) -> bytes:
    s = styles()
    q, totals = fig["data_quality"], fig["totals"]
    story = heading(header, "AI Analytics Report", fig["period"], fig["last_refreshed_at"])
    story += [
        kpis([("Outbound (lbs)", lb(totals["total_weight_lb"])), ("Tickets", f"{totals['total_tickets']:,}"),
               ("Weight with photo", pct(q["photo_weight_percent"])),
               ("AI readings accepted", pct(q["ai_accepted_percent"]))]),
        Paragraph(f"Weight with a photo: {pct(q['photo_weight_percent'])} of {lb(q['weight_lb'])} lb "
                  f"(aim: more than {pct(q['photo_target_percent'])}). AI scale readings: {q['ai_readings']:,}, "
                  f"{q['ai_accepted']:,} accepted as read, {q['ai_corrected']:,} corrected by hand; "
                  f"{q['typed_tickets']:,} tickets typed.", s["normal"]),
        Paragraph("Recommendations", s["h2"]),
        *[Paragraph(f"- {_esc(r)}", s["normal"]) for r in fig["recommendations"]],
        Paragraph("Waste per location", s["h2"]),
        grid([["Location", "Tickets", "Net (lbs)", "Share", "lb per active day"],
               *[[r["location_name"], f"{r['tickets']:,}", lb(r["weight_lb"]), pct(r["share_percent"]),
                  lb(r["lb_per_active_day"])] for r in fig["by_location"]]],
              right=(1, 2, 3, 4), widths=[2.4 * inch, 0.8 * inch, 1.1 * inch, 0.8 * inch, 1.2 * inch]),
        Paragraph("Waste per product", s["h2"]),
        grid([["Product", "Tickets", "Net (lbs)", "Share"],
               *[[r["waste_type"], f"{r['tickets']:,}", lb(r["weight_lb"]), pct(r["share_percent"])]
                 for r in fig["by_product"]]], right=(1, 2, 3), widths=[2.8 * inch, 0.9 * inch, 1.2 * inch, 0.9 * inch]),
        Paragraph("Waste per weekday", s["h2"]),
        grid([["Weekday", "Days", "Net (lbs)", "lb per day"],
               *[[r["weekday"], f"{r['days']:,}", lb(r["weight_lb"]), lb(r["lb_per_day"])] for r in fig["by_weekday"]]],
              right=(1, 2, 3), widths=[1.6 * inch, 0.8 * inch, 1.2 * inch, 1.2 * inch]),
        Paragraph("Anomalies", s["h2"]),
        Paragraph(f"Statistic: {_esc(fig['anomaly_statistic'])}.", s["small"]),
    ]
    anomalies = fig["anomalies"]
    story.append(grid([["Day", "Where", "Net (lbs)", "Usual mean (lbs)", "Std dev", "z"],
                        *[[str(a["local_date"]), a["location_name"] or "All locations", lb(a["net_weight_lb"]),
                           lb(a["prior_mean_lb"]), lb(a["prior_stddev_lb"]), num(a["z_score"])] for a in anomalies]],
                       right=(2, 3, 4, 5))
                 if anomalies else Paragraph("No day or location outside its usual range in this period.", s["normal"]))
    return build_pdf(story, header, "AI Analytics Report", wide=False)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def render(report_type: str, f: ReportFilter, header: ReportHeader) -> list[Attachment]:
    pdf = "application/pdf"
    if report_type == "ticket-report":
        return [Attachment(_name(report_type, f, "pdf"), pdf, report_exports.render_basic(f, header)),
                Attachment(_name(report_type, f, "csv"), "text/csv", tickets_csv(f, header))]
    if report_type in ("esg-summary", "esg-impact"):
        return [Attachment(_name(report_type, f, "pdf"), pdf, report_exports.render_esg(f, header))]
    if report_type == "cost-analysis":
        return [Attachment(_name(report_type, f, "pdf"), pdf, cost_pdf(header, impact.cost_analysis(f)))]
    if report_type == "sb1383":
        return [Attachment(_name(report_type, f, "pdf"), pdf,
                           sb1383_pdf(header, impact.esg_report(f), impact.cost_analysis(f)))]
    if report_type == "ai-analytics":
        return [Attachment(_name(report_type, f, "pdf"), pdf, ai_pdf(header, ai_analytics.ai_report(f)))]
    raise ValueError(f"no attachments for report type {report_type!r}")
