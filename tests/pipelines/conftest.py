import json
from collections import Counter

import pytest

from tests.pipelines.world import OCTOBER, add_tickets, published, refresh


@pytest.fixture(scope="package")
async def world(app):
    """One company with a hand-computed October, refreshed once for the whole package (dbt is slow),
    beside a company with no tickets yet (a new installation's first customer: test_fresh_install)."""
    from pipelines import paths
    from tests.factories import Factory

    tenant = await Factory().tenant("enterprise", stores=2)
    quiet = await Factory().tenant("enterprise", stores=1)
    await add_tickets(tenant, OCTOBER)
    refreshed_at = await refresh(full=True)
    # what this build published for each, before any later refresh
    published_tickets = {name: published("select count(*) from marts.tickets where company_id = ?",
                                         [str(t.company_id)])[0][0]
                         for name, t in (("a", tenant), ("quiet", quiet))}

    build = paths.build_path()
    results = json.loads(build.with_name(build.name + ".run_results.json").read_text())["results"]
    # What dbt ran, by kind (test.flow.<name>, unit_test.flow.<model>.<name>, model.flow.<name>, ...).
    built = Counter(r["unique_id"].split(".")[0] for r in results)
    return {"a": tenant, "refreshed_at": refreshed_at, "dbt_built": built,
            "published_tickets": published_tickets}
