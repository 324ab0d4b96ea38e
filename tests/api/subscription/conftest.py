"""Subscription tests charge through a payment provider on loopback."""
from tests.payments import payments  # noqa: F401
