"""Authentication attacked: forged and stale tokens, PIN guessing spread over addresses, replay
after logout-all, and a production start with the development secret."""
from __future__ import annotations

import base64
import json
from datetime import UTC, datetime, timedelta

import httpx
import jwt
import pytest
from pydantic import ValidationError

from tests.factories import PASSWORD, PIN


def _claims(user, **over) -> dict:
    now = datetime.now(tz=UTC)
    claims = {"sub": str(user.id), "cid": str(user.company_id), "role": user.role, "ver": user.token_version,
              "iat": int(now.timestamp()), "exp": int((now + timedelta(minutes=30)).timestamp())}
    claims.update(over)
    return claims


def _unsigned(claims: dict) -> str:
    def part(obj: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).rstrip(b"=").decode()

    return f"{part({'alg': 'none', 'typ': 'JWT'})}.{part(claims)}."


async def test_forged_and_expired_tokens_are_refused(client, factory):
    from api.core.config import get_settings

    tenant = await factory.tenant(stores=1)
    admin = tenant.admin
    key = get_settings().secret_key
    good = jwt.encode(_claims(admin), key, algorithm="HS256")
    assert (await client.get("/api/auth/me", headers={"Authorization": f"Bearer {good}"})).status_code == 200
    forged = {
        "alg none": _unsigned(_claims(admin)),
        "alg none, upper case": _unsigned(_claims(admin)).replace("bm9uZ", "Tk9OR"),
        "wrong key": jwt.encode(_claims(admin), "not-the-server-key-" + "x" * 32, algorithm="HS256"),
        "expired": jwt.encode(_claims(admin, exp=int((datetime.now(tz=UTC) - timedelta(seconds=5)).timestamp())),
                              key, algorithm="HS256"),
        "HS512 with the key": jwt.encode(_claims(admin), key, algorithm="HS512"),
        "role raised to system_admin": jwt.encode(_claims(admin, role="system_admin"), "guess" * 8,
                                                  algorithm="HS256"),
        "truncated signature": good[:-6],
        "garbage": "a.b.c",
    }
    for name, token in forged.items():
        r = await client.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 401, f"{name}: {r.status_code}"


async def test_a_token_is_refused_after_logout_all(client, factory):
    tenant = await factory.tenant(stores=1)
    login = await client.post("/api/auth/login", json={"email": tenant.admin.email, "password": PASSWORD})
    token = login.json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}
    assert (await client.get("/api/auth/me", headers=headers)).status_code == 200
    assert (await client.post("/api/auth/logout-all", headers=headers)).status_code in (200, 204)
    for _ in range(2):  # replayed, and replayed again
        assert (await client.get("/api/auth/me", headers=headers)).status_code == 401
        assert (await client.get("/api/stores", headers=headers)).status_code == 401


async def _pin_from(app, address: str, email: str, pin: str) -> int:
    transport = httpx.ASGITransport(app=app, client=(address, 40000))
    async with httpx.AsyncClient(transport=transport, base_url="http://flow.test") as c:
        return (await c.post("/api/auth/employee-pin-login", json={"email": email, "pin": pin})).status_code


async def test_a_stranger_cannot_lock_an_employee_out_of_pin_sign_in(app, factory):
    """Issue 31, finding 6: five wrong PINs from anywhere locked the employee's PIN sign-in for
    everyone. The lock is per employee and client address, and the person's password sign-in
    lifts it."""
    tenant = await factory.tenant(trial=False)
    email = tenant.employee.email
    stranger, kitchen = "198.51.100.66", "203.0.113.21"
    codes = [await _pin_from(app, stranger, email, "0000") for _ in range(5)]
    assert codes == [401, 401, 401, 401, 423]
    assert await _pin_from(app, stranger, email, PIN) == 423, "the stranger's address stays locked"
    assert await _pin_from(app, kitchen, email, PIN) == 200, "the employee's own device is not locked out"


async def test_the_persons_password_sign_in_lifts_their_pin_locks(app, client, factory):
    tenant = await factory.tenant(trial=False)
    email = tenant.employee.email
    device = "203.0.113.40"
    assert [await _pin_from(app, device, email, "0000") for _ in range(5)][-1] == 423
    assert await _pin_from(app, device, email, PIN) == 423
    wrong = await client.post("/api/auth/login", json={"email": email, "password": "not-it-at-all"})
    assert wrong.status_code == 401
    assert await _pin_from(app, device, email, PIN) == 423, "a failed password sign-in lifts nothing"
    login = await client.post("/api/auth/login", json={"email": email, "password": PASSWORD})
    assert login.status_code == 200
    assert await _pin_from(app, device, email, PIN) == 200


def test_production_refuses_the_default_secret_key(monkeypatch):
    from api.core.config import PLACEHOLDER_SECRET, Settings

    monkeypatch.delenv("FLOW_SECRET_KEY", raising=False)
    with pytest.raises(ValidationError, match="FLOW_SECRET_KEY"):
        Settings(env="production", secret_key=PLACEHOLDER_SECRET, _env_file=None)
    assert Settings(env="production", secret_key="a-real-secret-" + "y" * 40, _env_file=None).env == "production"


async def test_a_manager_token_re_signed_as_system_admin_reads_no_other_tenant(client, factory):
    """Issue 31, finding 2: the role claim turned on the system scope before the row was read."""
    from api.core.config import get_settings
    from tests.api.tickets.lists import ensure_lists
    from tests.api.tickets.test_create import OUTBOUND

    victim = await factory.tenant(stores=1)
    await ensure_lists(victim)
    made = await client.post("/api/tickets", json=OUTBOUND, headers=victim.headers())
    assert made.status_code == 201, made.text
    ticket_id = made.json()["id"]
    attacker = await factory.tenant(stores=1)
    key = get_settings().secret_key  # the worst case: the attacker holds the signing key
    raised = {
        "role system_admin": _claims(attacker.admin, role="system_admin"),
        "role system_admin, no company": _claims(attacker.admin, role="system_admin", cid=None),
        "employee as store_admin": _claims(attacker.employee, role="store_admin"),
        "other company id": _claims(attacker.admin, cid=str(victim.company_id)),
    }
    for name, claims in raised.items():
        headers = {"Authorization": f"Bearer {jwt.encode(claims, key, algorithm='HS256')}"}
        for path in (f"/api/tickets/{ticket_id}", "/api/inbound/customers", "/api/auth/me"):
            r = await client.get(path, headers=headers)
            assert r.status_code == 401, f"{name}, {path}: {r.status_code} {r.text[:200]}"
    own = {"Authorization": f"Bearer {jwt.encode(_claims(attacker.admin), key, algorithm='HS256')}"}
    assert (await client.get(f"/api/tickets/{ticket_id}", headers=own)).status_code == 404


async def test_a_role_changed_since_sign_in_ends_the_session(client, factory):
    """The row decides: an employee made manager (or back) signs in again to act as the new role."""
    tenant = await factory.tenant(stores=1)
    employee_token = tenant.headers("employee")
    r = await client.put(f"/api/users/{tenant.employee.id}", json={"role": "store_admin"}, headers=tenant.headers())
    assert r.status_code == 200, r.text
    assert (await client.get("/api/auth/me", headers=employee_token)).status_code == 401
    login = await client.post("/api/auth/login", json={"email": tenant.employee.email, "password": PASSWORD})
    assert login.status_code == 200 and login.json()["user"]["role"] == "store_admin"
