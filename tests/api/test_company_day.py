"""The company's day end to end (issue 29): a ticket weighed at 23:30 in Honolulu on 31 December
counts on that day, in December and in that year's EAR, in the list, the export file and the
marts; the one at 00:30 on 1 January counts in the next year."""
from __future__ import annotations

import csv
import io

import pytest

from tests.api.worlds import shared
from tests.pipelines.world import Weighing, add_tickets, utc

NEW_YEARS_EVE = {"start_date": "2026-12-31", "end_date": "2026-12-31"}


@shared("company_day")
async def build_honolulu():
    from tests.factories import Factory

    t = await Factory().tenant("enterprise", stores=1)
    await set_zone(t.company_id, "Pacific/Honolulu")
    await add_tickets(t, [
        Weighing(utc(2027, 1, 1, 9, 30), "Compost", "40.0"),  # 23:30 HST, 31 Dec 2026
        Weighing(utc(2027, 1, 1, 10, 30), "Compost", "7.0"),  # 00:30 HST, 1 Jan 2027
    ])
    return t


@pytest.fixture(scope="module")
async def honolulu(shared_worlds):
    """This module's part of the session's one warehouse build (tests/api/worlds.py)."""
    return shared_worlds["company_day"]


async def set_zone(company_id, zone: str) -> None:
    from sqlalchemy import update

    from api.core.db import sessionmaker, set_system_scope
    from api.tables.companies import Company

    async with sessionmaker()() as db, db.begin():
        await set_system_scope(db)
        await db.execute(update(Company).where(Company.id == company_id).values(timezone=zone))


async def test_the_list_counts_2330_on_new_years_eve_on_that_day(client, honolulu):
    r = await client.get("/api/tickets", params=NEW_YEARS_EVE, headers=honolulu.headers())
    assert r.status_code == 200, r.text
    assert [t["net_weight"] for t in r.json()["tickets"]] == [40.0]
    r = await client.get("/api/tickets", params={"start_date": "2027-01-01", "end_date": "2027-01-01"},
                         headers=honolulu.headers())
    assert [t["net_weight"] for t in r.json()["tickets"]] == [7.0]


async def test_the_export_file_dates_it_31_december(client, honolulu):
    r = await client.get("/api/tickets/export/csv", params=NEW_YEARS_EVE, headers=honolulu.headers())
    assert r.status_code == 200, r.text
    rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))
    assert [row[0] for row in rows[1:] if row and row[0] != "Total"] == ["2026-12-31"]


async def test_the_ear_and_the_monthly_marts_count_it_in_2026(client, honolulu):
    ear = {}
    for year in (2026, 2027):
        r = await client.get("/api/compliance/ear-report", params={"year": year}, headers=honolulu.headers())
        assert r.status_code == 200, r.text
        ear[year] = r.json()["summary"]
    assert (ear[2026]["ticket_count"], ear[2026]["diverted_weight"]) == (1, 40.0)
    assert (ear[2027]["ticket_count"], ear[2027]["diverted_weight"]) == (1, 7.0)
    r = await client.get("/api/analytics/dashboard", params={"start_date": "2026-12-01", "end_date": "2026-12-31"},
                         headers=honolulu.headers())
    assert r.status_code == 200, r.text
    assert r.json()["total_tickets"] == 1
