"""POST /api/auth/login, GET /api/auth/me, POST /api/auth/logout-all."""
from __future__ import annotations

import pytest

from tests.factories import PASSWORD


async def _login(client, email, password=PASSWORD):
    return await client.post("/api/auth/login", json={"email": email, "password": password})


class TestLogin:
    async def test_right_password_gives_a_bearer_token_and_the_user(self, client, factory):
        t = await factory.tenant(stores=2)
        r = await _login(client, t.admin.email.upper())
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["token_type"] == "bearer" and body["access_token"]
        user = body["user"]
        assert user["email"] == t.admin.email and user["role"] == "store_admin"
        assert user["company"]["id"] == str(t.company_id)
        assert user["company_name"] == user["company"]["name"]
        assert {loc["id"] for loc in user["company"]["locations"]} == {str(s.id) for s in t.stores}
        assert "hash" not in r.text

    async def test_token_from_login_opens_me(self, client, factory):
        t = await factory.tenant()
        token = (await _login(client, t.employee.email)).json()["access_token"]
        r = await client.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200
        me = r.json()
        assert me["id"] == str(t.employee.id)
        assert set(me) >= {"id", "email", "role", "first_name", "last_name", "phone", "setup_completed",
                           "store_id", "assigned_location_id", "preferences", "company", "company_name"}

    async def test_wrong_password_and_unknown_email_get_the_same_401(self, client, factory):
        t = await factory.tenant()
        wrong = await _login(client, t.admin.email, "not-the-password")
        unknown = await _login(client, "nobody-here@example.com")
        assert wrong.status_code == unknown.status_code == 401
        assert wrong.json() == unknown.json() == {"detail": "Incorrect email or password"}

    async def test_failed_login_is_audited_even_though_the_request_fails(self, client, factory, owner_sql):
        t = await factory.tenant()
        await _login(client, t.admin.email, "not-the-password")
        rows = owner_sql("select count(*) from audit_log where user_id = %s and action = 'login_failed'",
                         (t.admin.id,))
        assert rows[0][0] == 1

    async def test_pending_company_cannot_sign_in(self, client, factory, owner_sql):
        t = await factory.tenant()
        owner_sql("update companies set approval_status = 'pending' where id = %s", (t.company_id,))
        r = await _login(client, t.admin.email)
        assert r.status_code == 403
        assert r.json()["detail"] == "Your account is pending approval"

    async def test_rejected_company_is_told_the_reason(self, client, factory, owner_sql):
        t = await factory.tenant()
        owner_sql("update companies set approval_status = 'rejected', rejection_reason = 'Not a food business' "
                  "where id = %s", (t.company_id,))
        r = await _login(client, t.admin.email)
        assert r.status_code == 403
        assert "Not a food business" in r.json()["detail"]

    async def test_inactive_user_cannot_sign_in(self, client, factory, owner_sql):
        t = await factory.tenant()
        owner_sql("update users set is_active = false where id = %s", (t.employee.id,))
        r = await _login(client, t.employee.email)
        assert r.status_code == 401

    async def test_missing_email_is_a_422_with_the_message(self, client):
        r = await client.post("/api/auth/login", json={"email": "  ", "password": "x"})
        assert r.status_code == 422
        assert r.json()["detail"] == "Email is required"

    @pytest.mark.usefixtures("rate_window")
    async def test_too_many_attempts_for_one_email_get_429(self, client, factory):
        t = await factory.tenant()
        codes = [(await _login(client, t.admin.email, "wrong-guess")).status_code for _ in range(11)]
        assert codes[:10] == [401] * 10
        assert codes[10] == 429
        r = await _login(client, t.admin.email)  # even the right password waits for the window
        assert r.status_code == 429
        assert r.json()["detail"] == "Too many attempts. Please wait a minute and try again."

    async def test_login_success_is_audited(self, client, factory, owner_sql):
        t = await factory.tenant()
        await _login(client, t.admin.email)
        rows = owner_sql("select detail->>'method' from audit_log where user_id = %s and action = 'login'",
                         (t.admin.id,))
        assert rows == [("password",)]


class TestLogoutEverywhere:
    async def test_logout_all_makes_older_tokens_fail(self, client, factory):
        t = await factory.tenant()
        r = await client.post("/api/auth/logout-all", headers=t.headers("admin"))
        assert r.status_code == 200
        assert (await client.get("/api/auth/me", headers=t.headers("admin"))).status_code == 401
        fresh = (await _login(client, t.admin.email)).json()["access_token"]
        assert (await client.get("/api/auth/me", headers={"Authorization": f"Bearer {fresh}"})).status_code == 200

    async def test_me_without_a_token_is_401(self, client):
        assert (await client.get("/api/auth/me")).status_code == 401


class TestMe:
    async def test_system_admin_has_no_company(self, client, factory):
        _user, token = await factory.system_admin()
        me = (await client.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"})).json()
        assert me["role"] == "system_admin" and me["company"] is None and me["company_name"] is None

    async def test_assigned_employee_store_is_the_assigned_location(self, client, factory):
        t = await factory.tenant(stores=3, assign_employee=True)
        me = (await client.get("/api/auth/me", headers=t.headers("employee"))).json()
        assert me["store_id"] == me["assigned_location_id"] == str(t.stores[0].id)
