"""Attempt limits kept in Postgres (rate_limit_buckets): shared by workers, keyed by address and email."""
from __future__ import annotations

import uuid

import pytest

from api.core.config import get_settings
from api.ratelimit import service as ratelimit

# Every test here counts attempts up to a limit inside one fixed window.
pytestmark = pytest.mark.usefixtures("rate_window")


@pytest.fixture
def ip_limit(monkeypatch):
    """A small per-address limit, so a test can reach it in a few calls."""
    monkeypatch.setenv("FLOW_AUTH_IP_ATTEMPTS_PER_MINUTE", "3")
    get_settings.cache_clear()
    yield 3
    monkeypatch.undo()
    get_settings.cache_clear()


class TestBuckets:
    async def test_hits_past_the_limit_raise_and_are_counted_in_postgres(self, owner_sql):
        key = f"test:{uuid.uuid4().hex}"
        await ratelimit.hit(key, limit=2)
        await ratelimit.hit(key, limit=2)
        with pytest.raises(ratelimit.TooManyAttempts):
            await ratelimit.hit(key, limit=2)
        assert owner_sql("select hits from rate_limit_buckets where key = %s", (key,)) == [(3,)]

    async def test_the_next_minute_is_a_new_window_and_drops_the_old_one(self, rate_clock, owner_sql):
        key = f"test:{uuid.uuid4().hex}"
        await ratelimit.hit(key, limit=1)
        with pytest.raises(ratelimit.TooManyAttempts):
            await ratelimit.hit(key, limit=1)
        rate_clock.advance(58)  # 00:59 of the same minute: still refused
        with pytest.raises(ratelimit.TooManyAttempts):
            await ratelimit.hit(key, limit=1)
        rate_clock.advance(1)  # the next minute
        await ratelimit.hit(key, limit=1)
        assert owner_sql("select hits from rate_limit_buckets where key = %s", (key,)) == [(1,)]

    async def test_email_keys_hold_a_digest_not_the_address(self):
        key = ratelimit.email_key("login", "Chef@Example.com")
        assert "chef" not in key.lower() and key == ratelimit.email_key("login", "chef@example.com ")


class TestPerAddress:
    async def test_many_emails_from_one_address_are_stopped(self, client, ip_limit):
        codes = []
        for _ in range(ip_limit + 1):
            r = await client.post("/api/auth/login", json={"email": f"spray-{uuid.uuid4().hex[:6]}@example.com",
                                                           "password": "guess"})
            codes.append(r.status_code)
        assert codes == [401] * ip_limit + [429]

    async def test_pin_login_is_limited_per_address(self, client, factory, ip_limit):
        t = await factory.tenant()
        codes = [(await client.post("/api/auth/employee-pin-login",
                                    json={"email": f"x{i}-{t.employee.email}", "pin": "0000"})).status_code
                 for i in range(ip_limit + 1)]
        assert codes[-1] == 429

    async def test_reset_password_is_limited_per_address(self, client, ip_limit):
        codes = [(await client.post("/api/auth/reset-password",
                                    json={"token": "guess-" + str(i), "new_password": "fresh-pass-9"})).status_code
                 for i in range(ip_limit + 1)]
        assert codes == [400] * ip_limit + [429]
        assert (await client.post("/api/auth/reset-password", json={"token": "x", "new_password": "fresh-pass-9"})).json() \
            == {"detail": "Too many attempts. Please wait a minute and try again."}

    async def test_other_addresses_are_not_affected(self, client, app, ip_limit):
        import httpx

        for _ in range(ip_limit + 1):
            await client.post("/api/auth/reset-password", json={"token": "guess", "new_password": "fresh-pass-9"})
        other = httpx.AsyncClient(transport=httpx.ASGITransport(app=app, client=("10.250.250.250", 1)),
                                  base_url="http://flow.test")
        async with other:
            r = await other.post("/api/auth/reset-password", json={"token": "guess", "new_password": "fresh-pass-9"})
        assert r.status_code == 400
