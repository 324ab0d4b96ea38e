"""An enterprise tenant with the inbound module on, its lists, and small inbound helpers."""
from __future__ import annotations

from tests.api.tickets.lists import ensure_lists, set_company


async def inbound_tenant(factory, *, multistep: bool = False, stores: int = 1, weigh_in: bool = False, **kw):
    """`weigh_in`: the company lets employees weigh inbound loads in (inbound_employee_weigh_in_enabled)."""
    tenant = await factory.tenant(plan="enterprise", stores=stores, **kw)
    await ensure_lists(tenant)
    await set_company(tenant, inbound_module_enabled=True, inbound_multistep_weighing_enabled=multistep,
                      inbound_employee_weigh_in_enabled=weigh_in)
    return tenant


async def add_customer(client, tenant, name="Golden Gate Produce", **extra) -> dict:
    r = await client.post("/api/inbound/customers", json={"customer_name": name, **extra}, headers=tenant.headers())
    assert r.status_code == 201, r.text
    return r.json()
