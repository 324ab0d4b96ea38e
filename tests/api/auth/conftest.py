"""Each auth test calls from its own client address, so per-address limits of one test never
spill into another (they all share one database and one minute)."""
from __future__ import annotations

import random

import httpx
import pytest

from tests.smtp import smtp  # noqa: F401  (the loopback SMTP fixture)


def random_ip() -> str:
    return f"10.{random.randint(0, 255)}.{random.randint(0, 255)}.{random.randint(1, 254)}"


@pytest.fixture
async def client(app):
    transport = httpx.ASGITransport(app=app, client=(random_ip(), 40000))
    async with httpx.AsyncClient(transport=transport, base_url="http://flow.test") as c:
        yield c
