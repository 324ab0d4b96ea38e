"""Forgotten password or username, invite links, and setting a password from a mailed token.

Tokens are random, stored only as a keyed digest, single use: password_reset lasts 1 hour,
invite 7 days. Answers never reveal whether an email has an account.
"""
from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from urllib.parse import quote

from fastapi import BackgroundTasks, Request
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.audit.service import audit
from api.auth.service import find_user_by_email, scope_to
from api.core.config import get_settings
from api.core.db import set_system_scope
from api.core.security import digest_token, hash_secret, new_opaque_token
from api.kit.errors import DomainError
from api.mail.service import deliver
from api.ratelimit import service as ratelimit
from api.tables.auth import AuthToken
from api.tables.users import User

RESET_TTL = timedelta(hours=1)
INVITE_TTL = timedelta(days=7)
BAD_TOKEN = "Invalid or expired reset token"
RESET_SENT = "If an account exists for this email, a password reset link has been sent."
USERNAME_SENT = "If an account exists for this email, your username has been sent to it."


async def new_token(db: AsyncSession, user: User, purpose: str, ttl: timedelta) -> str:
    """Store a fresh token's digest and return the token itself (only ever put in a mail)."""
    token = new_opaque_token()
    db.add(AuthToken(company_id=user.company_id, user_id=user.id, purpose=purpose,
                     token_digest=digest_token(token), expires_at=datetime.now(tz=UTC) + ttl))
    await db.flush()
    return token


def link_for(token: str, *, invite: bool = False) -> str:
    # The login page opens the password dialog in reset mode when ?token= is present (spec 1 section 2);
    # &invite=1 makes it say "Set your password" to an invited user, who has none to reset.
    return f"{get_settings().public_url.rstrip('/')}/login?token={quote(token)}" + ("&invite=1" if invite else "")


async def forgot_password(db: AsyncSession, request: Request, email: str, tasks: BackgroundTasks) -> str:
    await ratelimit.guard(request, "forgot", email)
    user = await find_user_by_email(db, email)
    if user is not None and user.is_active:
        await scope_to(db, user)
        token = await new_token(db, user, "password_reset", RESET_TTL)
        await audit(db, "password_reset_requested", company_id=user.company_id, user_id=user.id,
                    ip=ratelimit.client_ip(request))
        body = (
            f"Hello {user.first_name},\n\n"
            "Someone asked to reset the password of your Flow account. To choose a new password, open:\n\n"
            f"{link_for(token)}\n\n"
            "The link works once and expires in 1 hour. If you did not ask for this, ignore this email;\n"
            "your password stays as it is.\n"
        )
        # Sent after the answer, so timing and mail outages do not reveal whether the account exists.
        tasks.add_task(deliver, user.email, "Reset your Flow password", body)
    return RESET_SENT


async def forgot_username(db: AsyncSession, request: Request, email: str, tasks: BackgroundTasks) -> str:
    await ratelimit.guard(request, "forgot", email)
    user = await find_user_by_email(db, email)
    if user is not None and user.is_active:
        body = (
            f"Hello {user.first_name},\n\n"
            f"Your Flow username is your email address: {user.email}\n\n"
            f"Sign in at {get_settings().public_url.rstrip('/')}/login\n"
            "Forgot your password too? Use Forgot Password on the sign-in page.\n"
        )
        tasks.add_task(deliver, user.email, "Your Flow username", body)
    return USERNAME_SENT


async def reset_password(db: AsyncSession, request: Request, token: str, new_password: str) -> None:
    await ratelimit.guard(request, "reset")
    await set_system_scope(db)
    now = datetime.now(tz=UTC)
    # FOR UPDATE: two requests racing with one token cannot both use it.
    row = await db.scalar(
        select(AuthToken)
        .where(AuthToken.token_digest == digest_token(token), AuthToken.purpose.in_(("password_reset", "invite")))
        .with_for_update()
    )
    if row is None or row.used_at is not None or row.expires_at <= now:
        raise DomainError(BAD_TOKEN)
    user = await db.get(User, row.user_id)
    if user is None or not user.is_active:
        raise DomainError(BAD_TOKEN)
    await scope_to(db, user)
    user.password_hash = await asyncio.to_thread(hash_secret, new_password)
    user.token_version += 1  # every session signed in with the old password ends
    # This token and any other outstanding reset or invite link of the user stop working.
    await db.execute(
        update(AuthToken)
        .where(AuthToken.user_id == user.id, AuthToken.used_at.is_(None),
               AuthToken.purpose.in_(("password_reset", "invite")))
        .values(used_at=now)
    )
    await audit(db, "password_reset" if row.purpose == "password_reset" else "invite_accepted",
                company_id=user.company_id, user_id=user.id, ip=ratelimit.client_ip(request))
