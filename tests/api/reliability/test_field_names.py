"""Rules checked across fields (model validators) still name the field they are about."""
from __future__ import annotations

import uuid

import pytest


@pytest.fixture(scope="module")
async def tenant(app):
    from tests.factories import Factory

    return await Factory().tenant(stores=1)


def _user(**over) -> dict:
    body = {"email": f"u-{uuid.uuid4().hex[:8]}@example.com", "password": "secret-99", "first_name": "Uma",
            "last_name": "User", "role": "store_employee", "pin": "1234"}
    body.update(over)
    return body


@pytest.mark.parametrize(("path", "body", "field"), [
    ("/api/users", _user(first_name=" "), "first_name"),
    ("/api/users", _user(last_name=""), "last_name"),
    ("/api/users", _user(email="nope"), "email"),
    ("/api/users", _user(password="abc"), "password"),
    ("/api/users", _user(role="overlord"), "role"),
    ("/api/users", _user(pin="12"), "pin"),
    ("/api/users/invite", {"email": "x@example.com", "first_name": "", "last_name": "L"}, "first_name"),
    ("/api/users/invite", {"email": "x@example.com", "first_name": "F", "last_name": "L", "role": "store_admin"}, "role"),
])
async def test_user_rules_name_their_field(client, tenant, path, body, field):
    r = await client.post(path, json=body, headers=tenant.headers())
    assert r.status_code == 422, r.text
    assert [e["field"] for e in r.json()["errors"]] == [field], r.json()


async def test_user_update_rules_name_their_field(client, tenant):
    r = await client.put(f"/api/users/{tenant.employee.id}", json={"pin": "abcd"}, headers=tenant.headers())
    assert r.status_code == 422
    assert [e["field"] for e in r.json()["errors"]] == ["pin"]
