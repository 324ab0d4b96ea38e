"""The inbound gate holds on every route of the inbound and inventory domains: the enterprise plan
(any case) and inbound_module_enabled, else 403 with the reason. The routes are walked from the
app, so a route added later is checked without a new line here."""
from __future__ import annotations

import uuid

import pytest

from tests.api.test_access import api_routes
from tests.api.tickets.lists import set_company

PREFIXES = ("/api/inbound", "/api/inventory")


def gated_routes(app) -> list[tuple[str, str]]:
    return sorted({(method, path) for method, path, _dep in api_routes(app) if path.startswith(PREFIXES)})


def fill(path: str) -> str:
    parts = [(str(uuid.uuid4()) if p.startswith("{") else p) for p in path.split("/")]
    return "/".join(parts)


@pytest.mark.parametrize(("plan", "module_on", "detail"), [
    ("pro", True, "Enterprise feature"),
    ("enterprise", False, "inbound module is disabled"),
])
async def test_every_inbound_and_inventory_route_is_gated(app, client, factory, plan, module_on, detail):
    tenant = await factory.tenant(plan=plan, stores=1)
    await set_company(tenant, inbound_module_enabled=module_on)
    routes = gated_routes(app)
    assert len(routes) >= 18, routes
    wrong = []
    for method, path in routes:
        r = await client.request(method, fill(path), headers=tenant.headers())
        if r.status_code != 403 or detail not in r.json().get("detail", ""):
            wrong.append(f"{method} {path}: {r.status_code} {r.text[:120]}")
    assert not wrong, "\n".join(wrong)
