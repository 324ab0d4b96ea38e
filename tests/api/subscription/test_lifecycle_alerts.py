"""Customer alerts from the subscription's events: trial ending in 3 days, trial expired, usage at
the plan limit, each raised once per occurrence by the hourly look."""
from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime, timedelta

from api.core.db import sessionmaker
from api.subscription.lifecycle import raise_lifecycle_alerts


async def _look(now: datetime | None = None):
    async with sessionmaker()() as db, db.begin():
        return await raise_lifecycle_alerts(db, now)


def _kinds(raised, tenant) -> list[str]:
    return sorted(r.alert_type for r in raised if r.company_id == tenant.company_id)


async def test_trial_ending_then_expired_each_once(factory, owner_sql):
    t = await factory.tenant(trial=True, stores=1)
    ends = datetime.now(tz=UTC) + timedelta(days=2, hours=1)
    owner_sql("update companies set trial_ends_at = %s where id = %s", (ends, t.company_id))
    first = await _look()
    assert _kinds(first, t) == ["trial_ending"]
    assert "trial ends in 3 days" in next(r.message for r in first if r.company_id == t.company_id)
    assert _kinds(await _look(), t) == []  # the next hourly look does not repeat it
    later = ends + timedelta(hours=2)
    assert _kinds(await _look(later), t) == ["trial_expired"]
    assert _kinds(await _look(later + timedelta(hours=1)), t) == []
    assert owner_sql("select alert_type from alerts where company_id = %s order by created_at, alert_type",
                     (t.company_id,)) == [("trial_ending",), ("trial_expired",)]


async def test_a_trial_far_from_its_end_raises_nothing(factory):
    t = await factory.tenant(trial=True, stores=1)
    assert _kinds(await _look(), t) == []


async def test_usage_at_the_plan_limit_is_raised_once(factory):
    full = await factory.tenant("core", stores=1)  # core: 1 location, 2 users (admin and employee)
    roomy = await factory.tenant("pro", stores=1)
    raised = await _look()
    assert _kinds(raised, full) == ["usage_at_limit"] and _kinds(raised, roomy) == []
    message = next(r.message for r in raised if r.company_id == full.company_id)
    assert "1/1 locations" in message and "2/2 users" in message
    assert _kinds(await _look(), full) == []


def test_the_hourly_command_runs_the_look(database_url):
    done = subprocess.run([sys.executable, "-m", "api.subscription.cli"], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode in (0, 1), done.stderr[-2000:]
