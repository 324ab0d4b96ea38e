"""GET/POST/PUT /api/users: limits, partial edits, PINs, location assignment, tenant walls."""
from __future__ import annotations

import uuid

from tests.factories import PASSWORD, PIN


def new_user(**over) -> dict:
    body = {"email": f"cook-{uuid.uuid4().hex[:8]}@example.com", "password": "chop-chop", "first_name": "Cam",
            "last_name": "Cook", "role": "store_employee", "phone": "555-0199"}
    body.update(over)
    return body


class TestListUsers:
    async def test_admin_sees_own_company_users_without_hashes(self, client, factory):
        t = await factory.tenant(plan="pro", assign_employee=True)
        await factory.tenant()
        r = await client.get("/api/users", headers=t.headers("admin"))
        assert r.status_code == 200
        body = r.json()
        assert {u["id"] for u in body["users"]} == {str(t.admin.id), str(t.employee.id)}
        assert body["max_users"] == 20 and body["subscription_plan"] == "pro"
        employee = next(u for u in body["users"] if u["role"] == "store_employee")
        assert employee["assigned_location_name"] == t.stores[0].name and employee["is_active"] is True
        assert employee["has_pin"] is True
        assert "hash" not in r.text and "argon2" not in r.text

    async def test_employee_cannot_list_users(self, client, factory):
        t = await factory.tenant()
        assert (await client.get("/api/users", headers=t.headers("employee"))).status_code == 403


class TestCreateUser:
    async def test_admin_adds_an_employee_who_can_sign_in(self, client, factory):
        t = await factory.tenant()
        body = new_user(email="New.Cook-" + uuid.uuid4().hex[:6] + "@Example.com")
        r = await client.post("/api/users", json=body, headers=t.headers("admin"))
        assert r.status_code == 201, r.text
        assert r.json()["email"] == body["email"].lower() and r.json()["role"] == "store_employee"
        login = await client.post("/api/auth/login", json={"email": body["email"], "password": "chop-chop"})
        assert login.status_code == 200

    async def test_core_plan_stops_at_two_users(self, client, factory, owner_sql):
        t = await factory.tenant(plan="core")
        r = await client.post("/api/users", json=new_user(), headers=t.headers("admin"))
        assert r.status_code == 403
        assert r.json()["detail"] == "Maximum users (2) reached for your CORE plan"
        assert owner_sql("select count(*) from users where company_id = %s", (t.company_id,)) == [(2,)]

    async def test_email_in_use_in_another_company_is_409(self, client, factory):
        t = await factory.tenant()
        other = await factory.tenant()
        r = await client.post("/api/users", json=new_user(email=other.admin.email.upper()), headers=t.headers("admin"))
        assert r.status_code == 409
        assert r.json()["detail"] == "Email already registered"

    async def test_system_admin_role_is_never_given(self, client, factory):
        t = await factory.tenant()
        r = await client.post("/api/users", json=new_user(role="system_admin"), headers=t.headers("admin"))
        assert r.status_code == 403

    async def test_short_password_is_422(self, client, factory):
        t = await factory.tenant()
        r = await client.post("/api/users", json=new_user(password="12345"), headers=t.headers("admin"))
        assert r.status_code == 422
        assert r.json()["detail"] == "Password must be at least 6 characters"

    async def test_location_of_another_company_is_refused(self, client, factory):
        t = await factory.tenant()
        other = await factory.tenant()
        r = await client.post("/api/users", json=new_user(assigned_location_id=str(other.stores[0].id)),
                              headers=t.headers("admin"))
        assert r.status_code == 422

    async def test_location_assignment_needs_pro_or_enterprise(self, client, factory, owner_sql):
        t = await factory.tenant(plan="core")
        owner_sql("delete from users where id = %s", (t.employee.id,))  # room under the 2-user limit
        r = await client.post("/api/users", json=new_user(assigned_location_id=str(t.stores[0].id)),
                              headers=t.headers("admin"))
        assert r.status_code == 403
        assert "Location assignment" in r.json()["detail"]


class TestUpdateUser:
    async def test_blank_password_keeps_the_old_one(self, client, factory):
        t = await factory.tenant()
        r = await client.put(f"/api/users/{t.employee.id}", json={"first_name": "Eve", "password": "", "email": ""},
                             headers=t.headers("admin"))
        assert r.status_code == 200, r.text
        assert r.json()["first_name"] == "Eve" and r.json()["email"] == t.employee.email
        login = await client.post("/api/auth/login", json={"email": t.employee.email, "password": PASSWORD})
        assert login.status_code == 200

    async def test_new_password_replaces_the_old_and_ends_sessions(self, client, factory):
        t = await factory.tenant()
        r = await client.put(f"/api/users/{t.employee.id}", json={"password": "brand-new"}, headers=t.headers("admin"))
        assert r.status_code == 200
        assert (await client.get("/api/auth/me", headers=t.headers("employee"))).status_code == 401
        login = await client.post("/api/auth/login", json={"email": t.employee.email, "password": "brand-new"})
        assert login.status_code == 200

    async def test_admin_sets_a_pin_that_unlocks_and_signs_in(self, client, factory, owner_sql):
        t = await factory.tenant(plan="pro")
        owner_sql("update users set pin_locked_until = now() + interval '10 minutes', pin_failed_count = 3 "
                  "where id = %s", (t.employee.id,))
        r = await client.put(f"/api/users/{t.employee.id}", json={"pin": "9876"}, headers=t.headers("admin"))
        assert r.status_code == 200
        assert r.json()["pin_locked"] is False
        ok = await client.post("/api/auth/employee-pin-login", json={"email": t.employee.email, "pin": "9876"})
        old = await client.post("/api/auth/employee-pin-login", json={"email": t.employee.email, "pin": PIN})
        assert (ok.status_code, old.status_code) == (200, 401)
        assert owner_sql("select count(*) from audit_log where action = 'pin_set' and detail->>'target' = %s",
                         (str(t.employee.id),)) == [(1,)]

    async def test_pin_must_be_four_digits(self, client, factory):
        t = await factory.tenant()
        r = await client.put(f"/api/users/{t.employee.id}", json={"pin": "12345"}, headers=t.headers("admin"))
        assert r.status_code == 422
        assert r.json()["detail"] == "PIN must be exactly 4 digits"

    async def test_pins_need_pro_or_enterprise(self, client, factory):
        t = await factory.tenant(plan="core")
        r = await client.put(f"/api/users/{t.employee.id}", json={"pin": "1111"}, headers=t.headers("admin"))
        assert r.status_code == 403
        assert r.json()["detail"].startswith("Employee PINs")

    async def test_admin_cannot_deactivate_themselves(self, client, factory):
        t = await factory.tenant()
        r = await client.put(f"/api/users/{t.admin.id}", json={"is_active": False}, headers=t.headers("admin"))
        assert r.status_code == 400
        assert r.json()["detail"] == "You cannot deactivate your own account"

    async def test_deactivated_employee_is_signed_out_and_reactivation_counts_against_the_limit(
            self, client, factory):
        t = await factory.tenant(plan="core")
        r = await client.put(f"/api/users/{t.employee.id}", json={"is_active": False}, headers=t.headers("admin"))
        assert r.status_code == 200 and r.json()["is_active"] is False
        assert (await client.get("/api/auth/me", headers=t.headers("employee"))).status_code == 401
        added = await client.post("/api/users", json=new_user(), headers=t.headers("admin"))
        assert added.status_code == 201
        back = await client.put(f"/api/users/{t.employee.id}", json={"is_active": True}, headers=t.headers("admin"))
        assert back.status_code == 403

    async def test_role_cannot_become_system_admin(self, client, factory):
        t = await factory.tenant()
        r = await client.put(f"/api/users/{t.employee.id}", json={"role": "system_admin"}, headers=t.headers("admin"))
        assert r.status_code == 403

    async def test_assign_and_clear_a_location(self, client, factory):
        t = await factory.tenant(stores=2)
        url = f"/api/users/{t.employee.id}"
        r = await client.put(url, json={"assigned_location_id": str(t.stores[1].id)}, headers=t.headers("admin"))
        assert r.json()["assigned_location_name"] == t.stores[1].name
        r = await client.put(url, json={"assigned_location_id": ""}, headers=t.headers("admin"))
        assert r.json()["assigned_location_id"] is None

    async def test_another_company_user_is_404(self, client, factory, owner_sql):
        t = await factory.tenant()
        other = await factory.tenant()
        r = await client.put(f"/api/users/{other.employee.id}", json={"first_name": "Hacked"},
                             headers=t.headers("admin"))
        assert r.status_code == 404
        assert owner_sql("select first_name from users where id = %s", (other.employee.id,)) == [("Eli",)]

    async def test_email_change_to_a_used_email_is_409(self, client, factory):
        t = await factory.tenant()
        r = await client.put(f"/api/users/{t.employee.id}", json={"email": t.admin.email},
                             headers=t.headers("admin"))
        assert r.status_code == 409


class TestAvailableLocations:
    async def test_lists_active_locations_and_the_feature_flag(self, client, factory):
        t = await factory.tenant(plan="pro", stores=2)
        body = (await client.get("/api/locations/available", headers=t.headers("admin"))).json()
        assert {loc["id"] for loc in body["locations"]} == {str(s.id) for s in t.stores}
        assert body["feature_available"] is True and body["subscription_plan"] == "pro"

    async def test_core_plan_has_no_location_assignment(self, client, factory):
        t = await factory.tenant(plan="core", stores=1)
        body = (await client.get("/api/locations/available", headers=t.headers("admin"))).json()
        assert body["feature_available"] is False
