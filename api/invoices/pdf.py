"""Printable receivables (reportlab, the house style of api/analytics/report_pdf): an invoice
(Print Invoice, with the company logo) and a customer statement over a period."""
from __future__ import annotations

from dataclasses import dataclass

from fastapi import Response
from reportlab.lib.units import inch
from reportlab.platypus import Paragraph, Spacer, Table

from api.invoices.schemas import InvoiceDetail, Statement
from api.reports.pdf import ReportHeader, build_pdf, escape, grid, logo_flowable, styles, usd

PDF_MIME = "application/pdf"


def pdf_response(name: str, pdf: bytes) -> Response:
    return Response(pdf, media_type=PDF_MIME, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@dataclass
class CompanyBlock:
    header: ReportHeader  # name, zone, generation time, logo
    address_lines: list[str]


def _top(company: CompanyBlock, title: str, facts: list[tuple[str, str]], bill_to: list[str]) -> list:
    s = styles()
    left: list = logo_flowable(company.header.logo)
    left.append(Paragraph(f"<b>{escape(company.header.company_name)}</b>", s["normal"]))
    left += [Paragraph(escape(line), s["normal"]) for line in company.address_lines if line]
    right = [Paragraph(title, s["title"])] + [Paragraph(f"<b>{escape(k)}:</b> {escape(v)}", s["normal"])
                                              for k, v in facts]
    story: list = [Table([[left, right]], colWidths=[3.8 * inch, 3.7 * inch], hAlign="LEFT",
                         style=[("VALIGN", (0, 0), (-1, -1), "TOP")]), Spacer(1, 0.2 * inch)]
    story.append(Paragraph("<b>Bill To</b>", s["normal"]))
    story += [Paragraph(escape(line), s["normal"]) for line in bill_to if line]
    story.append(Spacer(1, 0.2 * inch))
    return story


def _bill_to(detail_bill_to) -> list[str]:
    return [detail_bill_to.customer_name or "N/A",
            f"Account {detail_bill_to.account_number}" if detail_bill_to.account_number else "",
            detail_bill_to.address or "", detail_bill_to.email or "", detail_bill_to.phone or ""]


def invoice_pdf(company: CompanyBlock, inv: InvoiceDetail) -> bytes:
    s = styles()
    facts = [("Invoice #", inv.invoice_number), ("Issue date", f"{inv.issue_date:%Y-%m-%d}"),
             ("Due date", f"{inv.due_date:%Y-%m-%d}"), ("Payment terms", inv.payment_terms or ""),
             ("Status", inv.status)]
    if inv.ticket_number:
        facts.append(("Ticket #", inv.ticket_number))
    if inv.billing_period:
        facts.append(("Period", f"{inv.billing_period:%B %Y}"))
    story = _top(company, "INVOICE", facts, _bill_to(inv.bill_to))
    rows = [["Description", "Quantity", "Unit price", "Total"]]
    rows += [[Paragraph(escape(line.description), s["normal"]), f"{line.quantity:,.2f}",
              f"${line.unit_price:,.4f}", usd(line.total)] for line in inv.line_items]
    paid = inv.amount - inv.balance
    rows += [["", "", "Total", usd(inv.amount)], ["", "", "Paid", usd(paid)], ["", "", "Balance due", usd(inv.balance)]]
    story.append(grid(rows, right=(1, 2, 3), widths=[3.9 * inch, 1.1 * inch, 1.2 * inch, 1.3 * inch],
                       total_row=True))
    if inv.payments:
        story += [Spacer(1, 0.2 * inch), Paragraph("<b>Payments received</b>", s["normal"])]
        story.append(grid([["Date", "Method", "Reference", "Amount"]] + [
            [f"{p.paid_at.astimezone(company.header.zone):%Y-%m-%d}", p.method.replace("_", " "), p.reference or "",
             usd(p.amount)] for p in inv.payments], right=(3,), widths=[1.5 * inch, 1.6 * inch, 2.6 * inch, 1.8 * inch]))
    story += [Spacer(1, 0.3 * inch), Paragraph("Thank you for your business.", s["small"])]
    return build_pdf(story, company.header, f"Invoice {inv.invoice_number}", wide=False)


def statement_pdf(company: CompanyBlock, bill_to: list[str], st: Statement) -> bytes:
    """The customer statement of api.invoices.service.statement (figures from the warehouse)."""
    s = styles()
    start, end = st.start_date, st.end_date
    facts = [("Statement date", f"{end:%Y-%m-%d}"), ("Period", f"{start:%Y-%m-%d} to {end:%Y-%m-%d}"),
             ("Balance due", usd(st.closing_balance))]
    story = _top(company, "STATEMENT", facts, bill_to)
    rows = [["Date", "Activity", "Reference", "Charges", "Payments", "Balance"],
            [f"{start:%Y-%m-%d}", "Opening balance", "", "", "", usd(st.opening_balance)]]
    for line in st.lines:
        reference = line.invoice_number if line.kind == "invoice" else \
            f"{line.invoice_number} {(line.method or '').replace('_', ' ')} {line.reference or ''}".strip()
        rows.append([f"{line.activity_date:%Y-%m-%d}", line.kind.capitalize(), reference,
                     usd(line.charge) if line.charge else "", usd(line.credit) if line.credit else "",
                     usd(line.balance)])
    rows.append(["", "Closing balance", "", "", "", usd(st.closing_balance)])
    story.append(grid(rows, right=(3, 4, 5), total_row=True,
                       widths=[0.9 * inch, 1.3 * inch, 1.9 * inch, 1.1 * inch, 1.1 * inch, 1.2 * inch]))
    open_invoices = [(r.invoice_number, r.issue_date, r.due_date, r.balance, r.aging_category or "")
                     for r in st.open_invoices]
    aging = st.aging
    story += [Spacer(1, 0.2 * inch), Paragraph(f"<b>Open invoices on {end:%Y-%m-%d}</b>", s["normal"])]
    story.append(grid([["Invoice #", "Issued", "Due", "Aging", "Balance"]] + [
        [number, f"{issued:%Y-%m-%d}", f"{due:%Y-%m-%d}", category, usd(balance)]
        for number, issued, due, balance, category in open_invoices] or [["None", "", "", "", ""]],
        right=(4,), widths=[1.6 * inch, 1.3 * inch, 1.3 * inch, 1.3 * inch, 2.0 * inch]))
    story += [Spacer(1, 0.2 * inch), Paragraph("<b>Aging</b>", s["normal"])]
    names = list(aging.aging_buckets)
    story.append(grid([names + ["Total"], [usd(aging.aging_buckets[n].total) for n in names]
                        + [usd(aging.total_accounts_receivable)]], right=tuple(range(len(names) + 1))))
    return build_pdf(story, company.header, "Statement", wide=False)
