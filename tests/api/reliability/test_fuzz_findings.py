"""Regression tests for what the OpenAPI fuzzer found: each was a 500 or an accepted bad input.

Every answer here is a 4xx in the one error shape ({"detail", "errors"}) naming the field, and
nothing is written.
"""
from __future__ import annotations

import uuid

import pytest

from api.kit.errors import ERROR_RESPONSES

LISTS = ("waste-types", "destination-types", "container-types", "diversion-methods", "waste-subtypes",
         "carbon-methodologies")


@pytest.fixture(scope="module")
async def tenant(app):
    from tests.factories import Factory

    return await Factory().tenant(plan="enterprise", stores=1)


def assert_field_error(r, field: str, status: int = 422) -> None:
    assert r.status_code == status, r.text
    body = r.json()
    assert isinstance(body["detail"], str) and body["detail"]
    assert field in [e["field"] for e in body["errors"]], body


@pytest.mark.parametrize("path", LISTS)
@pytest.mark.parametrize("bad", [["Food"], 7, {"a": 1}, True])
async def test_list_names_that_are_not_text_are_refused(client, tenant, owner_sql, path, bad):
    r = await client.post(f"/api/{path}", json={"name": bad, "unit_of_measure": "lbs"}, headers=tenant.headers())
    assert_field_error(r, "name")
    item = (await client.get(f"/api/{path}", headers=tenant.headers())).json()
    first = next(iter(item.values()))[0]["id"]
    r = await client.put(f"/api/{path}/{first}", json={"name": bad}, headers=tenant.headers())
    assert_field_error(r, "name")


@pytest.mark.parametrize("bad", [["lbs"], 3, {"code": "lbs"}])
async def test_waste_type_unit_that_is_not_text_is_refused(client, tenant, bad):
    r = await client.post("/api/waste-types", json={"name": f"W {uuid.uuid4().hex[:6]}", "is_organic": True,
                                                          "unit_of_measure": bad},
                          headers=tenant.headers())
    assert_field_error(r, "unit_of_measure")
    first = (await client.get("/api/waste-types", headers=tenant.headers())).json()["waste_types"][0]["id"]
    r = await client.put(f"/api/waste-types/{first}", json={"unit_of_measure": bad}, headers=tenant.headers())
    assert_field_error(r, "unit_of_measure")


@pytest.mark.parametrize("bad", [5, ["CA"], {"code": "CA"}, False])
async def test_store_state_that_is_not_text_is_refused(client, tenant, bad):
    r = await client.post("/api/stores", json={"name": "X", "store_number": f"N{uuid.uuid4().hex[:5]}", "state": bad},
                          headers=tenant.headers())
    assert_field_error(r, "state")
    r = await client.put(f"/api/stores/{tenant.stores[0].id}", json={"state": bad}, headers=tenant.headers())
    assert_field_error(r, "state")


async def test_nul_in_login_is_a_422_even_without_signing_in(client):
    r = await client.post("/api/auth/login", json={"email": "a\u0000b@example.com", "password": "x"})
    assert_field_error(r, "email")


async def test_nul_anywhere_in_a_body_names_its_path(client, tenant, owner_sql):
    name = f"Region {uuid.uuid4().hex[:6]}"
    r = await client.post("/api/regions", json={"name": name + "\u0000"}, headers=tenant.headers())
    assert_field_error(r, "name")
    assert not owner_sql("select 1 from regions where name like %s", (name + "%",))
    r = await client.post("/api/waste-subtypes", json={"name": "ok", "description": ["fine", "bad\u0000"]},
                          headers=tenant.headers())
    assert_field_error(r, "description.1")
    # A key with NUL is refused too, and an escaped backslash followed by u0000 is plain text.
    r = await client.put("/api/users/preferences", json={"notifications": {"e\u0000": True}},
                         headers=tenant.headers())
    assert_field_error(r, "notifications.e\u0000")
    r = await client.post("/api/regions", json={"name": name + "\\u0000"}, headers=tenant.headers())
    assert r.status_code == 201, r.text


async def test_nul_in_query_parameters_is_refused(client, tenant):
    r = await client.get("/api/tickets", params={"waste_type": "Food\u0000"}, headers=tenant.headers())
    assert_field_error(r, "waste_type")
    r = await client.get("/api/tickets?q=%00", headers=tenant.headers())
    assert_field_error(r, "q")


async def test_body_over_the_cap_is_refused_from_its_length(client):
    from api.kit.guard import MAX_BODY_BYTES

    r = await client.post("/api/auth/login", content=b"{}",
                          headers={"content-type": "application/json", "content-length": str(MAX_BODY_BYTES + 1)})
    assert r.status_code == 413
    assert "too large" in r.json()["detail"]


async def test_extra_notification_keys_are_refused_not_stored(client, tenant, owner_sql):
    r = await client.put("/api/users/preferences", json={"notifications": {"email": False, "evil": True}},
                         headers=tenant.headers())
    assert_field_error(r, "notifications")
    r = await client.put("/api/users/preferences", json={"notifications": {"email": False}}, headers=tenant.headers())
    assert r.status_code == 200
    assert set(r.json()["notifications"]) == {"email", "weeklyReports", "complianceReminders"}


@pytest.mark.parametrize("bad", ["0", "1700000000", "2024-1-1", "0001-01-01", "9999-12-31"])
async def test_dates_must_be_written_as_dates(client, tenant, bad):
    r = await client.get("/api/tickets", params={"start_date": bad}, headers=tenant.headers())
    assert_field_error(r, "start_date")
    r = await client.get("/api/tickets", params={"start_date": "2026-01-01"}, headers=tenant.headers())
    assert r.status_code == 200


@pytest.mark.parametrize("bad", [0, 1, "yes", "false"])
async def test_flags_take_true_or_false_only(client, tenant, bad):
    r = await client.post("/api/waste-types", json={"name": f"W {uuid.uuid4().hex[:6]}", "is_organic": True,
                                                          "is_active": bad},
                          headers=tenant.headers())
    assert_field_error(r, "is_active")
    r = await client.put(f"/api/stores/{tenant.stores[0].id}", json={"is_active": bad}, headers=tenant.headers())
    assert_field_error(r, "is_active")


async def test_the_document_declares_the_error_shape_the_api_sends(app):
    doc = app.openapi()
    assert "HTTPValidationError" not in doc["components"]["schemas"]
    missing = []
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            for status in ERROR_RESPONSES:
                ref = op["responses"].get(str(status), {}).get("content", {}).get("application/json", {})
                if ref.get("schema", {}).get("$ref") != "#/components/schemas/ErrorBody":
                    missing.append(f"{method.upper()} {path} {status}")
    assert not missing, missing[:20]
