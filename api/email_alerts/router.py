"""Email alerts (spec 1 section 9): each store_admin's scheduled report mails, on pro and enterprise.

Who may call: store_admin of a company whose plan has email alerts; each sees and changes only
their own alerts (another user's id is a 404). Sending on schedule is the Dagster schedule
`email_alerts_every_5_minutes` (jobs/alerts.py); send-test mails the report now.
"""
from __future__ import annotations

import uuid

from fastapi import APIRouter, Depends, status

from api.access.deps import AdminUser, CurrentCompany
from api.core.deps import Db
from api.email_alerts import service
from api.email_alerts.schemas import (
    EmailAlertCreate,
    EmailAlertDeleted,
    EmailAlertList,
    EmailAlertRead,
    EmailAlertUpdate,
    SendRead,
    TestSendResult,
)
from api.kit.errors import DomainError
from api.ratelimit import service as ratelimit
from api.subscription import plans
from api.subscription.deps import require_feature

router = APIRouter(tags=["email_alerts"], dependencies=[Depends(require_feature(plans.EMAIL_ALERTS))])
TEST_SENDS_PER_USER = (5, 600)


@router.get("/email-alerts", response_model=EmailAlertList)
async def list_email_alerts(db: Db, user: AdminUser, company: CurrentCompany) -> EmailAlertList:
    return EmailAlertList(alerts=await service.list_alerts(db, user, company),
                          report_types=service.report_types(company), timezone=company.timezone)


@router.post("/email-alerts", response_model=EmailAlertRead, status_code=status.HTTP_201_CREATED)
async def create_email_alert(body: EmailAlertCreate, db: Db, user: AdminUser,
                             company: CurrentCompany) -> EmailAlertRead:
    return await service.create_alert(db, user, company, body)


@router.put("/email-alerts/{alert_id}", response_model=EmailAlertRead)
async def update_email_alert(alert_id: uuid.UUID, body: EmailAlertUpdate, db: Db, user: AdminUser,
                             company: CurrentCompany) -> EmailAlertRead:
    return await service.update_alert(db, user, company, alert_id, body)


@router.delete("/email-alerts/{alert_id}", response_model=EmailAlertDeleted)
async def delete_email_alert(alert_id: uuid.UUID, db: Db, user: AdminUser) -> EmailAlertDeleted:
    await service.delete_alert(db, user, alert_id)
    return EmailAlertDeleted(message="Email alert deleted")


@router.post("/email-alerts/{alert_id}/send-test", response_model=TestSendResult)
async def send_test_email_alert(alert_id: uuid.UUID, db: Db, user: AdminUser,
                                company: CurrentCompany) -> TestSendResult:
    """Mail the report now to the alert's recipients (recorded like a scheduled send)."""
    alert = await service.get_alert(db, user, alert_id)
    await ratelimit.hit(f"email-alert-test:user:{user.id}", limit=TEST_SENDS_PER_USER[0],
                        window_seconds=TEST_SENDS_PER_USER[1])
    db.expunge(alert)
    send = await service.deliver(alert, company, service.now(), test=True)
    if send is None or send.status != "sent":
        raise DomainError(f"Failed to send email: {send.error if send else 'already sending'}", 502)
    return TestSendResult(message=f"Test email sent to {alert.recipients}", send=SendRead.model_validate(send))
