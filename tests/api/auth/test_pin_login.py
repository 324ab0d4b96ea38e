"""POST /api/auth/employee-pin-login: 4 digits, plan gate, lock after 5 failures."""
from __future__ import annotations

from tests.factories import PIN


async def _pin(client, email, pin):
    return await client.post("/api/auth/employee-pin-login", json={"email": email, "pin": pin})


class TestPinLogin:
    async def test_employee_signs_in_with_the_right_pin(self, client, factory):
        t = await factory.tenant(plan="pro")
        r = await _pin(client, t.employee.email, PIN)
        assert r.status_code == 200, r.text
        assert r.json()["user"]["role"] == "store_employee" and r.json()["access_token"]

    async def test_wrong_pin_gets_the_spec_message(self, client, factory):
        t = await factory.tenant()
        r = await _pin(client, t.employee.email, "0000")
        assert r.status_code == 401
        assert r.json()["detail"] == "Invalid email or PIN. Please check your credentials."

    async def test_pin_must_be_exactly_four_digits(self, client, factory):
        t = await factory.tenant()
        for bad in ("123", "12345", "12a4"):
            r = await _pin(client, t.employee.email, bad)
            assert r.status_code == 422
            assert r.json()["detail"] == "PIN must be exactly 4 digits"

    async def test_admin_cannot_use_pin_login(self, client, factory, owner_sql):
        t = await factory.tenant()
        owner_sql("update users set pin_hash = (select pin_hash from users where id = %s) where id = %s",
                  (t.employee.id, t.admin.id))
        r = await _pin(client, t.admin.email, PIN)
        assert r.status_code == 401

    async def test_core_plan_has_no_pin_sign_in(self, client, factory):
        t = await factory.tenant(plan="core")
        r = await _pin(client, t.employee.email, PIN)
        assert r.status_code == 403
        assert "Employee PINs" in r.json()["detail"]

    async def test_trial_has_pin_sign_in(self, client, factory):
        t = await factory.tenant(trial=True)
        assert (await _pin(client, t.employee.email, PIN)).status_code == 200

    async def test_five_wrong_pins_lock_even_the_right_pin_and_are_audited(self, client, factory, owner_sql):
        t = await factory.tenant()
        codes = [(await _pin(client, t.employee.email, "0000")).status_code for _ in range(5)]
        assert codes == [401, 401, 401, 401, 423]
        r = await _pin(client, t.employee.email, PIN)
        assert r.status_code == 423
        assert "locked for 15 minutes" in r.json()["detail"]
        assert owner_sql("select count(*) from audit_log where user_id = %s and action = 'pin_locked'",
                         (t.employee.id,)) == [(1,)]

    async def test_lock_ends_after_its_time(self, client, factory, owner_sql):
        t = await factory.tenant()
        for _ in range(5):
            await _pin(client, t.employee.email, "0000")
        assert (await _pin(client, t.employee.email, PIN)).status_code == 423
        # The lock (per employee and address, api/ratelimit/lockout.py) set 16 minutes ago has ended.
        owner_sql("update rate_limit_buckets set window_start = window_start - interval '16 minutes' "
                  "where key like %s", (f"lock:pin:{t.employee.id}:%",))
        assert (await _pin(client, t.employee.email, PIN)).status_code == 200
        assert owner_sql("select count(*) from rate_limit_buckets where key like %s",
                         (f"%:pin:{t.employee.id}:%",)) == [(0,)]
