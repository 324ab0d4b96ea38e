"""One warehouse build per test session (so one per pytest-xdist worker) for the API worlds that
only read it: analytics, compliance, email_alerts, carbon, compliance/test_food_recovery,
compliance/test_state_laws and test_company_day each built their own (a full refresh apiece, 11-14 s
on one core; state laws with dbt's tests, 61 s in a CI run on a slower machine), though their
companies are separate and none of their tests changes what another's world asserts.

A package (or module) registers how its companies are made with @shared("name"); the first test
that asks for any of these worlds makes every registered world's companies (only what was
collected registers) and refreshes once; each world's fixture returns its part.
A world whose tests refresh again or change its companies' figures (freshness, payables, inbound
marts) keeps a build of its own, as does one built around the present moment (AI analytics' day not over yet), which a build early in the session would age.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable

BUILDERS: dict[str, Callable[[], Awaitable[dict]]] = {}


def shared(name: str):
    def register(build: Callable[[], Awaitable[dict]]):
        BUILDERS[name] = build
        return build

    return register


async def build_all() -> dict[str, dict]:
    from tests.pipelines.world import refresh

    made = {name: await build() for name, build in BUILDERS.items()}
    # Without dbt's tests, as tests/api/conftest.py has every API world build (explicit here: a
    # session fixture is set up before that package-scoped switch).
    await refresh(full=True, dbt_tests=False)
    return made
