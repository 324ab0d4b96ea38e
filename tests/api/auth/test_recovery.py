"""Forgot password / username and reset-password, with mail read from a loopback SMTP server."""
from __future__ import annotations

import re
from urllib.parse import unquote

import pytest

from tests.factories import PASSWORD
from tests.smtp import LoopbackSmtp

SAME_ANSWER = "If an account exists for this email, a password reset link has been sent."


def token_in(mail) -> str:
    match = re.search(r"/login\?token=([^\s&]+)", LoopbackSmtp.body(mail))
    assert match, "no reset link in the mail"
    return unquote(match.group(1))


async def _request_reset(client, email):
    return await client.post("/api/auth/forgot-password", json={"email": email})


class TestForgotPassword:
    async def test_known_and_unknown_emails_get_the_same_answer(self, client, factory, smtp):
        t = await factory.tenant()
        known = await _request_reset(client, t.admin.email)
        unknown = await _request_reset(client, "no-such-person@example.com")
        assert known.status_code == unknown.status_code == 200
        assert known.json() == unknown.json() == {"message": SAME_ANSWER}
        assert len(smtp.to(t.admin.email)) == 1
        assert smtp.to("no-such-person@example.com") == []

    async def test_mail_carries_a_login_link_and_only_the_digest_is_stored(self, client, factory, smtp, owner_sql):
        t = await factory.tenant()
        await _request_reset(client, t.admin.email)
        mail = smtp.last_to(t.admin.email)
        assert mail["Subject"] == "Reset your Flow password"
        assert "http://127.0.0.1:8000/login?token=" in LoopbackSmtp.body(mail)
        token = token_in(mail)
        rows = owner_sql("select token_digest, purpose, expires_at - created_at from auth_tokens where user_id = %s",
                         (t.admin.id,))
        assert len(rows) == 1
        digest, purpose, ttl = rows[0]
        assert purpose == "password_reset" and token not in digest
        assert round(ttl.total_seconds() / 60) == 60

    async def test_bad_email_shape_is_422(self, client):
        r = await _request_reset(client, "nope")
        assert r.status_code == 422
        assert r.json()["detail"] == "Please enter a valid email address"

    async def test_without_smtp_the_mail_lands_in_the_outbox(self, client, factory):
        from api.core.config import get_settings

        t = await factory.tenant()
        outbox = get_settings().outbox_dir
        before = set(outbox.glob("*.eml")) if outbox.exists() else set()
        await _request_reset(client, t.employee.email)
        new = [p for p in outbox.glob("*.eml") if p not in before]
        assert len(new) == 1
        text = new[0].read_text()
        assert t.employee.email in text and "/login?token=" in text


class TestResetPassword:
    async def test_token_sets_a_new_password_once_and_ends_old_sessions(self, client, factory, smtp):
        t = await factory.tenant()
        await _request_reset(client, t.admin.email)
        token = token_in(smtp.last_to(t.admin.email))
        r = await client.post("/api/auth/reset-password", json={"token": token, "new_password": "fresh-pass"})
        assert r.status_code == 200, r.text
        assert (await client.get("/api/auth/me", headers=t.headers("admin"))).status_code == 401
        old = await client.post("/api/auth/login", json={"email": t.admin.email, "password": PASSWORD})
        new = await client.post("/api/auth/login", json={"email": t.admin.email, "password": "fresh-pass"})
        assert (old.status_code, new.status_code) == (401, 200)
        again = await client.post("/api/auth/reset-password", json={"token": token, "new_password": "other-pass"})
        assert again.status_code == 400
        assert again.json()["detail"] == "Invalid or expired reset token"

    async def test_made_up_token_is_refused(self, client):
        r = await client.post("/api/auth/reset-password", json={"token": "made-up", "new_password": "fresh-pass"})
        assert r.status_code == 400
        assert r.json()["detail"] == "Invalid or expired reset token"

    async def test_expired_token_is_refused(self, client, factory, smtp, owner_sql):
        t = await factory.tenant()
        await _request_reset(client, t.admin.email)
        token = token_in(smtp.last_to(t.admin.email))
        owner_sql("update auth_tokens set expires_at = now() - interval '1 second' where user_id = %s", (t.admin.id,))
        r = await client.post("/api/auth/reset-password", json={"token": token, "new_password": "fresh-pass"})
        assert r.status_code == 400

    async def test_short_password_is_refused_and_token_stays_usable(self, client, factory, smtp):
        t = await factory.tenant()
        await _request_reset(client, t.admin.email)
        token = token_in(smtp.last_to(t.admin.email))
        short = await client.post("/api/auth/reset-password", json={"token": token, "new_password": "12345"})
        assert short.status_code == 422
        assert short.json()["detail"] == "Password must be at least 6 characters long"
        ok = await client.post("/api/auth/reset-password", json={"token": token, "new_password": "fresh-pass-9"})
        assert ok.status_code == 200

    async def test_a_newer_reset_makes_older_links_useless(self, client, factory, smtp):
        t = await factory.tenant()
        await _request_reset(client, t.admin.email)
        await _request_reset(client, t.admin.email)
        first, second = (token_in(m) for m in smtp.to(t.admin.email))
        assert first != second
        assert (await client.post("/api/auth/reset-password",
                                  json={"token": second, "new_password": "fresh-pass"})).status_code == 200
        assert (await client.post("/api/auth/reset-password",
                                  json={"token": first, "new_password": "fresh-pass"})).status_code == 400


class TestForgotUsername:
    async def test_username_reminder_is_mailed_and_answer_does_not_reveal_accounts(self, client, factory, smtp):
        t = await factory.tenant()
        known = await client.post("/api/auth/forgot-username", json={"email": t.employee.email})
        unknown = await client.post("/api/auth/forgot-username", json={"email": "ghost@example.com"})
        assert known.json() == unknown.json()
        body = LoopbackSmtp.body(smtp.last_to(t.employee.email))
        assert t.employee.email in body
        assert smtp.to("ghost@example.com") == []

    @pytest.mark.usefixtures("rate_window")
    async def test_forgot_calls_are_rate_limited_per_email(self, client, factory, smtp):
        t = await factory.tenant()
        codes = [(await client.post("/api/auth/forgot-username", json={"email": t.admin.email})).status_code
                 for _ in range(11)]
        assert codes[-1] == 429 and set(codes[:10]) == {200}


class TestRecoveryEdges:
    async def test_platform_admin_without_company_can_reset_too(self, client, factory, smtp):
        user, _token = await factory.system_admin()
        await _request_reset(client, user.email)
        token = token_in(smtp.last_to(user.email))
        r = await client.post("/api/auth/reset-password", json={"token": token, "new_password": "root-pass"})
        assert r.status_code == 200
        login = await client.post("/api/auth/login", json={"email": user.email, "password": "root-pass"})
        assert login.status_code == 200 and login.json()["user"]["role"] == "system_admin"

    async def test_deactivated_user_gets_no_reset_mail(self, client, factory, smtp, owner_sql):
        t = await factory.tenant()
        owner_sql("update users set is_active = false where id = %s", (t.employee.id,))
        r = await _request_reset(client, t.employee.email)
        assert r.json() == {"message": SAME_ANSWER}
        assert smtp.to(t.employee.email) == []
