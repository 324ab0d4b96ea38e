"""Carbon credits: estimates from the carbon marts on hand-computed tickets, verification, gates."""
from __future__ import annotations

SUMMARY = "/api/carbon-credits/summary"
LIST = "/api/carbon-credits"


def verification(credit_id: str) -> str:
    return f"/api/carbon-credits/{credit_id}/verification"


async def test_summary_sums_the_estimates_of_the_seeded_factors(client, world):
    r = await client.get(SUMMARY, headers=world["a"].headers())
    assert r.status_code == 200, r.text
    body = r.json()
    # 0.340 + 0.0825 + 0.068 = 0.4905 MT; value per month: 0.4225 x 15 = 6.34, 0.068 x 15 = 1.02.
    assert body["total_credits_tons"] == 0.4905 and body["total_value_usd"] == 7.36
    assert body["credit_count"] == 3 and body["co2_avoided_kg"] == 490.5
    assert body["pending_credits"] == 0.4905 and body["verified_credits"] == 0
    assert [(m["month"], m["total_co2e_tons"], m["credit_value_usd"]) for m in body["monthly_trend"]] == [
        ("2026-03-01", 0.4225, 6.34), ("2026-05-01", 0.068, 1.02)]
    # Two months with estimates: 0.4905 / 2 x 12 = 2.943 MT; 7.36 / 2 x 12 = 44.16 USD.
    assert body["yearly_projection"] == {"year": 2026, "months_with_credits": 2, "total_co2e_tons": 0.4905,
                                         "projected_year_tons": 2.943, "projected_year_value_usd": 44.16}
    # Hub Table 9 inventory of the same loads (0.5 x 0.11 + 0.1 x 0.11 = 0.066 MT), never a credit.
    assert body["inventory_co2e_kg"] == 66.0
    assert [o["value"] for o in body["period_options"]] == ["all", "2026-05", "2026-03", "2026-Q2", "2026-Q1"]
    m = body["methodology"]
    assert m["methodology"] == "EPA_2023" and m["price_usd_per_mt"] == 15.0
    kinds = {(f["factor_kind"], f["management_path"]): f for f in m["factors"]}
    assert kinds[("avoided_emissions", "compost")]["mtco2e_per_short_ton"] == -0.13
    assert "WARM" in kinds[("avoided_emissions", "landfill")]["source"]
    assert "Table 9" in kinds[("inventory", "landfill")]["source"]
    assert all(f["source"] for f in m["factors"])
    assert body["last_refreshed_at"] is not None


async def test_a_quarter_holds_only_its_months(client, world):
    body = (await client.get(SUMMARY, params={"period": "2026-Q1"}, headers=world["a"].headers())).json()
    assert body["total_credits_tons"] == 0.4225 and body["credit_count"] == 2
    month = (await client.get(SUMMARY, params={"period": "2026-05"}, headers=world["a"].headers())).json()
    assert month["total_credits_tons"] == 0.068


async def test_entries_are_estimates_newest_first(client, world):
    r = await client.get(LIST, params={"limit": 2}, headers=world["a"].headers())
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["total"] == 3 and len(body["carbon_credits"]) == 2
    newest = body["carbon_credits"][0]
    assert newest["id"] == world["a_ids"][2] and newest["diversion_method"] == "compost"
    assert newest["co2_avoided_kg"] == 68.0 and newest["credit_value_usd"] == 1.02
    assert newest["verification_status"] == "pending" and newest["is_estimate"] is True
    assert newest["factor_set"] == "WARM v15" and newest["avoided_mtco2e_per_short_ton"] == 0.68


async def test_verification_moves_tons_from_pending_and_is_audited(client, world, owner_sql):
    a = world["a"]
    compost, donated = world["a_ids"][0], world["a_ids"][1]
    r = await client.put(verification(compost), json={"verification_status": "verified",
                                                      "reason": "Hauler weight tickets match"}, headers=a.headers())
    assert r.status_code == 200, r.text
    assert r.json()["verification_status"] == "verified" and r.json()["is_estimate"] is False
    r = await client.put(verification(donated), json={"verification_status": "rejected",
                                                      "reason": "No donation receipt"}, headers=a.headers())
    assert r.status_code == 200, r.text
    body = (await client.get(SUMMARY, headers=a.headers())).json()
    assert (body["verified_credits"], body["rejected_credits"], body["pending_credits"]) == (0.34, 0.0825, 0.068)
    audited = owner_sql("select detail->>'after', detail->>'reason' from audit_log where company_id = %s "
                        "and action = 'carbon_credit_verification' order by created_at", (a.company_id,))
    assert audited == [("verified", "Hauler weight tickets match"), ("rejected", "No donation receipt")]
    stored = owner_sql("select verification_status, total_co2e_tons from carbon_credits where ticket_id = %s",
                       (compost,))
    assert [(s, float(t)) for s, t in stored] == [("verified", 0.34)]


async def test_bad_verification_names_the_field(client, world):
    a = world["a"]
    r = await client.put(verification(world["a_ids"][2]), json={"verification_status": "approved", "reason": "ok!"},
                         headers=a.headers())
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "verification_status"
    r = await client.put(verification(world["a_ids"][2]), json={"verification_status": "verified", "reason": "  "},
                         headers=a.headers())
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "reason"
    r = await client.get(SUMMARY, params={"period": "2026-13"}, headers=a.headers())
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "period"
    # A landfill load has no estimate to verify.
    r = await client.put(verification(world["a_ids"][3]), json={"verification_status": "verified", "reason": "why"},
                         headers=a.headers())
    assert r.status_code == 404


async def test_another_company_credit_is_not_found(client, world):
    r = await client.put(verification(world["b_ids"][0]), json={"verification_status": "verified",
                                                                "reason": "Not mine"}, headers=world["a"].headers())
    assert r.status_code == 404
    mine = (await client.get(SUMMARY, headers=world["b"].headers())).json()
    assert mine["total_credits_tons"] == 0.68 and mine["verified_credits"] == 0


async def test_disabled_carbon_credits_and_employees_are_refused(client, world):
    r = await client.get(SUMMARY, headers=world["off"].headers())
    assert r.status_code == 403 and "Carbon Credits Disabled" in r.json()["detail"]
    r = await client.get(LIST, headers=world["a"].headers("employee"))
    assert r.status_code == 403


async def test_the_platform_switch_refuses_every_company(client, world, owner_sql):
    owner_sql("update platform_settings set enable_carbon_credits = false where id = 1")
    try:
        r = await client.get(SUMMARY, headers=world["a"].headers())
        assert r.status_code == 403 and "Carbon Credits Disabled" in r.json()["detail"]
    finally:
        owner_sql("update platform_settings set enable_carbon_credits = true where id = 1")
    assert (await client.get(SUMMARY, headers=world["a"].headers())).status_code == 200


async def test_the_carbon_gate_reads_both_switches_in_one_statement(client, world):
    """The company's and the platform's enable_carbon_credits in one statement, after who is calling."""
    from tests.api.tickets.test_query_counts import counting_statements

    with counting_statements() as seen:
        r = await client.get(SUMMARY, headers=world["a"].headers())
    assert r.status_code == 200, r.text
    gate = [s for s in seen if "enable_carbon_credits" in s]
    assert len(gate) == 1 and "platform_settings" in gate[0] and "company_settings" in gate[0], seen
