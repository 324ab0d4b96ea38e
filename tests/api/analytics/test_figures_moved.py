"""Old Python-built formulas (api/analytics at 'house: before moving formulas') against the figure
functions dbt now publishes: the same answers on the demo tenant and on the hand-computed world."""
from __future__ import annotations

import subprocess
import sys
import types
from datetime import date, timedelta

import pytest

from tests.conftest import ROOT

BEFORE = "bafc29d"


def _old_modules():
    def load(name: str, text: str) -> types.ModuleType:
        module = types.ModuleType(name)
        sys.modules[name] = module
        exec(compile(text, name, "exec"), module.__dict__)  # noqa: S102 - the code as it was, from git
        return module

    show = lambda path: subprocess.run(["git", "show", f"{BEFORE}:{path}"], cwd=ROOT, check=True,
                                       capture_output=True, text=True).stdout
    service = load("old_analytics_service", show("api/analytics/service.py"))
    impact = load("old_analytics_impact", show("api/analytics/impact.py").replace(
        "from api.analytics.service import", "from old_analytics_service import"))
    return service, impact


@pytest.fixture(scope="module")
async def demo(app, world):
    from sqlalchemy import select

    from api.companies.models import Company
    from api.core.db import sessionmaker, set_system_scope
    from api.demo import seed_demo
    from api.stores.models import Store
    from tests.pipelines.world import refresh

    await seed_demo()
    await refresh(full=True)
    async with sessionmaker()() as db, db.begin():
        await set_system_scope(db)
        company = await db.scalar(select(Company).where(Company.is_demo))
        stores = (await db.scalars(select(Store.id).where(Store.company_id == company.id))).all()
    return company, stores


async def test_new_figures_equal_the_old_formulas(demo, world):
    from api.analytics import impact, service

    old_service, old_impact = _old_modules()
    company, stores = demo
    today = date.today()
    filters = [{"company_id": str(company.id), "start": today - timedelta(days=days), "end": today}
               for days in (0, 6, 29, 89, 364)]
    filters += [{"company_id": str(company.id), "start": today - timedelta(days=89), "end": today, "location_id": str(s)}
                for s in stores]
    filters += [{"company_id": str(company.id), "start": today - timedelta(days=89), "end": today, "waste_type": w}
                for w in ("Food Waste", "food scraps", "nothing")]
    filters += [{"company_id": str(company.id), "start": today - timedelta(days=89), "end": today, "direction": d}
                for d in ("inbound", "outbound")]
    filters += [{"company_id": str(world["a"].company_id), "start": date(2026, 10, 1), "end": date(2026, 10, 31)}]
    compared = 0
    for kwargs in filters:
        new, old = service.ReportFilter(**kwargs), old_service.ReportFilter(**kwargs)
        assert service.dashboard(new) == old_service.dashboard(old), kwargs
        assert service.basic_report(new) == old_service.basic_report(old), kwargs
        assert impact.esg_report(new) == old_impact.esg_report(old), kwargs
        assert impact.cost_analysis(new) == old_impact.cost_analysis(old), kwargs
        compared += 1
    assert compared == len(filters) > 10
