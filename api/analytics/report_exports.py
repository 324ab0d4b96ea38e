"""Basic and ESG report PDFs, downloaded or e-mailed (spec 3 s2.13, s2.14, call table).

The figures come from the same service functions as GET /api/reports/basic, /tickets and /esg,
on the caller's scoped filter; the ticket table reads marts.tickets with the same filter.
Mail goes through api.mail (SMTP when configured, else the outbox) with the PDF attached.
"""
from __future__ import annotations

import logging
import smtplib
import uuid
from datetime import UTC, datetime

import duckdb
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.concurrency import run_in_threadpool

from api.analytics import impact, service
from api.analytics.export_schemas import ReportEmailRequest, ReportEmailSent, ReportExportFilters
from api.analytics.report_pdf import basic_pdf, esg_pdf
from api.analytics.service import ReportFilter
from api.audit.service import audit
from api.companies.logo import logo_png
from api.kit.calendar import company_today, company_zone_name
from api.kit.errors import DomainError
from api.mail.recipients import check_recipients
from api.mail.service import Attachment, send_mail
from api.ratelimit import service as ratelimit
from api.reports.pdf import ReportHeader
from api.tables.companies import Company
from api.tables.stores import Store
from api.tables.users import User
from api.warehouse import read_warehouse, rows

log = logging.getLogger("flow.reports")

# A year of tickets would be hundreds of pages: the table shows the newest rows only and says so.
TICKET_TABLE_CAP = 300
PDF_MIME = "application/pdf"
# Report mail limits (fixed windows in rate_limit_buckets): per sender, per company, per recipient.
EMAILS_PER_USER = (5, 600)
EMAILS_PER_COMPANY = (30, 3600)
EMAILS_PER_RECIPIENT = (10, 3600)
SENT = "Report sent to {email}"


class MailFailed(DomainError):
    status_code = 502


def filename(kind: str, company: Company) -> str:
    return f"{kind}_report_{company_today(company).isoformat()}.pdf"


async def report_header(db: AsyncSession, company: Company, f: ReportFilter) -> ReportHeader:
    labels: list[tuple[str, str]] = []
    if f.location_id:
        store = await db.get(Store, uuid.UUID(f.location_id))  # tenant-scoped: another company's is None
        labels.append(("Location", store.name if store else f.location_id))
    if f.waste_type:
        labels.append(("Waste type", f.waste_type))
    if f.destination:
        labels.append(("Destination", f.destination))
    if f.direction != "all":
        labels.append(("Ticket type", f.direction.capitalize()))
    return ReportHeader(company_name=company.name, timezone=company_zone_name(company),
                        generated_at=datetime.now(tz=UTC), logo=logo_png(company), filters=labels)


def report_tickets(f: ReportFilter, limit: int) -> list[dict]:
    """The newest completed tickets of the filter (marts.tickets), at most `limit`."""
    where, params = f.where()
    with read_warehouse() as con:
        try:
            return rows(con, f"""
                select ticket_number, ticket_at, is_inbound, waste_type_name, container_name, destination_name,
                       net_weight_lb, location_name, employee_name
                from marts.tickets where {where}
                order by ticket_at desc, ticket_number desc limit {int(limit)}""", params)
        except duckdb.CatalogException:  # before the first publish: no ticket mart yet
            return []


def render_basic(f: ReportFilter, header: ReportHeader) -> bytes:
    """Blocking (DuckDB + reportlab): call it in a worker thread."""
    basic = service.basic_report(f)
    breakdowns = service.ticket_report(f, include_breakdowns=True)
    tickets = report_tickets(f, TICKET_TABLE_CAP)
    return basic_pdf(header, basic, breakdowns, tickets, total=basic["total_tickets"], cap=TICKET_TABLE_CAP)


def render_esg(f: ReportFilter, header: ReportHeader) -> bytes:
    return esg_pdf(header, impact.esg_report(f))


async def limit_report_mail(user_id, company_id, to: str) -> None:
    await ratelimit.hit(f"report-email:user:{user_id}", limit=EMAILS_PER_USER[0], window_seconds=EMAILS_PER_USER[1])
    await ratelimit.hit(f"report-email:company:{company_id}", limit=EMAILS_PER_COMPANY[0],
                        window_seconds=EMAILS_PER_COMPANY[1])
    await ratelimit.hit(ratelimit.email_key("report-email-to", to), limit=EMAILS_PER_RECIPIENT[0],
                        window_seconds=EMAILS_PER_RECIPIENT[1])


def send_report(to: str, subject: str, body: str, name: str, pdf: bytes) -> None:
    """Deliver one message with the PDF attached (blocking); a delivery failure is a 502 for the caller."""
    try:
        send_mail(to, subject, body, [Attachment(name, "application/pdf", pdf)])
    except (OSError, smtplib.SMTPException) as exc:
        log.error("report mail failed (%s): %s", subject, type(exc).__name__)
        raise MailFailed("The mail server did not accept the message") from None
    log.info("report %s mailed", name)


def mail_text(title: str, company: Company, f: ReportFilter, sender: str) -> tuple[str, str]:
    subject = f"{company.name} - {title} {f.start:%Y-%m-%d} to {f.end:%Y-%m-%d}"
    body = (f"{sender} sent you the {title} of {company.name} for {f.start:%Y-%m-%d} to {f.end:%Y-%m-%d}.\n"
            "The report is attached as a PDF.\n\n-- Flow")
    return subject, body


RENDERERS = {"basic": ("Basic Report", render_basic), "esg": ("ESG Impact Report", render_esg)}


async def render_report(kind: str, db: AsyncSession, company: Company, scope: uuid.UUID | None,
                        filters: ReportExportFilters) -> tuple[str, bytes, ReportFilter]:
    """The report as a PDF (file name, bytes, the filter used), recomputed from the warehouse."""
    f = service.make_filter(company, scope, **filters.model_dump())
    header = await report_header(db, company, f)
    pdf = await run_in_threadpool(RENDERERS[kind][1], f, header)
    return filename(kind, company), pdf, f


async def email_report(kind: str, db: AsyncSession, user: User, company: Company, scope: uuid.UUID | None,
                       body: ReportEmailRequest) -> ReportEmailSent:
    """Mails the report PDF to one address, one of the company's users or alert recipients (else
    422 naming `email`), within the per-sender, company and recipient limits."""
    await check_recipients(db, company.id, [body.email], "email")
    await limit_report_mail(user.id, company.id, body.email)
    name, pdf, f = await render_report(kind, db, company, scope, body.filters)
    sender = " ".join(p for p in (user.first_name, user.last_name) if p) or user.email
    subject, text = mail_text(RENDERERS[kind][0], company, f, sender)
    await run_in_threadpool(send_report, body.email, subject, text, name, pdf)
    await audit(db, "report.emailed", company_id=company.id, user_id=user.id, report=kind, recipients=body.email,
                period=f"{f.start:%Y-%m-%d}..{f.end:%Y-%m-%d}")
    return ReportEmailSent(message=SENT.format(email=body.email), email=body.email, filename=name)
