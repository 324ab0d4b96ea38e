"""The EMAIL button of Ticket Search and Ticket Report (spec 3 s2.11, s2.12): the screen's tickets
mailed now as a PDF and a CSV, the same files as the export buttons (same filters, same scope).

Recipients are validated one by one and must be the company's users or e-mail alert recipients
(api/mail/recipients.py; the bad one is named); sending is rate limited per user, per
company and per recipient (api/ratelimit) and recorded in the audit log.
"""
from __future__ import annotations

import logging
import smtplib
from zoneinfo import ZoneInfo

from sqlalchemy.ext.asyncio import AsyncSession
from starlette.concurrency import run_in_threadpool

from api.audit.service import audit
from api.companies.logo import logo_png
from api.kit.calendar import company_zone_name
from api.kit.errors import DomainError, Invalid, NotFound
from api.mail.recipients import check_recipients
from api.mail.service import Attachment, send_mail
from api.ratelimit import service as ratelimit
from api.tickets import exports, queries
from api.tickets.schemas import TicketEmailRequest, TicketEmailSent
from api.tickets.service import Caller

log = logging.getLogger("flow.tickets.mail")

EMAIL_ROW_CAP = 5_000  # a mailbox is not a file server: larger sets are downloaded
PER_USER = (5, 600)  # five sends in ten minutes
PER_COMPANY = (30, 3600)
PER_RECIPIENT = (10, 3600)


class MailFailed(DomainError):
    status_code = 502


async def _limit(who: Caller, recipients: list[str]) -> None:
    await ratelimit.hit(f"ticket-email:user:{who.user.id}", limit=PER_USER[0], window_seconds=PER_USER[1])
    await ratelimit.hit(f"ticket-email:company:{who.company.id}", limit=PER_COMPANY[0],
                        window_seconds=PER_COMPANY[1])
    for to in recipients:
        await ratelimit.hit(ratelimit.email_key("ticket-email-to", to), limit=PER_RECIPIENT[0],
                            window_seconds=PER_RECIPIENT[1])


async def _csv(table: exports.ExportTable, who: Caller, f) -> bytes:
    return b"".join([chunk async for chunk in exports.csv_stream(table, queries.export_batches(who, f,
                                                                                          exports.EXPORT_BATCH))])


async def email_tickets(db: AsyncSession, who: Caller, body: TicketEmailRequest, ip: str | None) -> TicketEmailSent:
    recipients = [r.strip() for r in body.recipients.split(",")]
    await check_recipients(db, who.company.id, recipients, "recipients")
    f = body.filters
    if not f.status:
        f = f.model_copy(update={"status": "completed"})
    count, first, last = await queries.export_extent(db, who, f)
    if not count:
        raise NotFound("No data to export")
    if count > EMAIL_ROW_CAP:
        raise Invalid(f"filters: more than {EMAIL_ROW_CAP:,} tickets match; choose a shorter date range to email, "
                      "or download the export")
    await _limit(who, recipients)
    tz = company_zone_name(who.company)
    label, file_part = exports.period_label(f.start_date, f.end_date, first, last, tz)
    zone = ZoneInfo(tz)
    pdf = await exports.pdf_bytes(exports.ExportTable(who.company.name, label, zone, logo_png(who.company)),
                                  queries.export_batches(who, f, exports.EXPORT_BATCH))
    csv_data = await _csv(exports.ExportTable(who.company.name, label, zone), who, f)
    base = f"flow_tickets_{file_part}"
    files = [Attachment(f"{base}.pdf", "application/pdf", pdf), Attachment(f"{base}.csv", "text/csv", csv_data)]
    sender = " ".join(p for p in (who.user.first_name, who.user.last_name) if p) or who.user.email
    subject = f"{who.company.name} - Tickets {label}"
    text = (f"{sender} sent you the tickets of {who.company.name} for {label} ({count:,} tickets).\n"
            "They are attached as a PDF and a CSV file.\n\n-- Flow")
    try:
        await run_in_threadpool(send_mail, body.recipients, subject, text, files)
    except (OSError, smtplib.SMTPException) as exc:
        log.error("ticket mail failed: %s", type(exc).__name__)
        raise MailFailed("The mail server did not accept the message") from None
    await audit(db, "tickets.emailed", company_id=who.company.id, user_id=who.user.id, ip=ip,
                recipients=body.recipients, tickets=count, period=label)
    return TicketEmailSent(message=f"Tickets sent to {body.recipients}", recipients=body.recipients, tickets=count,
                           attachments=[a.filename for a in files])
