"""Plan limits hold when calls race: the company row is locked while a seat or location is taken."""
from __future__ import annotations

import asyncio
import uuid


def new_user(email: str) -> dict:
    return {"email": email, "password": "secret-123x", "first_name": "New", "last_name": "Person",
            "role": "store_employee"}


async def test_two_add_user_calls_at_the_last_free_seat_one_succeeds(client, factory, owner_sql):
    t = await factory.tenant("core", stores=1)  # core: 2 users, the admin and one employee
    owner_sql("update users set is_active = false where id = %s", (t.employee.id,))  # one free seat
    tag = uuid.uuid4().hex[:6]
    results = await asyncio.gather(*(client.post("/api/users", json=new_user(f"race{i}-{tag}@example.com"),
                                                 headers=t.headers()) for i in range(2)))
    assert sorted(r.status_code for r in results) == [201, 403]
    refused = next(r for r in results if r.status_code == 403)
    assert refused.json()["detail"] == "Maximum users (2) reached for your CORE plan"
    assert owner_sql("select count(*) from users where company_id = %s and is_active", (t.company_id,)) == [(2,)]


async def test_two_add_location_calls_at_the_last_free_location_one_succeeds(client, factory, owner_sql):
    t = await factory.tenant("pro", stores=19)  # pro: 20 locations
    results = await asyncio.gather(*(client.post("/api/stores", json={"name": f"Race {i}", "store_number": f"R{i}"},
                                                 headers=t.headers()) for i in range(2)))
    assert sorted(r.status_code for r in results) == [201, 403]
    assert owner_sql("select count(*) from stores where company_id = %s and is_active", (t.company_id,)) == [(20,)]
