"""Platform administration: approvals, tenant list, alerts, suspend and reactivate."""
from __future__ import annotations

import pytest

from tests.pipelines.world import refresh


@pytest.fixture
async def root(factory):
    _user, token = await factory.system_admin()
    return {"Authorization": f"Bearer {token}"}


async def pending_tenant(factory, owner_sql):
    t = await factory.tenant(plan="pro", stores=1)
    owner_sql("update companies set approval_status = 'pending', phone = '510-555-0199', address_street = '9 Elm', "
              "address_city = 'Davis', address_state = 'CA', address_zip = '95616' where id = %s", (t.company_id,))
    return t


class TestApprovals:
    async def test_pending_list_shows_the_admin_plan_and_locations(self, client, factory, owner_sql, root):
        t = await pending_tenant(factory, owner_sql)
        r = await client.get("/api/admin/pending-accounts", headers=root)
        assert r.status_code == 200
        mine = [p for p in r.json()["pending_accounts"] if p["id"] == str(t.company_id)]
        assert mine and mine[0]["admin_user"]["first_name"] == "Ada"
        assert mine[0]["subscription_plan"] == "pro" and mine[0]["location_count"] == 1
        assert mine[0]["address"] == "9 Elm, Davis, CA 95616"

    async def test_pending_company_cannot_sign_in_until_approved(self, client, factory, owner_sql, root, smtp):
        t = await pending_tenant(factory, owner_sql)
        r = await client.get("/api/stores", headers=t.headers())
        assert r.status_code == 401 and "pending approval" in r.json()["detail"]
        before = (await client.get("/api/admin/account-stats", headers=root)).json()
        r = await client.post(f"/api/admin/approve-account/{t.company_id}", json={"action": "approve"}, headers=root)
        assert r.status_code == 200 and r.json()["detail"] == "Account has been approved successfully!"
        assert (await client.get("/api/stores", headers=t.headers())).status_code == 200
        after = (await client.get("/api/admin/account-stats", headers=root)).json()
        assert after["pending"] == before["pending"] - 1 and after["approved"] == before["approved"] + 1
        assert "approved" in smtp.last_to(t.admin.email)["Subject"]
        assert owner_sql("select action from audit_log where company_id = %s and action = 'account_approved'",
                         (t.company_id,)) == [("account_approved",)]

    async def test_rejection_keeps_the_reason(self, client, factory, owner_sql, root, smtp):
        t = await pending_tenant(factory, owner_sql)
        r = await client.post(f"/api/admin/approve-account/{t.company_id}",
                              json={"action": "reject", "rejection_reason": "Not a food business"}, headers=root)
        assert r.json()["detail"] == "Account has been rejected successfully!"
        assert owner_sql("select approval_status, rejection_reason from companies where id = %s", (t.company_id,)) == [
            ("rejected", "Not a food business")]
        assert (await client.get("/api/stores", headers=t.headers())).status_code == 401
        again = await client.post(f"/api/admin/approve-account/{t.company_id}", json={"action": "reject"}, headers=root)
        assert again.status_code == 409

    async def test_unknown_action_and_unknown_company(self, client, root):
        import uuid

        r = await client.post(f"/api/admin/approve-account/{uuid.uuid4()}", json={"action": "approve"}, headers=root)
        assert r.status_code == 404
        r = await client.post(f"/api/admin/approve-account/{uuid.uuid4()}", json={"action": "maybe"}, headers=root)
        assert r.status_code == 422

    async def test_store_admin_cannot_approve(self, client, factory, owner_sql):
        t = await factory.tenant()
        p = await pending_tenant(factory, owner_sql)
        r = await client.post(f"/api/admin/approve-account/{p.company_id}", json={"action": "approve"},
                              headers=t.headers())
        assert r.status_code == 403


class TestTenantList:
    async def test_customers_carry_revenue_in_whole_dollars_and_trial_days(self, client, factory, root):
        paying = await factory.tenant(plan="pro", stores=2)
        trial = await factory.tenant(trial=True, stores=1)
        await refresh(full=True)  # the revenue in force is the warehouse's (mart platform_customer_revenue)
        customers = {c["id"]: c for c in (await client.get("/api/customers", headers=root)).json()["customers"]}
        assert customers[str(paying.company_id)]["monthly_revenue"] == 2 * 99  # two locations, users included (one price list)
        assert customers[str(paying.company_id)]["trial_days_remaining"] is None
        assert customers[str(trial.company_id)]["monthly_revenue"] == 0
        assert customers[str(trial.company_id)]["trial_days_remaining"] == 15
        assert set(customers[str(paying.company_id)]) == {
            "id", "name", "email", "store_count", "subscription_status", "monthly_revenue", "trial_days_remaining",
            "subscription_plan", "last_payment_failed"}

    async def test_the_tenant_table_pages_sorts_and_counts_the_whole_set(self, client, factory, root, owner_sql):
        """Issue 30.3: the dashboard's table is one page of the tenants; total counts every match and
        the cards count every approved tenant, whatever the page."""
        import uuid

        tag = uuid.uuid4().hex[:8]
        made = [await factory.tenant(stores=n, name=f"Paged {tag} {letter}", trial=letter == "b")
                for n, letter in ((1, "a"), (3, "b"), (2, "c"))]
        pending = await factory.tenant(name=f"Paged {tag} d")
        owner_sql("update companies set approval_status = 'pending' where id = %s", (pending.company_id,))

        async def page(**params):
            r = await client.get("/api/customers", params={"search": f"paged {tag}", **params}, headers=root)
            assert r.status_code == 200, r.text
            return r.json()

        first, second, past = await page(limit=2), await page(limit=2, offset=2), await page(limit=2, offset=10)
        assert [c["name"][-1] for c in first["customers"] + second["customers"]] == ["a", "b", "c"]
        assert (first["total"], second["total"], past["total"], past["customers"]) == (3, 3, 3, [])
        by_stores = await page(limit=2, sort_by="store_count", sort_order="desc")
        assert [c["store_count"] for c in by_stores["customers"]] == [3, 2]
        assert (await page(status="trial"))["total"] == 1
        assert [c["id"] for c in (await page())["customers"]] == [str(t.company_id) for t in made]  # no limit: all
        everyone = (await client.get("/api/customers", headers=root)).json()
        assert everyone["summary"] == first["summary"]
        assert everyone["summary"]["customers"] == everyone["total"] == len(everyone["customers"])
        assert everyone["summary"]["trial"] == sum(c["subscription_status"] == "trial" for c in everyone["customers"])
        assert everyone["summary"]["monthly_revenue"] == sum(c["monthly_revenue"] for c in everyone["customers"])

    async def test_admin_companies_have_the_tenant_company_fields(self, client, factory, root):
        t = await factory.tenant(plan="enterprise", stores=3)
        await refresh(full=True)
        companies = (await client.get("/api/admin/companies", headers=root)).json()["companies"]
        mine = next(c for c in companies if c["id"] == str(t.company_id))
        assert mine["store_count"] == 3 and mine["monthly_revenue"] == 450
        for field in ("payment_failure_count", "last_payment_failed", "created_at", "subscription_plan"):
            assert field in mine


class TestSuspend:
    async def test_suspended_company_users_get_401_until_reactivated(self, client, factory, root, owner_sql):
        t = await factory.tenant()
        r = await client.put(f"/api/admin/companies/{t.company_id}/status", json={"subscription_status": "suspended"},
                             headers=root)
        assert r.status_code == 200 and r.json()["subscription_status"] == "suspended"
        for who in ("admin", "employee"):
            assert (await client.get("/api/system/settings", headers=t.headers(who))).status_code == 401
        r = await client.put(f"/api/admin/companies/{t.company_id}/status", json={"subscription_status": "active"},
                             headers=root)
        assert r.json()["subscription_status"] == "active"
        assert (await client.get("/api/system/settings", headers=t.headers())).status_code == 200
        actions = {a for (a,) in owner_sql("select action from audit_log where company_id = %s", (t.company_id,))}
        assert {"company_suspended", "company_reactivated"} <= actions

    async def test_reactivated_trial_returns_to_its_trial(self, client, factory, root):
        t = await factory.tenant(trial=True)
        await client.put(f"/api/admin/companies/{t.company_id}/status", json={"subscription_status": "suspended"},
                         headers=root)
        r = await client.put(f"/api/admin/companies/{t.company_id}/status", json={"subscription_status": "active"},
                             headers=root)
        assert r.json()["subscription_status"] == "trial"

    async def test_only_suspend_or_active_are_accepted(self, client, factory, root):
        t = await factory.tenant()
        r = await client.put(f"/api/admin/companies/{t.company_id}/status", json={"subscription_status": "canceled"},
                             headers=root)
        assert r.status_code == 422


class TestEditCompany:
    async def test_platform_owner_edits_name_address_contact_and_location_limit(self, client, factory, root,
                                                                               owner_sql):
        t = await factory.tenant(plan="pro", stores=1)
        r = await client.put(f"/api/admin/companies/{t.company_id}", headers=root, json={
            "name": "  Bayview Kitchens  ", "email": "ops@bayview.example", "phone": "510-555-0100",
            "address_street": "1 Bay St", "address_city": "Oakland", "address_state": "ca", "address_zip": "94607",
            "max_facilities_override": 2})
        assert r.status_code == 200, r.text
        body = r.json()
        assert (body["name"], body["email"], body["phone"], body["max_facilities"]) == (
            "Bayview Kitchens", "ops@bayview.example", "510-555-0100", 2)
        assert body["address"] == {"street": "1 Bay St", "city": "Oakland", "state": "CA", "zip": "94607"}
        # The company itself sees its new name, and the new limit governs its next location.
        info = (await client.get("/api/company/info", headers=t.headers())).json()
        assert info["name"] == "Bayview Kitchens"
        assert (await client.post("/api/stores", json={"name": "Two", "store_number": "S-2"},
                                  headers=t.headers())).status_code == 201
        r = await client.post("/api/stores", json={"name": "Three", "store_number": "S-3"}, headers=t.headers())
        assert r.status_code == 403 and r.json()["detail"] == "Maximum locations (2) reached for your plan"
        # Sending null for the override goes back to the plan's limit.
        r = await client.put(f"/api/admin/companies/{t.company_id}", json={"max_facilities_override": None},
                             headers=root)
        assert r.json()["max_facilities_override"] is None and r.json()["name"] == "Bayview Kitchens"
        (detail,) = owner_sql("select detail from audit_log where company_id = %s and action = 'company_edited' "
                              "order by created_at limit 1", (t.company_id,))[0]
        assert detail["name"]["to"] == "Bayview Kitchens"

    async def test_bad_fields_are_named_and_nothing_changes(self, client, factory, root, owner_sql):
        t = await factory.tenant()
        before = owner_sql("select name, email from companies where id = %s", (t.company_id,))
        for body, field in (({"name": " "}, "name"), ({"email": "not-an-email"}, "email"),
                            ({"address_state": "XX"}, "address_state"), ({"max_facilities_override": 0},
                                                                         "max_facilities_override")):
            r = await client.put(f"/api/admin/companies/{t.company_id}", json={"phone": "1", **body}, headers=root)
            assert r.status_code == 422, body
            assert [e["field"] for e in r.json()["errors"]] == [field]
        assert owner_sql("select name, email from companies where id = %s", (t.company_id,)) == before

    async def test_company_admin_cannot_edit_companies(self, client, factory):
        t = await factory.tenant()
        r = await client.put(f"/api/admin/companies/{t.company_id}", json={"name": "Mine"}, headers=t.headers())
        assert r.status_code == 403


class TestAlerts:
    async def test_latest_ten_alerts_and_mark_read(self, client, factory, root, owner_sql):
        t = await factory.tenant()
        for i in range(12):
            owner_sql("insert into alerts (id, company_id, alert_type, message, is_read, created_at) "
                      "values (gen_random_uuid(), %s, 'payment_failed', %s, false, now() + %s * interval '1 second')",
                      (t.company_id, f"alert {i}", 1000 + i))
        alerts = (await client.get("/api/alerts", headers=root)).json()["alerts"]
        assert len(alerts) == 10 and alerts[0]["message"] == "alert 11"
        r = await client.put(f"/api/alerts/{alerts[0]['id']}/read", headers=root)
        assert r.status_code == 200 and r.json()["is_read"] is True
        owner_sql("delete from alerts where company_id = %s", (t.company_id,))
