"""AI Analytics report (issue 16): figures from the marts ai_analytics_daily and ai_daily_anomalies on a
hand-computed fortnight; the narrative goes through the OpenAI client to a loopback server only."""
from __future__ import annotations

import pytest
from sqlalchemy import update

from api.core.config import get_settings
from api.core.db import sessionmaker, set_tenant
from api.tables.tickets import Ticket, TicketImage
from tests.api.ai.fake_openai import NARRATIVE, FakeOpenAI
from tests.pipelines.world import Weighing, add_tickets, refresh, utc

PERIOD = {"start_date": "2026-09-01", "end_date": "2026-09-30"}
# Kitchen (store 0), 1 to 9 September (Los Angeles days; 19:00 UTC is noon): eight days alternating
# 90 and 110 lb, then 500 lb on the 9th (mean 100, sample sd 10.69, z = 37.42). Store 1: 40 lb on
# the 3rd. Outbound 1,340 lb.
LBS = [90, 110, 90, 110, 90, 110, 90, 110, 500]


@pytest.fixture(scope="module")
async def ai_world(app):
    from tests.factories import Factory

    factory = Factory()
    ent = await factory.tenant("enterprise", stores=2)
    pro = await factory.tenant("pro", stores=1)
    weighings = [Weighing(utc(2026, 9, day + 1, 19), "Compost", f"{lb}.0") for day, lb in enumerate(LBS)]
    weighings.append(Weighing(utc(2026, 9, 3, 19), "Landfill", "40.0", waste_type="Cardboard", store=1))
    ids = await add_tickets(ent, weighings)
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, ent.company_id)
        # The 500 lb ticket and the first 90 lb one have photos (590 of 1,340 lb = 44.0%); three were
        # read by the AI: two accepted, one corrected by hand.
        for ticket_id in (ids[8], ids[0]):
            db.add(TicketImage(company_id=ent.company_id, ticket_id=ticket_id, kind="gross", storage_key="k",
                               content_type="image/jpeg", size_bytes=10, sha256="0" * 64))
        await db.execute(update(Ticket).where(Ticket.id.in_([ids[0], ids[1]]))
                         .values(ocr_provider="local_ocr", manual_override=False))
        await db.execute(update(Ticket).where(Ticket.id == ids[2]).values(ocr_provider="gpt4_vision",
                                                                          manual_override=True))
    today = await _a_day_not_over(factory)
    await refresh(full=True)
    return {"ent": ent, "pro": pro, **today}


async def _a_day_not_over(factory) -> dict:
    """A company with eight whole days of 90 / 110 lb, then 5 lb so far today (issue 29), built with
    the module's world (it had a full warehouse build of its own)."""
    from datetime import UTC, datetime, timedelta

    from api.kit.calendar import DEFAULT_TIMEZONE, company_today, local_midnight

    ent = await factory.tenant("enterprise", stores=1)
    today = company_today(None)
    noon = [local_midnight(today - timedelta(days=d), DEFAULT_TIMEZONE) + timedelta(hours=12) for d in range(8, 0, -1)]
    just_now = max(local_midnight(today, DEFAULT_TIMEZONE), datetime.now(tz=UTC) - timedelta(seconds=30))
    await add_tickets(ent, [Weighing(at, "Compost", f"{lb}.0") for at, lb in zip(noon, LBS[:8], strict=True)]
                      + [Weighing(just_now, "Compost", "5.0")])
    return {"unfinished": ent, "today": today}


async def _get(client, tenant, path="/api/reports/ai-analytics", **params):
    return await client.get(path, params={**PERIOD, **params}, headers=tenant.headers("admin"))


async def test_ai_analytics_figures_come_from_the_marts(client, ai_world):
    r = await _get(client, ai_world["ent"])
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["totals"] == {"total_tickets": 10, "total_weight_lb": 1340.0, "active_days": 9}
    q = body["data_quality"]
    assert (q["photo_tickets"], q["photo_weight_lb"], q["photo_weight_percent"]) == (2, 590.0, 44.0)
    assert (q["ai_readings"], q["ai_accepted"], q["ai_corrected"], q["typed_tickets"]) == (3, 2, 1, 7)
    assert q["ai_accepted_percent"] == 66.7
    assert [(r["weight_lb"], r["share_percent"]) for r in body["by_location"]] == [(1300.0, 97.0), (40.0, 3.0)]
    assert {p["waste_type"]: p["weight_lb"] for p in body["by_product"]} == {"Food Scraps": 1300.0, "Cardboard": 40.0}
    wednesday = next(d for d in body["by_weekday"] if d["weekday"] == "Wednesday")  # 2 and 9 September
    assert (wednesday["days"], wednesday["weight_lb"], wednesday["lb_per_day"]) == (2, 610.0, 305.0)
    spike = [a for a in body["anomalies"] if a["scope"] == "location"]
    assert len(spike) == 1 and spike[0]["local_date"] == "2026-09-09" and spike[0]["z_score"] == 37.42
    assert spike[0]["prior_mean_lb"] == 100.0 and spike[0]["direction"] == "high"
    assert "z-score" in body["anomaly_statistic"]
    recs = " ".join(body["recommendations"])
    assert "44.0% of weighed lb has a photo" in recs and "85" in recs
    assert "2026-09-09" in recs


async def test_one_location_sees_its_own_series(client, ai_world):
    ent = ai_world["ent"]
    body = (await _get(client, ent, store_id=str(ent.stores[1].id))).json()
    assert body["totals"]["total_weight_lb"] == 40.0
    assert body["anomalies"] == []


async def test_ai_analytics_is_an_enterprise_feature(client, ai_world):
    r = await _get(client, ai_world["pro"])
    assert r.status_code == 403
    assert "Enterprise" in r.json()["detail"]


async def test_without_a_key_the_narrative_says_so_and_calls_no_one(client, ai_world, monkeypatch):
    monkeypatch.setattr(get_settings(), "openai_api_key", "")
    with FakeOpenAI() as server:
        monkeypatch.setattr(get_settings(), "openai_base_url", server.base_url)
        body = (await _get(client, ai_world["ent"], "/api/reports/ai-analytics/narrative")).json()
        assert server.requests == []
    assert body["status"] == "off" and body["text"] is None
    assert "No AI provider is connected" in body["message"] and "FLOW_" not in body["message"]


async def test_narrative_is_written_from_the_figures_only(client, ai_world, monkeypatch):
    settings = get_settings()
    with FakeOpenAI() as server:
        monkeypatch.setattr(settings, "openai_api_key", "sk-narrative-test")
        monkeypatch.setattr(settings, "openai_base_url", server.base_url)
        monkeypatch.setattr(settings, "openai_model", "narrative")
        body = (await _get(client, ai_world["ent"], "/api/reports/ai-analytics/narrative")).json()
        assert len(server.requests) == 1
        sent = server.requests[0]["body"]["messages"]
    assert body == {"status": "written", "text": NARRATIVE, "model": "narrative",
                    "message": "Written by the AI model narrative from the figures of this report only."}
    assert "Use only the figures" in sent[0]["content"] and '"total_weight_lb": "1340.0"' in sent[1]["content"]


async def test_a_failing_ai_service_leaves_the_report_complete(client, ai_world, monkeypatch):
    settings = get_settings()
    with FakeOpenAI() as server:
        monkeypatch.setattr(settings, "openai_api_key", "sk-narrative-test")
        monkeypatch.setattr(settings, "openai_base_url", server.base_url)
        monkeypatch.setattr(settings, "openai_model", "error")
        body = (await _get(client, ai_world["ent"], "/api/reports/ai-analytics/narrative")).json()
    assert body["status"] == "failed" and body["text"] is None


async def test_todays_unfinished_day_is_never_an_anomaly(client, ai_world):
    """Eight whole days of 90 / 110 lb, then 5 lb so far today: the mart's z-score for today is far
    below -3, but today is not over, so AI Analytics compares complete days only (issue 29)."""
    from datetime import timedelta

    ent, today = ai_world["unfinished"], ai_world["today"]
    period = {"start_date": (today - timedelta(days=10)).isoformat(), "end_date": today.isoformat()}
    body = (await client.get("/api/reports/ai-analytics", params=period, headers=ent.headers("admin"))).json()
    assert body["totals"]["total_weight_lb"] == 805.0  # today's 5 lb is counted ...
    assert [a["local_date"] for a in body["anomalies"]] == []  # ... but not judged
