"""POST /api/users/invite (mail over loopback SMTP) and PUT /api/users/preferences."""
from __future__ import annotations

import re
import uuid
from urllib.parse import unquote

from tests.smtp import LoopbackSmtp


class TestInvite:
    async def test_invited_employee_sets_a_password_from_the_mailed_link(self, client, factory, smtp, owner_sql):
        t = await factory.tenant(plan="pro")
        email = f"invitee-{uuid.uuid4().hex[:8]}@example.com"
        r = await client.post("/api/users/invite", json={"email": email, "first_name": "Ivy", "last_name": "Vine",
                                                         "role": "employee"}, headers=t.headers("admin"))
        assert r.status_code == 201, r.text
        assert r.json()["role"] == "store_employee" and r.json()["invite_pending"] is True
        # No password yet: nobody can sign in as the invitee.
        assert (await client.post("/api/auth/login", json={"email": email, "password": "guess-me"})).status_code == 401
        body = LoopbackSmtp.body(smtp.last_to(email))
        token = unquote(re.search(r"/login\?token=([^\s&]+)", body).group(1))
        # The link opens "Set your password" (not "Reset Password"): the invitee has none to reset.
        assert re.search(r"/login\?token=[^\s&]+&invite=1(\s|$)", body)
        days = owner_sql("select extract(day from expires_at - created_at) from auth_tokens "
                         "where purpose = 'invite' and user_id = %s", (r.json()["id"],))
        assert int(days[0][0]) == 7
        set_pw = await client.post("/api/auth/reset-password", json={"token": token, "new_password": "ivy-pass"})
        assert set_pw.status_code == 200
        login = await client.post("/api/auth/login", json={"email": email, "password": "ivy-pass"})
        assert login.status_code == 200 and login.json()["user"]["company"]["id"] == str(t.company_id)

    async def test_invite_counts_against_the_user_limit(self, client, factory):
        t = await factory.tenant(plan="core")
        r = await client.post("/api/users/invite", json={"email": "x-" + uuid.uuid4().hex[:6] + "@example.com",
                                                         "first_name": "X", "last_name": "Y", "role": "employee"},
                              headers=t.headers("admin"))
        assert r.status_code == 403

    async def test_invite_cannot_make_an_admin(self, client, factory):
        t = await factory.tenant()
        r = await client.post("/api/users/invite", json={"email": "boss@example.com", "first_name": "B",
                                                         "last_name": "C", "role": "store_admin"},
                              headers=t.headers("admin"))
        assert r.status_code == 422

    async def test_employee_cannot_invite(self, client, factory):
        t = await factory.tenant()
        r = await client.post("/api/users/invite", json={"email": "z@example.com", "first_name": "Z",
                                                         "last_name": "Z", "role": "employee"},
                              headers=t.headers("employee"))
        assert r.status_code == 403


class TestPreferences:
    async def test_admin_timezone_also_sets_the_company_timezone(self, client, factory, owner_sql):
        t = await factory.tenant()
        r = await client.put("/api/users/preferences", headers=t.headers("admin"), json={
            "timezone": "America/New_York", "notifications": {"weeklyReports": False}, "setup_completed": True})
        assert r.status_code == 200, r.text
        assert r.json() == {"timezone": "America/New_York", "language": None, "setup_completed": True, "notifications": {
            "email": True, "weeklyReports": False, "complianceReminders": True}}
        assert owner_sql("select timezone from companies where id = %s", (t.company_id,)) == [("America/New_York",)]
        me = (await client.get("/api/auth/me", headers=t.headers("admin"))).json()
        assert me["setup_completed"] is True and me["preferences"]["timezone"] == "America/New_York"

    async def test_employee_timezone_is_personal_only(self, client, factory, owner_sql):
        t = await factory.tenant()
        r = await client.put("/api/users/preferences", json={"timezone": "America/Denver"},
                             headers=t.headers("employee"))
        assert r.status_code == 200
        assert owner_sql("select timezone from companies where id = %s", (t.company_id,)) == [("America/Los_Angeles",)]

    async def test_unknown_timezone_is_422(self, client, factory):
        t = await factory.tenant()
        r = await client.put("/api/users/preferences", json={"timezone": "Mars/Olympus"}, headers=t.headers("admin"))
        assert r.status_code == 422
        assert r.json()["detail"] == "Unknown timezone"

    async def test_an_employee_chooses_spanish_and_reads_it_back(self, client, factory, owner_sql):
        t = await factory.tenant()
        h = t.headers("employee")
        assert (await client.get("/api/users/preferences", headers=h)).json()["language"] is None
        r = await client.put("/api/users/preferences", json={"language": "es"}, headers=h)
        assert r.status_code == 200, r.text
        assert r.json()["language"] == "es"
        assert (await client.get("/api/users/preferences", headers=h)).json()["language"] == "es"
        assert (await client.get("/api/auth/me", headers=h)).json()["preferences"]["language"] == "es"
        # Another setting later keeps the language.
        await client.put("/api/users/preferences", json={"timezone": "America/Denver"}, headers=h)
        assert (await client.get("/api/users/preferences", headers=h)).json()["language"] == "es"
        # The manager's own choice is theirs alone.
        assert (await client.get("/api/users/preferences", headers=t.headers("admin"))).json()["language"] is None

    async def test_a_language_we_do_not_offer_is_422_naming_it(self, client, factory):
        t = await factory.tenant()
        r = await client.put("/api/users/preferences", json={"language": "fr"}, headers=t.headers("employee"))
        assert r.status_code == 422
        assert [e["field"] for e in r.json()["errors"]] == ["language"]
        assert (await client.get("/api/users/preferences", headers=t.headers("employee"))).json()["language"] is None
