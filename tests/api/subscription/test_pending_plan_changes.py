"""Issue 31, finding 7: a trial tenant's change to Enterprise got Enterprise at once, with an open
invoice and no payment step. A plan change that costs more now takes effect once paid or approved
by the platform (platform setting plan_upgrade_requires: payment | approval); until then the
subscription shows it pending, and the platform admin lists, approves or declines it."""
from __future__ import annotations

import uuid

import pytest


async def change(client, tenant, plan):
    return await client.post("/api/subscription/change-plan", json={"plan": plan}, headers=tenant.headers())


@pytest.fixture
async def root(client, factory):
    _user, token = await factory.system_admin()
    headers = {"Authorization": f"Bearer {token}"}
    yield headers
    r = await client.put("/api/system/settings", json={"plan_upgrade_requires": "payment"}, headers=headers)
    assert r.status_code == 200, r.text


async def pending(client, root, tenant) -> dict | None:
    r = await client.get("/api/admin/plan-changes", headers=root)
    assert r.status_code == 200, r.text
    return next((c for c in r.json()["changes"] if c["company_id"] == str(tenant.company_id)), None)


async def test_a_trial_does_not_get_enterprise_at_once_and_the_platform_approves_it(client, factory, root,
                                                                                   owner_sql):
    t = await factory.tenant(trial=True, stores=1)
    r = await change(client, t, "enterprise")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["action"] == "pending" and body["invoice"] is None
    assert body["subscription"]["current_plan"] != "enterprise"
    assert body["subscription"]["subscription_status"] == "trial"
    assert body["subscription"]["pending_plan"] == "enterprise"
    assert "regions" not in body["subscription"]["features"]
    assert (await client.get("/api/regions", headers=t.headers())).status_code == 403
    assert owner_sql("select count(*) from subscription_invoices where company_id = %s", (t.company_id,)) == [(0,)]
    current = (await client.get("/api/subscription/current", headers=t.headers())).json()
    assert current["pending_plan"] == "enterprise" and current["pending_plan_requested_at"]
    again = await change(client, t, "enterprise")
    assert again.status_code == 409

    waiting = await pending(client, root, t)
    assert waiting is not None and waiting["pending_plan"] == "enterprise"
    assert waiting["subscription_status"] == "trial" and waiting["monthly_total_after"] > 0
    assert (await client.get("/api/admin/plan-changes", headers=t.headers())).status_code == 403
    assert (await client.post(f"/api/admin/plan-changes/{t.company_id}/approve",
                              headers=t.headers())).status_code == 403

    approved = await client.post(f"/api/admin/plan-changes/{t.company_id}/approve", headers=root)
    assert approved.status_code == 200, approved.text
    assert approved.json()["current_plan"] == "enterprise"
    current = (await client.get("/api/subscription/current", headers=t.headers())).json()
    assert current["current_plan"] == "enterprise" and current["subscription_status"] == "active"
    assert current["pending_plan"] is None and "regions" in current["features"]
    assert await pending(client, root, t) is None
    assert [a for (a,) in owner_sql("select action from subscription_changes where company_id = %s "
                                    "order by created_at", (t.company_id,))] == ["upgrade_requested", "upgrade"]


async def test_with_approval_required_even_a_payable_upgrade_waits(client, factory, root, payments):
    r = await client.put("/api/system/settings", json={"plan_upgrade_requires": "approval"}, headers=root)
    assert r.status_code == 200 and r.json()["plan_upgrade_requires"] == "approval"
    t = await factory.tenant("pro", stores=1)
    r = await change(client, t, "enterprise")
    assert r.status_code == 200, r.text
    assert r.json()["action"] == "pending" and "platform approves" in r.json()["message"]
    assert r.json()["subscription"]["current_plan"] == "pro"
    assert payments.charges == []
    declined = await client.post(f"/api/admin/plan-changes/{t.company_id}/decline", headers=root)
    assert declined.status_code == 200 and declined.json()["current_plan"] == "pro"
    assert await pending(client, root, t) is None


async def test_with_payment_required_a_declined_card_leaves_the_change_pending(client, factory, root, payments,
                                                                                owner_sql):
    t = await factory.tenant("pro", stores=1)
    payments.decline = True
    r = await change(client, t, "enterprise")
    assert r.status_code == 200, r.text
    assert r.json()["action"] == "pending" and "declined" in r.json()["message"]
    assert r.json()["subscription"]["current_plan"] == "pro"
    assert r.json()["subscription"]["subscription_status"] == "active", "an upgrade's failed charge is no arrears"
    assert owner_sql("select count(*) from subscription_invoices where company_id = %s", (t.company_id,)) == [(0,)]
    assert (await pending(client, root, t))["pending_plan"] == "enterprise"
    # Paid on the next try: it takes effect, and the waiting request is gone.
    payments.decline = False
    r = await change(client, t, "enterprise")
    assert r.status_code == 409  # already waiting; the platform decides it, or the tenant asks another plan
    approved = await client.post(f"/api/admin/plan-changes/{t.company_id}/approve", headers=root)
    assert approved.status_code == 200 and approved.json()["current_plan"] == "enterprise"


async def test_the_platform_setting_takes_payment_or_approval_only(client, root):
    r = await client.put("/api/system/settings", json={"plan_upgrade_requires": "free"}, headers=root)
    assert r.status_code == 422
    assert (await client.get("/api/system/settings", headers=root)).json()["plan_upgrade_requires"] == "payment"


@pytest.mark.parametrize("decision", ["approve", "decline"])
async def test_deciding_for_a_company_that_does_not_exist_is_a_404(client, root, decision):
    """The deep fuzz run's platform-admin 500s (issue 31): an unknown company id failed in the
    row lock's scalar_one."""
    r = await client.post(f"/api/admin/plan-changes/{uuid.uuid4()}/{decision}", headers=root)
    assert r.status_code == 404, r.text
    assert r.json()["detail"] == "Company not found"
