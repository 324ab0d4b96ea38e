"""Plans, the current subscription and the monthly bill come from api/subscription/plans.py."""
from __future__ import annotations

import pytest

from api.subscription import plans


class TestPlans:
    async def test_plans_are_public_and_match_the_plan_table(self, client):
        r = await client.get("/api/subscription/plans")
        assert r.status_code == 200
        by_id = {p["id"]: p for p in r.json()["plans"]}
        assert set(by_id) == {"core", "pro", "enterprise"}
        assert by_id["core"]["price"] == 49 and by_id["pro"]["price"] == 99 and by_id["enterprise"]["price"] == 150
        assert by_id["pro"]["has_trial"] is True and by_id["core"]["has_trial"] is False
        assert by_id["core"]["max_users"] == 2 and by_id["enterprise"]["max_facilities"] is None
        assert by_id["pro"]["features"] == list(plans.PLANS["pro"].features)


class TestCurrentSubscription:
    async def test_trial_company_runs_on_pro_with_days_left(self, client, factory):
        t = await factory.tenant(trial=True, stores=2)
        r = await client.get("/api/subscription/current", headers=t.headers())
        body = r.json()
        assert r.status_code == 200
        assert body["current_plan"] == "pro" and body["subscription_status"] == "trial"
        assert body["effective_plan"] == "pro"
        assert body["trial_days_remaining"] == 15
        assert body["current_facilities"] == 2 and body["max_facilities"] == 20
        assert {f["id"] for f in body["facilities"]} == {str(s.id) for s in t.stores}
        assert body["sb1383_compliance_enabled"] is True
        assert "ai_vision" in body["features"] and "regions" not in body["features"]

    async def test_ended_trial_falls_back_to_core_features(self, client, factory, owner_sql):
        t = await factory.tenant(trial=True, stores=1)
        owner_sql("update companies set trial_ends_at = now() - interval '1 day' where id = %s", (t.company_id,))
        body = (await client.get("/api/subscription/current", headers=t.headers())).json()
        assert body["effective_plan"] == "core"
        assert body["trial_days_remaining"] == 0
        assert body["max_facilities"] == 1
        assert body["features"] == [] and body["sb1383_compliance_enabled"] is False

    async def test_enterprise_is_unlimited_and_platform_override_sets_the_limit(self, client, factory, owner_sql):
        t = await factory.tenant(plan="enterprise", stores=3)
        body = (await client.get("/api/subscription/current", headers=t.headers("employee"))).json()
        assert body["max_facilities"] is None and body["trial_days_remaining"] is None
        owner_sql("update companies set max_facilities_override = 5 where id = %s", (t.company_id,))
        body = (await client.get("/api/subscription/current", headers=t.headers("employee"))).json()
        assert body["max_facilities"] == 5


class TestBilling:
    async def test_pro_pays_per_location_with_its_users_included(self, client, factory):
        t = await factory.tenant(plan="pro", stores=3)
        r = await client.get("/api/billing/calculate", headers=t.headers())
        assert r.json() == {"monthly_total": 297, "current_locations": 3, "current_users": 2,
                            "billing_breakdown": {"location_cost": 297, "user_cost": 0}}

    async def test_enterprise_includes_users_and_inactive_locations_are_not_billed(self, client, factory, owner_sql):
        t = await factory.tenant(plan="enterprise", stores=3)
        owner_sql("update stores set is_active = false where id = %s", (t.stores[0].id,))
        body = (await client.get("/api/billing/calculate", headers=t.headers())).json()
        assert body["monthly_total"] == 300 and body["billing_breakdown"]["user_cost"] == 0
        assert body["current_locations"] == 2

    async def test_employee_cannot_see_the_bill(self, client, factory):
        t = await factory.tenant()
        assert (await client.get("/api/billing/calculate", headers=t.headers("employee"))).status_code == 403


class TestOnePriceList:
    """Issue 32: one set of plan rules, served by the API and shown as is by every screen."""

    async def test_every_plan_answer_carries_the_same_terms(self, client, factory, app):
        t = await factory.tenant(plan="pro", stores=1)
        listed = {p["id"]: p for p in (await client.get("/api/subscription/plans")).json()["plans"]}
        assert {k: v["price_terms"] for k, v in listed.items()} == {
            "core": "$49 per location / month, up to 2 users included",
            "pro": "$99 per location / month, up to 20 users included",
            "enterprise": "$150 per location / month, unlimited users included"}
        current = (await client.get("/api/subscription/current", headers=t.headers())).json()["plan_info"]
        assert (current["price_terms"], current["price"], current["price_per_user"]) == (
            listed["pro"]["price_terms"], 99, 0)

    @pytest.mark.parametrize(("locations", "users"), [(1, 1), (1, 2), (1, 20), (3, 2), (20, 20)])
    def test_enterprise_is_never_cheaper_than_pro_for_the_same_team(self, locations, users):
        from api.subscription.service import monthly_cost

        pro = monthly_cost("pro", locations, users)["monthly_total"]
        enterprise = monthly_cost("enterprise", locations, users)["monthly_total"]
        assert enterprise >= pro

    def test_regions_are_sold_only_with_enterprise(self):
        from api.subscription import plans

        assert [p.id for p in plans.PLANS.values() if plans.REGIONS in p.gates] == ["enterprise"]
        assert not any("Region" in f for f in plans.PLANS["pro"].features)

