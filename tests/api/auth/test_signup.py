"""POST /api/auth/signup: both payload shapes, plans, validation, approval and reCAPTCHA."""
from __future__ import annotations

import json
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar
from urllib.parse import parse_qs

import pytest


def full_form(**over) -> dict:
    tag = uuid.uuid4().hex[:8]
    form = {
        "company_name": f"Green Fork {tag}", "admin_email": f"Owner-{tag}@GreenFork.example.com",
        "admin_password": "sprout-42", "admin_first_name": "Gina", "admin_last_name": "Fork",
        "phone": "510-555-0100", "industry": "Food Service", "account_type": "trial",
        "subscription_plan": "pro", "recaptcha_token": "",
        "address": {"street": "1 Market St", "city": "Oakland", "state": "CA", "zip_code": "94607"},
    }
    form.update(over)
    return form


@pytest.fixture
def platform(owner_sql):
    """Change platform settings for one test and put them back afterwards."""
    before = owner_sql("select require_manual_approval, auto_approve_domains, recaptcha_enabled, "
                       "recaptcha_secret_key, recaptcha_min_score from platform_settings where id = 1")[0]

    def set_(**values):
        for column, value in values.items():
            owner_sql(f"update platform_settings set {column} = %s where id = 1", (value,))

    yield set_
    owner_sql("update platform_settings set require_manual_approval = %s, auto_approve_domains = %s, "
              "recaptcha_enabled = %s, recaptcha_secret_key = %s, recaptcha_min_score = %s where id = 1", before)


class TestSignupPlans:
    async def test_trial_signup_is_pro_for_15_days_and_signs_in(self, client, owner_sql):
        form = full_form()
        r = await client.post("/api/auth/signup", json=form)
        assert r.status_code == 201, r.text
        body = r.json()
        assert body["access_token"] and body["approval_status"] == "approved"
        assert body["user"]["role"] == "store_admin"
        assert body["user"]["email"] == form["admin_email"].lower()
        assert "hash" not in r.text
        plan, status, ends, created, street, state = owner_sql(
            "select subscription_plan, subscription_status, trial_ends_at, created_at, address_street, "
            "address_state from companies where name = %s", (form["company_name"],))[0]
        assert (plan, status, street, state) == ("pro", "trial", "1 Market St", "CA")
        assert round((ends - created).total_seconds() / 86400) == 15
        me = await client.get("/api/auth/me", headers={"Authorization": f"Bearer {body['access_token']}"})
        assert me.json()["company"]["subscription_status"] == "trial"

    async def test_trial_ignores_a_chosen_plan(self, client, owner_sql):
        form = full_form(subscription_plan="enterprise")
        assert (await client.post("/api/auth/signup", json=form)).status_code == 201
        assert owner_sql("select subscription_plan from companies where name = %s",
                         (form["company_name"],)) == [("pro",)]

    async def test_paid_signup_gets_the_chosen_plan_and_is_active(self, client, owner_sql):
        form = full_form(account_type="paid", subscription_plan="enterprise")
        assert (await client.post("/api/auth/signup", json=form)).status_code == 201
        assert owner_sql("select subscription_plan, subscription_status, trial_ends_at from companies "
                         "where name = %s", (form["company_name"],)) == [("enterprise", "active", None)]

    async def test_paid_signup_without_a_plan_is_core(self, client, owner_sql):
        form = full_form(account_type="paid", subscription_plan=None)
        assert (await client.post("/api/auth/signup", json=form)).status_code == 201
        assert owner_sql("select subscription_plan from companies where name = %s",
                         (form["company_name"],)) == [("core",)]

    async def test_short_payload_names_the_company_after_its_owner(self, client, owner_sql):
        email = f"solo-{uuid.uuid4().hex[:8]}@example.com"
        r = await client.post("/api/auth/signup", json={"email": email, "password": "secret1x", "first_name": "Ada",
                                                        "last_name": "Lovelace", "phone": "555-0101"})
        assert r.status_code == 201, r.text
        assert r.json()["user"]["company_name"] == "Ada Lovelace's Organization"
        assert owner_sql("select c.subscription_status from companies c join users u on u.company_id = c.id "
                         "where u.email = %s", (email,)) == [("trial",)]

    async def test_signup_provisions_lists_audits_and_alerts_the_platform(self, client, owner_sql):
        form = full_form()
        r = await client.post("/api/auth/signup", json=form)
        cid = r.json()["user"]["company"]["id"]
        assert owner_sql("select count(*) from company_settings where company_id = %s", (cid,)) == [(1,)]
        assert owner_sql("select action from audit_log where company_id = %s and action = 'signup'",
                         (cid,)) == [("signup",)]
        alerts = owner_sql("select alert_type, message from alerts where company_id = %s", (cid,))
        assert alerts[0][0] == "new_signup" and form["company_name"] in alerts[0][1]


class TestSignupValidation:
    @pytest.mark.parametrize(("change", "message"), [
        ({"company_name": "   "}, "Organization name is required"),
        ({"admin_first_name": ""}, "First name is required"),
        ({"admin_last_name": " "}, "Last name is required"),
        ({"admin_email": ""}, "Email is required"),
        ({"admin_email": "gina at fork"}, "Please enter a valid email address"),
        ({"admin_password": ""}, "Password is required"),
        ({"admin_password": "12345"}, "Password must be at least 6 characters"),
        ({"address": {"street": "", "city": "Oakland", "state": "CA", "zip_code": "94607"}},
         "Street address is required"),
        ({"address": {"street": "1 Main", "city": "", "state": "CA", "zip_code": "94607"}}, "City is required"),
        ({"address": {"street": "1 Main", "city": "Oakland", "state": "", "zip_code": "94607"}},
         "State is required"),
        ({"address": {"street": "1 Main", "city": "Oakland", "state": "CA", "zip_code": ""}},
         "ZIP code is required"),
        ({"address": {"street": "1 Main", "city": "Oakland", "state": "CA", "zip_code": "94607-12345"}},
         "ZIP code must be at most 10 characters"),
    ])
    async def test_bad_form_is_422_with_the_spec_message_and_writes_nothing(self, client, owner_sql, change, message):
        form = full_form(**change)
        r = await client.post("/api/auth/signup", json=form)
        assert r.status_code == 422
        assert r.json()["detail"] == message
        assert owner_sql("select count(*) from companies where name = %s", (form["company_name"],)) == [(0,)]

    async def test_used_email_is_409_whatever_its_case(self, client, factory, owner_sql):
        t = await factory.tenant()
        form = full_form(admin_email=t.admin.email.upper())
        r = await client.post("/api/auth/signup", json=form)
        assert r.status_code == 409
        assert r.json()["detail"] == "Email already registered"
        assert owner_sql("select count(*) from companies where name = %s", (form["company_name"],)) == [(0,)]

    @pytest.mark.usefixtures("rate_window")
    async def test_signups_from_one_address_are_rate_limited(self, client, factory):
        t = await factory.tenant()
        codes = [(await client.post("/api/auth/signup", json=full_form(admin_email=t.admin.email))).status_code
                 for _ in range(6)]
        assert codes == [409] * 5 + [429]


class TestManualApproval:
    async def test_with_manual_approval_the_company_waits_and_cannot_sign_in(self, client, platform, owner_sql):
        platform(require_manual_approval=True, auto_approve_domains=[])
        form = full_form()
        r = await client.post("/api/auth/signup", json=form)
        assert r.status_code == 201
        body = r.json()
        assert body["access_token"] is None and body["approval_status"] == "pending"
        assert "pending approval" in body["message"]
        assert owner_sql("select approval_status from companies where name = %s",
                         (form["company_name"],)) == [("pending",)]
        login = await client.post("/api/auth/login", json={"email": form["admin_email"],
                                                           "password": form["admin_password"]})
        assert login.status_code == 403
        assert login.json()["detail"] == "Your account is pending approval"

    async def test_auto_approve_domain_skips_the_wait(self, client, platform):
        platform(require_manual_approval=True, auto_approve_domains=["GreenFork.example.com"])
        r = await client.post("/api/auth/signup", json=full_form())
        assert r.json()["approval_status"] == "approved" and r.json()["access_token"]


class _Siteverify(BaseHTTPRequestHandler):
    answer: ClassVar[dict] = {}
    seen: ClassVar[list[dict]] = []

    def do_POST(self):
        length = int(self.headers["Content-Length"])
        self.seen.append({k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()})
        payload = json.dumps(self.answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args):
        pass


@pytest.fixture
def siteverify(monkeypatch, platform):
    """A local stand-in for Google's siteverify on 127.0.0.1, with reCAPTCHA switched on."""
    from api.core.config import get_settings

    handler = type("Handler", (_Siteverify,), {"answer": {}, "seen": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    monkeypatch.setenv("FLOW_RECAPTCHA_VERIFY_URL", f"http://127.0.0.1:{server.server_address[1]}/siteverify")
    get_settings.cache_clear()
    platform(recaptcha_enabled=True, recaptcha_secret_key="test-secret", recaptcha_min_score=0.5)
    yield handler
    server.shutdown()
    monkeypatch.undo()
    get_settings.cache_clear()


class TestRecaptcha:
    async def test_good_token_with_enough_score_passes_and_secret_is_sent(self, client, siteverify):
        siteverify.answer = {"success": True, "score": 0.9, "action": "signup"}
        r = await client.post("/api/auth/signup", json=full_form(recaptcha_token="tok-123"))
        assert r.status_code == 201, r.text
        assert siteverify.seen[-1]["secret"] == "test-secret"
        assert siteverify.seen[-1]["response"] == "tok-123"

    async def test_low_score_is_refused_and_nothing_is_written(self, client, siteverify, owner_sql):
        siteverify.answer = {"success": True, "score": 0.2, "action": "signup"}
        form = full_form(recaptcha_token="tok-123")
        r = await client.post("/api/auth/signup", json=form)
        assert r.status_code == 400
        assert r.json()["detail"].startswith("reCAPTCHA verification failed")
        assert owner_sql("select count(*) from companies where name = %s", (form["company_name"],)) == [(0,)]

    async def test_rejected_token_is_refused(self, client, siteverify):
        siteverify.answer = {"success": False, "error-codes": ["invalid-input-response"]}
        r = await client.post("/api/auth/signup", json=full_form(recaptcha_token="forged"))
        assert r.status_code == 400

    async def test_missing_token_is_refused_without_asking_the_provider(self, client, siteverify):
        r = await client.post("/api/auth/signup", json=full_form(recaptcha_token=""))
        assert r.status_code == 400
        assert siteverify.seen == []

