"""Email alerts: each user's scheduled reports, and sending them once per schedule slot.

Sending claims the slot first (insert into email_alert_sends, unique per alert and slot) in its
own committed transaction, then renders and mails, then records the result. A sender that
restarts, or two senders at once, never mail one slot twice; a failed slot is tried again on the
next look, up to MAX_ATTEMPTS.
"""
from __future__ import annotations

import asyncio
import logging
import smtplib
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from api.analytics import report_exports
from api.analytics.service import ReportFilter
from api.companies.logo import logo_png
from api.core.db import sessionmaker, set_system_scope, set_tenant
from api.email_alerts import reports
from api.email_alerts.schedule import CATCH_UP, Rule, last_due, next_run, report_period
from api.email_alerts.schemas import (
    ENTERPRISE_TYPES,
    EmailAlertCreate,
    EmailAlertRead,
    EmailAlertUpdate,
    SendRead,
)
from api.kit.calendar import company_zone_name
from api.kit.errors import Forbidden, Invalid, NotFound
from api.mail.service import send_mail
from api.subscription import plans
from api.subscription.service import has_feature
from api.tables.companies import Company
from api.tables.email_alerts import EmailAlert, EmailAlertSend
from api.tables.users import User

log = logging.getLogger("flow.email_alerts")
Sessions = async_sessionmaker[AsyncSession]
MAX_ATTEMPTS = 3


def now() -> datetime:
    return datetime.now(tz=UTC)


def rule_of(alert: EmailAlert, company: Company) -> Rule:
    return Rule(schedule=alert.schedule, send_time=alert.send_time, timezone=company_zone_name(company),
                weekly_day=alert.weekly_day)


def report_types(company: Company) -> list[str]:
    """The types this company may schedule now (enterprise adds two), that Flow can render."""
    enterprise = has_feature(company, plans.AI_ANALYTICS)
    return [t for t in reports.AVAILABLE if enterprise or t not in ENTERPRISE_TYPES]


def _check_type(company: Company, report_type: str) -> None:
    if report_type in ENTERPRISE_TYPES and not has_feature(company, plans.AI_ANALYTICS):
        raise Forbidden("AI Analytics and ESG Impact reports are Enterprise features")
    if report_type not in reports.AVAILABLE:
        raise Invalid(f"report_type: {reports.TITLES[report_type]} mails are not available yet")


async def _last_sends(db: AsyncSession, ids: list[uuid.UUID]) -> dict[uuid.UUID, EmailAlertSend]:
    found: dict[uuid.UUID, EmailAlertSend] = {}
    if ids:
        for send in await db.scalars(select(EmailAlertSend).where(EmailAlertSend.alert_id.in_(ids))
                                     .order_by(EmailAlertSend.created_at.desc())):
            found.setdefault(send.alert_id, send)
    return found


def to_read(alert: EmailAlert, company: Company, last: EmailAlertSend | None,
            now: datetime | None = None) -> EmailAlertRead:
    rule = rule_of(alert, company)
    return EmailAlertRead(
        id=alert.id, name=alert.name, report_type=alert.report_type, schedule=alert.schedule,
        weekly_day=alert.weekly_day, send_time=alert.send_time, timezone=rule.timezone,
        recipients=alert.recipients, is_active=alert.is_active,
        next_run_at=next_run(rule, now or datetime.now(tz=UTC)) if alert.is_active else None,
        last_send=SendRead.model_validate(last) if last else None, created_at=alert.created_at,
    )


async def list_alerts(db: AsyncSession, user: User, company: Company) -> list[EmailAlertRead]:
    alerts = list(await db.scalars(select(EmailAlert).where(EmailAlert.user_id == user.id)
                                   .order_by(EmailAlert.created_at, EmailAlert.id)))
    last = await _last_sends(db, [a.id for a in alerts])
    return [to_read(a, company, last.get(a.id)) for a in alerts]


async def get_alert(db: AsyncSession, user: User, alert_id: uuid.UUID) -> EmailAlert:
    alert = await db.scalar(select(EmailAlert).where(EmailAlert.id == alert_id, EmailAlert.user_id == user.id))
    if alert is None:
        raise NotFound("Email alert not found")
    return alert


async def read_one(db: AsyncSession, company: Company, alert: EmailAlert) -> EmailAlertRead:
    return to_read(alert, company, (await _last_sends(db, [alert.id])).get(alert.id))


async def create_alert(db: AsyncSession, user: User, company: Company, data: EmailAlertCreate) -> EmailAlertRead:
    _check_type(company, data.report_type)
    alert = EmailAlert(user_id=user.id, **data.model_dump())
    db.add(alert)
    await db.flush()
    await db.refresh(alert)
    return to_read(alert, company, None)


async def update_alert(db: AsyncSession, user: User, company: Company, alert_id: uuid.UUID,
                       data: EmailAlertUpdate) -> EmailAlertRead:
    alert = await get_alert(db, user, alert_id)
    changes = data.model_dump(exclude_unset=True)
    if "report_type" in changes and changes["report_type"] is not None:
        _check_type(company, changes["report_type"])
    for key, value in changes.items():
        if value is not None or key == "weekly_day":
            setattr(alert, key, value)
    if alert.schedule == "weekly":
        alert.weekly_day = alert.weekly_day or "monday"
    else:
        alert.weekly_day = None
    await db.flush()
    await db.refresh(alert)
    return await read_one(db, company, alert)


async def delete_alert(db: AsyncSession, user: User, alert_id: uuid.UUID) -> None:
    await db.delete(await get_alert(db, user, alert_id))
    await db.flush()


# ---- sending ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Outcome:
    alert_id: uuid.UUID
    slot_at: datetime
    status: str
    error: str | None = None


def compose(alert: EmailAlert, company: Company, rule: Rule, slot: datetime, *, test: bool):
    """(subject, body, attachments) of one send; blocking (warehouse and PDF)."""
    start, end = report_period(rule, slot)
    f = ReportFilter(company_id=str(company.id), start=start, end=end)
    header = report_exports.ReportHeader(company_name=company.name, timezone=rule.timezone,
                                         generated_at=datetime.now(tz=UTC), logo=logo_png(company))
    attachments = reports.render(alert.report_type, f, header)
    title = reports.TITLES[alert.report_type]
    subject = f"{'[Test] ' if test else ''}{company.name} - {title} {start:%Y-%m-%d} to {end:%Y-%m-%d}"
    local = slot.astimezone(rule.zone)
    body = (f"Your scheduled report \"{alert.name}\" ({title}) of {company.name} for {start:%Y-%m-%d} to "
            f"{end:%Y-%m-%d}.\n"
            f"{'This is a test send, asked for' if test else 'Scheduled for'} {local:%Y-%m-%d %H:%M %Z}.\n"
            f"Attached: {', '.join(a.filename for a in attachments)}.\n\n"
            "Manage your alerts in Flow under Reports, Email Alerts.\n-- Flow")
    return subject, body, attachments


async def _claim(sessions: Sessions, alert_id: uuid.UUID, company_id: uuid.UUID, slot: datetime, recipients: str,
                 kind: str) -> uuid.UUID | None:
    """Take the slot in a committed transaction; None when another sender has it or it is done."""
    async with sessions() as db, db.begin():
        await set_tenant(db, company_id)
        claimed = await db.scalar(text("""
            insert into email_alert_sends (id, company_id, alert_id, slot_at, kind, status, attempts, recipients,
                                           attachments, created_at)
            values (:id, :company, :alert, :slot, :kind, 'sending', 1, :recipients, '', now())
            on conflict (alert_id, slot_at) do update
               set status = 'sending', attempts = email_alert_sends.attempts + 1, error = null,
                   recipients = excluded.recipients
             where email_alert_sends.status = 'failed' and email_alert_sends.attempts < :max_attempts
            returning id"""), {"id": uuid.uuid4(), "company": company_id, "alert": alert_id, "slot": slot,
                               "kind": kind, "recipients": recipients, "max_attempts": MAX_ATTEMPTS})
    return claimed


async def _finish(sessions: Sessions, send_id: uuid.UUID, company_id: uuid.UUID, status: str, attachments: str,
                  error: str | None) -> EmailAlertSend:
    async with sessions() as db, db.begin():
        await set_tenant(db, company_id)
        send = await db.get(EmailAlertSend, send_id)
        send.status, send.attachments, send.error = status, attachments, error
        send.finished_at = datetime.now(tz=UTC)
        await db.flush()
        return send


async def deliver(alert: EmailAlert, company: Company, slot: datetime, *, test: bool,
                  sessions: Sessions | None = None) -> EmailAlertSend | None:
    """Claim, render, mail, record. Returns the send record (None when the slot was taken)."""
    sessions = sessions or sessionmaker()
    send_id = await _claim(sessions, alert.id, company.id, slot, alert.recipients, "test" if test else "scheduled")
    if send_id is None:
        return None
    rule = rule_of(alert, company)
    names, error = "", None
    try:
        if not test and not has_feature(company, plans.EMAIL_ALERTS):
            raise PermissionError(plans.FEATURE_MESSAGES[plans.EMAIL_ALERTS])
        subject, body, attachments = await asyncio.to_thread(compose, alert, company, rule, slot, test=test)
        names = ", ".join(a.filename for a in attachments)
        await asyncio.to_thread(send_mail, alert.recipients, subject, body, attachments)
    except (OSError, smtplib.SMTPException) as exc:
        error = f"The mail server did not accept the message ({type(exc).__name__})"
    except PermissionError as exc:
        error = str(exc)
    except Exception as exc:  # a report that cannot be made is recorded, never loops the sender
        log.exception("email alert %s could not be made", alert.id)
        error = f"The report could not be made ({type(exc).__name__})"
    if error:
        log.error("email alert %s slot %s failed: %s", alert.id, slot.isoformat(), error)
    return await _finish(sessions, send_id, company.id, "failed" if error else "sent", names, error)


async def due_alerts(now: datetime, sessions: Sessions) -> list[tuple[EmailAlert, Company, datetime]]:
    """Active alerts of companies in good standing whose latest slot is due and recent."""
    found = []
    async with sessions() as db, db.begin():
        await set_system_scope(db)
        rows = await db.execute(
            select(EmailAlert, Company).join(Company, Company.id == EmailAlert.company_id)
            .join(User, User.id == EmailAlert.user_id)
            .where(EmailAlert.is_active, User.is_active, Company.approval_status == "approved",
                   Company.subscription_status.not_in(("suspended", "canceled")))
        )
        for alert, company in rows.all():
            slot = last_due(rule_of(alert, company), now)
            if slot is None or now - slot > CATCH_UP or slot < alert.created_at:
                continue
            found.append((alert, company, slot))
        db.expunge_all()
    return found


async def send_due(now: datetime | None = None, sessions: Sessions | None = None) -> list[Outcome]:
    """One look of the scheduler: send every due slot not sent yet."""
    now = now or datetime.now(tz=UTC)
    sessions = sessions or sessionmaker()
    outcomes = []
    for alert, company, slot in await due_alerts(now, sessions):
        send = await deliver(alert, company, slot, test=False, sessions=sessions)
        if send is not None:
            outcomes.append(Outcome(alert.id, slot, send.status, send.error))
    return outcomes
