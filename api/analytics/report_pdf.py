"""PDF layout of the Basic Report and the ESG Impact Report (reportlab, house style of ticket exports).

Input is what the report services answered (figures from the published warehouse) plus a header;
this module only lays it out. Weights lb with one decimal, money USD, times in the company's zone.
"""
from __future__ import annotations

from datetime import UTC
from zoneinfo import ZoneInfo

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import Paragraph

from api.reports.pdf import (
    ReportHeader,
    build_pdf,
    escape,
    grid,
    heading,
    kpis,
    lb,
    num,
    pct,
    styles,
    usd,
)

TICKET_COLUMNS = ["Date", "Time", "Ticket #", "Type", "Waste Type", "Container", "Destination", "Net (lbs)",
                  "Location", "Employee"]
NOT_ESTIMATED = "Not estimated"


def _breakdown(rows: list[dict]) -> list[list[str]]:
    return [["Name", "Tickets", "Net (lbs)", "Share"],
            *[[r["name"] or "(none)", str(r["ticket_count"]), lb(r["net_weight"]), pct(r["percentage"])]
              for r in rows]]


def basic_pdf(header: ReportHeader, basic: dict, tickets_report: dict, tickets: list[dict], total: int,
              cap: int) -> bytes:
    """The Basic Report generator's content: KPIs, impact, breakdowns and the ticket table."""
    s = styles()
    story = heading(header, "Basic Report", basic["period"], basic["last_refreshed_at"])
    story += [
        kpis([("Total tickets", f"{basic['total_tickets']:,}"), ("Net weight (lbs)", lb(basic["total_net_weight"])),
               ("Gross weight (lbs)", lb(basic["total_gross_weight"])),
               ("Container weight (lbs)", lb(basic["total_tare_weight"])),
               ("Diversion rate (by weight)", pct(basic["diversion_rate"]))]),
        Paragraph("Environmental impact", s["h2"]),
    ]
    esg = basic["basic_esg"]
    story.append(kpis([("CO2e avoided (kg)", num(esg["co2_prevented_kg"])),
                        ("Potential meals recovered", f"{esg['meals_recovered']:,}"),
                        ("Cost savings", usd(esg["cost_savings_usd"]))]))
    breakdowns = tickets_report.get("breakdowns") or {}
    for key, title in (("by_waste_type", "By waste type"), ("by_destination", "By destination"),
                       ("by_location", "By location")):
        story.append(Paragraph(title, s["h2"]))
        rows = breakdowns.get(key) or []
        story.append(grid(_breakdown(rows), right=(1, 2, 3), widths=[3.2 * inch, 0.9 * inch, 1.2 * inch, 0.9 * inch])
                     if rows else Paragraph("No tickets match these filters.", s["normal"]))
    story.append(Paragraph("Tickets", s["h2"]))
    if not tickets:
        story.append(Paragraph("No tickets match these filters.", s["normal"]))
    else:
        if total > len(tickets):
            story.append(Paragraph(
                f"Showing the {len(tickets):,} most recent of {total:,} tickets (the table is capped at {cap:,} "
                "rows); the totals above cover all of them.", s["normal"]))
        cell = ParagraphStyle("cell", parent=s["normal"], fontSize=7.5, leading=9)
        story.append(grid([TICKET_COLUMNS, *[_ticket_row(t, header.zone, cell) for t in tickets]], right=(7,),
                           widths=[0.75 * inch, 0.45 * inch, 1.5 * inch, 0.4 * inch, 1.1 * inch, 1.15 * inch,
                                   1.1 * inch, 0.75 * inch, 1.2 * inch, 1.1 * inch]))
    return build_pdf(story, header, "Basic Report", wide=True)


def _ticket_row(t: dict, zone: ZoneInfo, cell: ParagraphStyle) -> list:
    at = t["ticket_at"]  # the warehouse keeps UTC without a zone
    local = (at if at.tzinfo else at.replace(tzinfo=UTC)).astimezone(zone)

    def wrap(text: str | None) -> Paragraph:  # long names wrap inside their column
        return Paragraph(escape(text or ""), cell)

    return [f"{local:%Y-%m-%d}", f"{local:%H:%M}", wrap(t["ticket_number"]), "In" if t["is_inbound"] else "Out",
            wrap(t["waste_type_name"]), wrap(t["container_name"]), wrap(t["destination_name"]),
            lb(t["net_weight_lb"]), wrap(t["location_name"]), wrap(t["employee_name"])]


def _or_not_estimated(value, fmt) -> str:
    return NOT_ESTIMATED if value is None else fmt(value)


def esg_pdf(header: ReportHeader, esg: dict) -> bytes:
    """The ESG Impact Report (spec 3 s2.14): KPI row, environmental, food, economic, SB 1383."""
    s = styles()
    env, food, econ, comp = (esg["environmental_impact"], esg["food_recovery"], esg["economic_impact"],
                             esg["compliance"])
    story = heading(header, "ESG Impact Report", esg["period"], esg["last_refreshed_at"])
    story += [
        kpis([("Tickets", f"{esg['summary']['total_tickets']:,}"),
               ("Net weight (lbs)", lb(esg["summary"]["total_net_weight_lbs"])),
               ("Facilities", f"{esg['summary']['total_facilities']:,}"),
               ("Diversion rate", pct(esg["diversion_metrics"]["diversion_rate_percent"]))]),
        Paragraph("Environmental Impact", s["h2"]),
        grid([["Measure", "Value"],
               ["CO2e avoided (kg, EPA GHG Hub Table 9)", num(env["co2_prevented_kg"])],
               ["CO2e avoided (metric tons)", num(env["co2_prevented_tons"], 3)],
               ["Methane prevented (kg)", num(env["methane_prevented_kg"])],
               ["Cars off the road for a year", num(env["equivalent_cars_off_road"])],
               ["Landfill diverted (short tons)", num(env["landfill_diverted_tons"], 3)],
               ["Water saved (gallons)", _or_not_estimated(env["water_saved_gallons"], num)]],
              right=(1,), widths=[3.6 * inch, 1.8 * inch]),
        Paragraph("Food Recovery Impact", s["h2"]),
        grid([["Measure", "Value"],
               ["Meals recovered (donated lbs / 1.2)", f"{food['meals_recovered']:,}"],
               ["People fed per day", num(food["people_fed_per_day"], 1)],
               ["Protein recovered (lbs)", _or_not_estimated(food["protein_recovered_lbs"], lb)],
               ["Nutritional value", _or_not_estimated(food["nutritional_value_usd"], usd)]],
              right=(1,), widths=[3.6 * inch, 1.8 * inch]),
        Paragraph("Economic Impact", s["h2"]),
        grid([["Measure", "Value"],
               ["Cost savings", usd(econ["cost_savings"])],
               ["Tax benefits", _or_not_estimated(econ["tax_benefits_usd"], usd)],
               ["Operational savings", _or_not_estimated(econ["operational_savings"], usd)],
               ["Total economic impact", usd(econ["total_economic_impact"])]],
              right=(1,), widths=[3.6 * inch, 1.8 * inch]),
        Paragraph("SB 1383 Compliance", s["h2"]),
        Paragraph(f"{'Meets' if comp['sb1383_compliant'] else 'Below'} the company's {pct(comp['target_rate'])} "
                  f"diversion target (SB 1383 organic diversion rate {pct(comp['diversion_rate'])}, "
                  f"{lb(comp['total_diverted_weight'])} lbs of organic waste diverted). "
                  f"Month of the period's end: {'target met' if comp['monthly_target_met'] else 'target not met'}.",
                  s["normal"]),
    ]
    return build_pdf(story, header, "ESG Impact Report", wide=False)
