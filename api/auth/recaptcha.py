"""Server-side reCAPTCHA check at sign-up, against FLOW_RECAPTCHA_VERIFY_URL (Google's siteverify)."""
from __future__ import annotations

import logging
from decimal import Decimal

import httpx

from api.core.config import get_settings
from api.kit.errors import DomainError
from api.tables.settings import PlatformSettings

log = logging.getLogger("flow.auth")
FAILED = "reCAPTCHA verification failed. Please refresh the page and try again."


async def verify(platform: PlatformSettings, token: str | None, remote_ip: str) -> None:
    """Raise 400 unless the provider confirms the token with at least the platform's minimum score.

    A provider outage fails closed: sign-up is the one place bots come in.
    """
    if not (token or "").strip():
        raise DomainError(FAILED)
    settings = get_settings()
    try:
        async with httpx.AsyncClient(timeout=settings.recaptcha_timeout_s) as http:
            resp = await http.post(settings.recaptcha_verify_url, data={
                "secret": platform.recaptcha_secret_key, "response": token.strip(), "remoteip": remote_ip,
            })
            resp.raise_for_status()
            answer = resp.json()
    except (httpx.HTTPError, ValueError) as exc:
        log.warning("reCAPTCHA check could not run: %s", type(exc).__name__)
        raise DomainError(FAILED) from None
    if not answer.get("success"):
        raise DomainError(FAILED)
    # v3 answers carry a score; v2 answers do not and pass on success alone.
    score = answer.get("score")
    if score is not None and Decimal(str(score)) < Decimal(platform.recaptcha_min_score):
        raise DomainError(FAILED)
    if answer.get("action") not in (None, "signup"):
        raise DomainError(FAILED)
