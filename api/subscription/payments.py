"""The one payment-provider interface: charge a company's subscription invoice.

Flow talks to a provider over HTTP at FLOW_PAYMENT_PROVIDER_URL (bearer FLOW_PAYMENT_PROVIDER_KEY):

    POST {url}/charges  {"amount": "297.00", "currency": "usd", "customer": "<company id>",
                         "description": "...", "idempotency_key": "<invoice id>:<attempt>"}
    200 {"id": "ch_...", "status": "succeeded" | "failed", "failure_message": "..."}

An adapter for a card processor's own API sits behind that URL. With no URL configured there is
no provider: invoices stay open and the screens say so. The key is never logged.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from decimal import Decimal

import httpx

from api.core.config import get_settings

log = logging.getLogger("flow.payments")
NOT_CONFIGURED = "No payment provider is configured: invoices stay open until one is set up"


@dataclass(frozen=True)
class ChargeResult:
    succeeded: bool
    reference: str | None
    failure: str | None = None


class PaymentProvider:
    def __init__(self, url: str, key: str, timeout: float) -> None:
        self.url = url.rstrip("/")
        self.key = key
        self.timeout = timeout

    def charge(self, *, customer: str, amount: Decimal, description: str, idempotency_key: str) -> ChargeResult:
        """Blocking; a provider that cannot be reached is a failed charge with the reason."""
        payload = {"amount": f"{amount:.2f}", "currency": "usd", "customer": customer, "description": description,
                   "idempotency_key": idempotency_key}
        headers = {"Authorization": f"Bearer {self.key}"} if self.key else {}
        try:
            r = httpx.post(f"{self.url}/charges", json=payload, headers=headers, timeout=self.timeout)
        except httpx.HTTPError as exc:
            log.error("payment provider unreachable: %s", type(exc).__name__)
            return ChargeResult(False, None, "The payment provider could not be reached")
        if r.status_code >= 500 or r.status_code in (401, 403):
            log.error("payment provider answered %s", r.status_code)
            return ChargeResult(False, None, f"The payment provider answered {r.status_code}")
        try:
            body = r.json()
        except ValueError:
            return ChargeResult(False, None, "The payment provider's answer was not understood")
        if r.status_code == 200 and body.get("status") == "succeeded":
            return ChargeResult(True, str(body.get("id") or "")[:120] or None)
        reason = str(body.get("failure_message") or body.get("detail") or "The card was declined")[:300]
        return ChargeResult(False, str(body.get("id") or "")[:120] or None, reason)


def get_provider() -> PaymentProvider | None:
    settings = get_settings()
    if not settings.payment_provider_url:
        return None
    return PaymentProvider(settings.payment_provider_url, settings.payment_provider_key,
                           settings.payment_provider_timeout_s)
