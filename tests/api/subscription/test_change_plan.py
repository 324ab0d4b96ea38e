"""Plan changes, cancellation and payment through the provider interface (loopback HTTP provider)."""
from __future__ import annotations

import asyncio


async def change(client, tenant, plan):
    return await client.post("/api/subscription/change-plan", json={"plan": plan}, headers=tenant.headers())


async def test_upgrade_applies_at_once_and_is_charged(client, factory, payments, owner_sql):
    t = await factory.tenant("pro", stores=2)
    r = await change(client, t, "enterprise")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["action"] == "upgrade" and body["subscription"]["current_plan"] == "enterprise"
    assert "regions" in body["subscription"]["features"]
    # 2 locations at $150, users included.
    assert body["invoice"]["amount"] == 300 and body["invoice"]["status"] == "paid"
    (charge,) = payments.charges
    assert charge["path"] == "/charges" and charge["amount"] == "300.00" and charge["customer"] == str(t.company_id)
    assert charge["auth"] == "Bearer sk_test_loopback"
    assert owner_sql("select action, from_plan, to_plan from subscription_changes where company_id = %s",
                     (t.company_id,)) == [("upgrade", "pro", "enterprise")]
    assert owner_sql("select count(*) from audit_log where company_id = %s and action = 'subscription_upgrade'",
                     (t.company_id,)) == [(1,)]
    regions = await client.get("/api/regions", headers=t.headers())
    assert regions.status_code == 200
    again = await change(client, t, "enterprise")
    assert again.status_code == 409 and again.json()["detail"] == "You are already on the Enterprise plan"


async def test_downgrade_is_refused_while_usage_exceeds_the_smaller_plan(client, factory):
    t = await factory.tenant("pro", stores=3)
    r = await change(client, t, "core")
    assert r.status_code == 409
    assert r.json()["detail"] == ("You cannot move to the Core plan yet: it allows at most 1 active location "
                                  "(you have 3). Deactivate locations or users first.")
    for store in t.stores[1:]:
        await client.put(f"/api/stores/{store.id}", json={"is_active": False}, headers=t.headers())
    r = await change(client, t, "core")
    assert r.status_code == 200, r.text
    assert r.json()["subscription"]["current_plan"] == "core"
    assert r.json()["payment_provider_configured"] is False and r.json()["invoice"]["status"] == "open"


async def test_a_declined_card_marks_the_company_past_due_and_alerts_the_platform(client, factory, payments,
                                                                                   owner_sql):
    t = await factory.tenant(trial=True, stores=1)
    payments.decline = True
    r = await change(client, t, "pro")
    assert r.status_code == 200, r.text
    assert r.json()["invoice"]["status"] == "failed"
    assert r.json()["subscription"]["subscription_status"] == "past_due"
    assert owner_sql("select payment_failure_count, last_payment_failed from companies where id = %s",
                     (t.company_id,)) == [(1, True)]
    assert owner_sql("select count(*) from alerts where company_id = %s and alert_type = 'payment_failed'",
                     (t.company_id,)) == [(1,)]
    invoices = (await client.get("/api/subscription/invoices", headers=t.headers())).json()
    assert invoices["invoices"][0]["failure_reason"] == "Your card was declined."

    _root, token = await factory.system_admin()
    root = {"Authorization": f"Bearer {token}"}
    payments.decline = False
    retry = await client.post(f"/api/admin/billing/invoices/{invoices['invoices'][0]['id']}/retry", headers=root)
    assert retry.status_code == 200, retry.text
    assert retry.json()["status"] == "paid" and retry.json()["attempts"] == 2
    assert owner_sql("select subscription_status, last_payment_failed from companies where id = %s",
                     (t.company_id,)) == [("active", False)]
    assert [c["idempotency_key"].endswith(":1") for c in payments.charges] == [True, False]


async def test_without_a_provider_the_tab_says_so(client, factory):
    t = await factory.tenant("pro", stores=1)
    body = (await client.get("/api/subscription/invoices", headers=t.headers())).json()
    assert body["payment_provider_configured"] is False
    assert body["payment_provider_note"].startswith("No payment provider is configured")
    assert (await client.get("/api/subscription/current", headers=t.headers())).json()[
        "payment_provider_configured"] is False


async def test_cancel_takes_effect_at_period_end_and_can_be_withdrawn(client, factory, owner_sql):
    t = await factory.tenant("pro", stores=1)
    r = await client.post("/api/subscription/cancel", headers=t.headers())
    assert r.status_code == 200, r.text
    assert r.json()["subscription"]["cancel_at_period_end"] is True
    assert r.json()["subscription"]["subscription_status"] == "active"
    assert r.json()["message"].startswith("Your subscription will end on ")
    again = await client.post("/api/subscription/cancel", headers=t.headers())
    assert again.status_code == 409
    keep = await change(client, t, "pro")
    assert keep.status_code == 200 and keep.json()["action"] == "resume"
    assert keep.json()["subscription"]["cancel_at_period_end"] is False
    assert [a for (a,) in owner_sql("select action from subscription_changes where company_id = %s "
                                    "order by created_at", (t.company_id,))] == ["cancel", "resume"]


async def test_only_store_admins_change_the_plan_and_bad_plans_name_the_field(client, factory):
    t = await factory.tenant("pro", stores=1)
    r = await client.post("/api/subscription/change-plan", json={"plan": "gold"}, headers=t.headers())
    assert r.status_code == 422 and r.json()["detail"].startswith("plan:")
    r = await client.post("/api/subscription/change-plan", json={"plan": "enterprise"}, headers=t.headers("employee"))
    assert r.status_code == 403


async def test_an_inactive_plan_is_not_offered(client, factory):
    _root, token = await factory.system_admin()
    root = {"Authorization": f"Bearer {token}"}
    r = await client.put("/api/admin/plans/core", json={"active": False}, headers=root)
    assert r.status_code == 200 and next(p for p in r.json()["plans"] if p["id"] == "core")["active"] is False
    try:
        offered = {p["id"] for p in (await client.get("/api/subscription/plans")).json()["plans"]}
        assert offered == {"pro", "enterprise"}
        t = await factory.tenant("pro", stores=1)
        r = await change(client, t, "core")
        assert r.status_code == 422 and "not offered" in r.json()["detail"]
    finally:
        await client.put("/api/admin/plans/core", json={"active": True}, headers=root)


async def test_two_plan_changes_at_once_are_serialised(client, factory, owner_sql):
    t = await factory.tenant("pro", stores=1)
    results = await asyncio.gather(change(client, t, "enterprise"), change(client, t, "enterprise"))
    assert sorted(r.status_code for r in results) == [200, 409]
    # No provider: the upgrade waits (test_pending_plan_changes.py), so no invoice yet; one request.
    assert owner_sql("select count(*) from subscription_changes where company_id = %s and action = "
                     "'upgrade_requested'", (t.company_id,)) == [(1,)]
