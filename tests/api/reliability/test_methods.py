"""A wrong method on an /api path answers 405 naming every method the path has (issue 31, finding 5:
405s listed one method, and PUT /api/tickets/count reached PUT /api/tickets/{ticket_id}: 422)."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize(("method", "path", "allow"), [
    ("DELETE", "/api/tickets", "GET, POST"),
    ("PUT", "/api/tickets/count", "GET"),
    ("DELETE", "/api/tickets/00000000-0000-0000-0000-000000000000", "GET, PUT"),
    ("PUT", "/api/inbound/customers/template", "GET"),
    ("PATCH", "/api/waste-types/reorder", "PUT"),
    ("GET", "/api/auth/login", "POST"),
    ("OPTIONS", "/api/stores", "GET, POST"),
])
async def test_wrong_method_is_405_with_the_paths_methods(client, method, path, allow):
    r = await client.request(method, path)
    assert r.status_code == 405, r.text
    assert r.headers["allow"] == allow
    assert r.json() == {"detail": "Method Not Allowed"}


async def test_right_method_and_unknown_paths_are_untouched(client):
    assert (await client.get("/api/tickets/count")).status_code == 401  # reaches its route: not signed in
    assert (await client.put("/api/tickets/00000000-0000-0000-0000-000000000000")).status_code == 401
    assert (await client.get("/api/no-such-thing")).status_code == 404
