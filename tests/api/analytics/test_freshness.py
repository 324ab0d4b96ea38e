"""Every analytics answer says when its figures were published (`last_refreshed_at`) and whether a
newer figure is on its way (`refreshing`, `pending_since`): real Postgres, dbt, DuckDB, one refresh
harness. Own companies, so the answers do not depend on other modules' data or order."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.pipelines.world import Weighing, add_tickets, refresh

ANSWERS = ("/api/analytics/dashboard", "/api/reports/basic", "/api/reports/tickets", "/api/reports/esg",
           "/api/reports/cost-analysis", "/api/reports/ai-analytics", "/api/compliance/dashboard",
           "/api/compliance/ear-report", "/api/compliance/food-recovery-records", "/api/compliance/state-laws")


def _at(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


@pytest.fixture(scope="module")
async def world(app):
    from tests.factories import Factory

    factory = Factory()
    a = await factory.tenant("enterprise", stores=1)
    b = await factory.tenant("enterprise", stores=1)
    now = datetime.now(tz=UTC) - timedelta(minutes=5)
    await add_tickets(a, [Weighing(now, "Compost", "100.0")])
    await add_tickets(b, [Weighing(now, "Compost", "40.0")])
    await refresh()
    return {"a": a, "b": b, "now": now}


async def answers(client, tenant) -> dict[str, dict]:
    found = {}
    for path in ANSWERS:
        r = await client.get(path, headers=tenant.headers("admin"))
        assert r.status_code == 200, (path, r.text)
        found[path] = r.json()
    return found


async def test_a_new_ticket_marks_the_figures_refreshing_until_the_refresh_that_shows_it(client, world):
    a, b = world["a"], world["b"]
    before = await answers(client, a)
    published = before["/api/analytics/dashboard"]["last_refreshed_at"]
    assert published is not None
    for path, body in before.items():
        assert (body["last_refreshed_at"], body["refreshing"], body["pending_since"]) == (published, False, None), path
    assert before["/api/analytics/dashboard"]["total_tickets"] == 1

    written = datetime.now(tz=UTC)
    await add_tickets(a, [Weighing(world["now"], "Compost", "25.0")])
    during = await answers(client, a)
    for path, body in during.items():
        assert body["last_refreshed_at"] == published, path  # the same published figures ...
        assert body["refreshing"] is True, path  # ... and a newer one on its way
        since = _at(body["pending_since"])
        assert written - timedelta(seconds=5) <= since <= datetime.now(tz=UTC), path
    assert during["/api/analytics/dashboard"]["total_tickets"] == 1
    # Another company's figures are not waiting for this ticket.
    other = (await client.get("/api/analytics/dashboard", headers=b.headers("admin"))).json()
    assert (other["refreshing"], other["pending_since"]) == (False, None)

    await refresh()
    after = await answers(client, a)
    newer = after["/api/analytics/dashboard"]["last_refreshed_at"]
    assert _at(newer) > _at(published)
    for path, body in after.items():
        assert (body["last_refreshed_at"], body["refreshing"], body["pending_since"]) == (newer, False, None), path
    assert after["/api/analytics/dashboard"]["total_tickets"] == 2
    assert (await client.get("/api/analytics/refreshed", headers=a.headers("admin"))).json() == {
        "last_refreshed_at": newer}


async def test_a_renamed_location_is_a_change_too(client, world, owner_sql):
    a = world["a"]
    owner_sql("update stores set name = name || ' (renamed)', updated_at = now() where company_id = %s", (str(a.company_id),))
    body = (await client.get("/api/analytics/dashboard", headers=a.headers("admin"))).json()
    assert body["refreshing"] is True
    await refresh()
    body = (await client.get("/api/analytics/dashboard", headers=a.headers("admin"))).json()
    assert (body["refreshing"], body["pending_since"]) == (False, None)


def test_the_api_and_the_publish_watch_the_same_tables():
    from api.warehouse.freshness import SOURCE_TABLES
    from pipelines.defs.publish.publish import SOURCE_TABLES as PUBLISHED

    assert SOURCE_TABLES == PUBLISHED
