"""Sign-up: a new company with its first store_admin, on a 15-day pro trial or a paid plan."""
from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from fastapi import Request
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit.service import audit
from api.auth import recaptcha
from api.auth.schemas import SignupRead, SignupRequest
from api.auth.service import build_me, find_user_by_email
from api.companies.service import provision_company
from api.core.config import get_settings
from api.core.db import set_tenant
from api.core.security import create_access_token, hash_secret
from api.kit.errors import Conflict, Invalid
from api.ratelimit import service as ratelimit
from api.subscription import plans
from api.tables.alerts import Alert
from api.tables.companies import Company
from api.tables.settings import PlatformSettings
from api.tables.subscription import PlanSetting
from api.tables.users import User

EMAIL_TAKEN = "Email already registered"
PENDING = "Your account has been created and is pending approval. You will be able to sign in once it is approved."


def needs_approval(platform: PlatformSettings, email: str) -> bool:
    if not platform.require_manual_approval:
        return False
    domain = email.rsplit("@", 1)[-1].lower()
    allowed = {d.strip().lower().lstrip("@") for d in (platform.auto_approve_domains or []) if d.strip()}
    return domain not in allowed


async def signup(db: AsyncSession, request: Request, form: SignupRequest) -> SignupRead:
    ip = ratelimit.client_ip(request)
    await ratelimit.hit(f"signup:ip:{ip}", limit=get_settings().signup_attempts_per_minute)
    if await find_user_by_email(db, form.email) is not None:  # leaves the session in system scope
        raise Conflict(EMAIL_TAKEN)
    platform = await db.get(PlatformSettings, 1) or PlatformSettings(id=1)
    if platform.recaptcha_enabled:
        await recaptcha.verify(platform, form.recaptcha_token, ip)

    if form.account_type != "trial":
        off = await db.scalar(select(PlanSetting.plan_id).where(PlanSetting.plan_id == form.subscription_plan,
                                                                PlanSetting.is_active.is_(False)))
        if off is not None:
            raise Invalid(f"subscription_plan: the {plans.get_plan(off).name} plan is not offered at the moment")
    pending = needs_approval(platform, form.email)
    now = datetime.now(tz=UTC)
    trial = form.account_type == "trial"
    addr = form.address
    company = Company(
        name=form.company_name, industry=form.industry, org_type=form.org_type, email=form.email,
        phone=form.phone, billing_email=form.email,
        address_street=addr.street if addr else None, address_city=addr.city if addr else None,
        address_state=addr.state if addr else None, address_zip=addr.zip_code if addr else None,
        subscription_plan=plans.TRIAL_PLAN if trial else form.subscription_plan,
        subscription_status="trial" if trial else "active", account_type=form.account_type,
        trial_ends_at=now + timedelta(days=plans.TRIAL_DAYS) if trial else None,
        approval_status="pending" if pending else "approved",
    )
    db.add(company)
    await db.flush()
    await provision_company(db, company)
    user = User(
        company_id=company.id, email=form.email, role="store_admin", first_name=form.first_name,
        last_name=form.last_name, phone=form.phone, setup_completed=False,
        password_hash=await asyncio.to_thread(hash_secret, form.password),
    )
    db.add(user)
    try:
        await db.flush()
    except IntegrityError:  # the same email signing up twice at the same moment
        raise Conflict(EMAIL_TAKEN) from None
    await audit(db, "signup", company_id=company.id, user_id=user.id, ip=ip,
                account_type=form.account_type, plan=company.subscription_plan, approval=company.approval_status)
    plan_label = "15-day PRO trial" if trial else f"{company.subscription_plan.upper()} plan"
    waiting = " (awaiting approval)" if pending else ""
    db.add(Alert(company_id=company.id, alert_type="new_signup",
                 message=f"New sign-up: {company.name} ({form.email}) on the {plan_label}{waiting}"))
    await db.flush()

    await set_tenant(db, company.id)
    me = await build_me(db, user, company)
    if pending:
        return SignupRead(access_token=None, token_type=None, user=me, approval_status="pending", message=PENDING)
    user.last_login_at = now
    token = create_access_token(user_id=user.id, company_id=company.id, role=user.role, version=user.token_version)
    return SignupRead(access_token=token, token_type="bearer", user=me, approval_status="approved",
                      message="Account created")
