"""Bill of lading for a type-2 truck-scale outbound load (reportlab): shipper (the company and
location), carrier (vehicle), consignee (the disposal partner), material, gross/tare/net and a
signatures block."""
from __future__ import annotations

from reportlab.lib.units import inch
from reportlab.platypus import Paragraph, Spacer, Table

from api.invoices.pdf import CompanyBlock
from api.reports.pdf import build_pdf, escape, grid, lb, logo_flowable, styles
from api.tables.tickets import Ticket


def bol_pdf(company: CompanyBlock, ticket: Ticket, location: str | None, partner: dict | None) -> bytes:
    s = styles()
    zone = company.header.zone
    story: list = logo_flowable(company.header.logo)
    story.append(Paragraph("BILL OF LADING", s["title"]))
    story.append(Paragraph(f"<b>BOL #</b> BOL-{escape(ticket.ticket_number)} &nbsp; <b>Ticket #</b> "
                           f"{escape(ticket.ticket_number)} &nbsp; <b>Date</b> "
                           f"{ticket.ticket_at.astimezone(zone):%Y-%m-%d %H:%M %Z}", s["normal"]))
    story.append(Spacer(1, 0.2 * inch))
    vehicle = ticket.vehicle_info or {}
    carrier = [vehicle.get(k) for k in ("carrier", "driver_name", "license_plate", "truck_number", "trailer_number")]
    shipper = [company.header.company_name, location or ""] + company.address_lines
    consignee = [partner.get("name", "") if partner else "N/A"] + ([partner.get("address") or "",
                 f"Permit/facility # {partner['permit']}" if partner.get("permit") else ""] if partner else [])
    parties = [[Paragraph("<b>Shipper</b>", s["normal"]), Paragraph("<b>Carrier</b>", s["normal"]),
                Paragraph("<b>Consignee</b>", s["normal"])],
               [Paragraph("<br/>".join(escape(str(x)) for x in shipper if x), s["normal"]),
                Paragraph("<br/>".join(escape(str(x)) for x in carrier if x) or "N/A", s["normal"]),
                Paragraph("<br/>".join(escape(str(x)) for x in consignee if x), s["normal"])]]
    story.append(Table(parties, colWidths=[2.5 * inch] * 3, hAlign="LEFT",
                       style=[("VALIGN", (0, 0), (-1, -1), "TOP"), ("BOX", (0, 0), (-1, -1), 0.5, "#999999"),
                              ("INNERGRID", (0, 0), (-1, -1), 0.25, "#cccccc")]))
    story.append(Spacer(1, 0.2 * inch))
    story.append(grid([["Material", "Gross (lbs)", "Tare (lbs)", "Net (lbs)"],
                        [ticket.waste_type_name or "N/A", lb(ticket.gross_weight), lb(ticket.tare_weight),
                         lb(ticket.net_weight)]], right=(1, 2, 3),
                       widths=[3.0 * inch, 1.5 * inch, 1.5 * inch, 1.5 * inch]))
    story.append(Spacer(1, 0.5 * inch))
    sign = [["Shipper signature", "Carrier signature", "Consignee signature"],
            ["\n\n______________________", "\n\n______________________", "\n\n______________________"],
            ["Date: ____________", "Date: ____________", "Date: ____________"]]
    story.append(Table(sign, colWidths=[2.5 * inch] * 3, hAlign="LEFT"))
    return build_pdf(story, company.header, f"Bill of lading {ticket.ticket_number}", wide=False)
