"""Issue 31, finding 4: edits the fuzzer turned into server errors now get a 4xx naming the field.

Each was a 500: an explicit null (or a blank that became null) written to a NOT NULL column, or a
PUT that took another customer's account number (POST already answered 409). Nothing is changed.
"""
from __future__ import annotations

import uuid

import pytest

from tests.api.inbound.helpers import add_customer, inbound_tenant


@pytest.fixture(scope="module")
async def tenant(app):
    from tests.factories import Factory

    return await inbound_tenant(Factory())


def assert_field_error(r, field: str, status: int = 422) -> None:
    assert r.status_code == status, r.text
    body = r.json()
    assert isinstance(body["detail"], str) and body["detail"]
    assert field in [e["field"] for e in body["errors"]], body


@pytest.mark.parametrize("field", ["active", "name"])
async def test_disposal_partner_fields_cannot_be_set_to_null(client, tenant, field):
    name = f"Hauler {uuid.uuid4().hex[:6]}"
    made = await client.post("/api/disposal-partners", json={"name": name}, headers=tenant.headers())
    assert made.status_code == 201, made.text
    r = await client.put(f"/api/disposal-partners/{made.json()['id']}", json={field: None}, headers=tenant.headers())
    assert_field_error(r, field)
    partners = (await client.get("/api/disposal-partners", headers=tenant.headers())).json()
    kept = next(p for p in partners["disposal_partners"] if p["id"] == made.json()["id"])
    assert kept["name"] == name and kept["active"] is True
    ok = await client.put(f"/api/disposal-partners/{made.json()['id']}", json={"active": False},
                          headers=tenant.headers())
    assert ok.status_code == 200 and ok.json()["active"] is False


@pytest.mark.parametrize("field", ["kind", "is_active", "pickup_mode", "name"])
async def test_food_recovery_partner_fields_cannot_be_set_to_null(client, tenant, field):
    path = "/api/compliance/food-recovery-partners"
    made = await client.post(path, json={"name": f"Pantry {uuid.uuid4().hex[:6]}"}, headers=tenant.headers())
    assert made.status_code == 201, made.text
    r = await client.put(f"{path}/{made.json()['id']}", json={field: None}, headers=tenant.headers())
    assert_field_error(r, field)
    ok = await client.put(f"{path}/{made.json()['id']}", json={"pickup_mode": "self_haul"}, headers=tenant.headers())
    assert ok.status_code == 200 and ok.json()["pickup_mode"] == "self_haul"
    assert ok.json()["kind"] == "organization" and ok.json()["is_active"] is True


async def test_inbound_customer_put_with_another_customers_account_number_is_a_conflict(client, tenant):
    first = await add_customer(client, tenant, name=f"First {uuid.uuid4().hex[:6]}")
    second = await add_customer(client, tenant, name=f"Second {uuid.uuid4().hex[:6]}")
    body = {"customer_name": second["customer_name"], "account_number": first["account_number"]}
    posted = await client.post("/api/inbound/customers", json={**body, "customer_name": "Third"},
                               headers=tenant.headers())
    assert posted.status_code == 409, posted.text
    r = await client.put(f"/api/inbound/customers/{second['id']}", json=body, headers=tenant.headers())
    assert r.status_code == 409, r.text
    assert first["account_number"] in r.json()["detail"]
    again = await client.get("/api/inbound/customers", headers=tenant.headers())
    numbers = {c["id"]: c["account_number"] for c in again.json()["customers"]}
    assert numbers[second["id"]] == second["account_number"]
    own = await client.put(f"/api/inbound/customers/{second['id']}",
                           json={"customer_name": second["customer_name"], "account_number": second["account_number"]},
                           headers=tenant.headers())
    assert own.status_code == 200, own.text


@pytest.mark.parametrize("value", ["", "   ", None])
@pytest.mark.parametrize("field", ["industry", "name"])
async def test_platform_edit_company_cannot_empty_its_industry_or_name(client, factory, tenant, field, value):
    _, root = await factory.system_admin()
    headers = {"Authorization": f"Bearer {root}"}
    r = await client.put(f"/api/admin/companies/{tenant.company_id}", json={field: value}, headers=headers)
    assert_field_error(r, field)
    ok = await client.put(f"/api/admin/companies/{tenant.company_id}", json={"industry": "Hospitality"},
                          headers=headers)
    assert ok.status_code == 200, ok.text
