"""Edible food recovery records: partners, agreements on file, pounds per partner and month."""
from __future__ import annotations

import csv
import io
from datetime import date, timedelta

import pytest
from pypdf import PdfReader
from sqlalchemy import update

from tests.api.worlds import shared
from tests.pipelines.world import Weighing, add_tickets, utc

PARTNERS = "/api/compliance/food-recovery-partners"
RECORDS = "/api/compliance/food-recovery-records"
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


@shared("food_recovery")
async def build_recovery() -> dict:
    """fr (pro): destinations Community Food Bank and Pantry (donation), Compost Co (compost);
    partner '=Food Bank' (a formula-looking name) linked to the food bank. Donated: March 100 + 50 lb
    and April 30 lb to the food bank, April 20 lb to the pantry (no partner)."""
    from api.core.db import sessionmaker, set_tenant
    from api.tables.compliance import FoodRecoveryPartner
    from api.tables.lists import DestinationType
    from api.tables.tickets import Ticket
    from tests.factories import Factory

    fr = await Factory().tenant("pro", stores=1)
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, fr.company_id)
        bank = DestinationType(company_id=fr.company_id, name="Community Food Bank", management_path="donation")
        pantry = DestinationType(company_id=fr.company_id, name="Pantry", management_path="donation")
        compost = DestinationType(company_id=fr.company_id, name="Compost Co", management_path="compost")
        db.add_all([bank, pantry, compost])
        await db.flush()
        partner = FoodRecoveryPartner(company_id=fr.company_id, name="=Food Bank", destination_id=bank.id,
                                      address="1 Main St", contact="Ann, 555-0100", food_types="Prepared meals",
                                      collection_frequency="Weekly")
        db.add(partner)
        await db.flush()
        ids = {"bank": bank.id, "pantry": pantry.id, "compost": compost.id, "partner": partner.id}
    tickets = await add_tickets(fr, [
        Weighing(utc(2026, 3, 2, 19), "Food Bank", "100.0"), Weighing(utc(2026, 3, 30, 19), "Food Bank", "50.0"),
        Weighing(utc(2026, 4, 10, 19), "Food Bank", "30.0"), Weighing(utc(2026, 4, 11, 19), "Food Bank", "20.0"),
    ])
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, fr.company_id)
        for ticket, dest in zip(tickets, ("bank", "bank", "bank", "pantry"), strict=True):
            await db.execute(update(Ticket).where(Ticket.id == ticket).values(destination_id=ids[dest]))
    return {"fr": fr, **ids}


@pytest.fixture(scope="module")
async def recovery(shared_worlds):
    """This module's part of the session's one warehouse build (tests/api/worlds.py)."""
    return shared_worlds["food_recovery"]


async def test_partner_fields_are_validated_by_name(client, recovery):
    h = recovery["fr"].headers()
    r = await client.post(PARTNERS, json={"name": "  "}, headers=h)
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "name"
    r = await client.post(PARTNERS, json={"name": "X", "pickup_mode": "drone"}, headers=h)
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "pickup_mode"
    r = await client.post(PARTNERS, json={"name": "X", "destination_id": str(recovery["compost"])}, headers=h)
    assert r.status_code == 422 and r.json()["detail"].startswith("destination_id")
    r = await client.post(PARTNERS, json={"name": "X", "destination_id": str(recovery["bank"])}, headers=h)
    assert r.status_code == 409 and "=Food Bank" in r.json()["detail"]


async def test_a_partner_is_added_then_edited(client, recovery):
    h = recovery["fr"].headers()
    r = await client.post(PARTNERS, json={"name": "Pantry Network", "kind": "service", "pickup_mode": "self_haul",
                                          "destination_id": str(recovery["pantry"])}, headers=h)
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["destination_name"] == "Pantry" and made["agreement_status"] == "missing"
    r = await client.put(f"{PARTNERS}/{made['id']}", json={"collection_frequency": "Daily"}, headers=h)
    assert r.status_code == 200 and r.json()["collection_frequency"] == "Daily"
    listed = (await client.get(PARTNERS, headers=h)).json()
    assert "Pantry Network: no contract or written agreement on file." in listed["warnings"]
    # Unlink again so the records below keep the pantry's pounds unassigned.
    r = await client.put(f"{PARTNERS}/{made['id']}", json={"destination_id": None, "is_active": False}, headers=h)
    assert r.status_code == 200 and r.json()["destination_id"] is None


async def test_agreements_are_checked_by_content_and_kept(client, recovery, owner_sql):
    fr = recovery["fr"]
    url = f"{PARTNERS}/{recovery['partner']}/agreements"
    r = await client.post(url, data={"start_date": "2026-01-01"}, files={"file": ("a.pdf", b"MZ not a pdf")},
                          headers=fr.headers())
    assert r.status_code == 422 and r.json()["detail"].startswith("file")
    r = await client.post(url, data={"start_date": "2026-02-01", "end_date": "2026-01-01"},
                          files={"file": ("a.pdf", PDF)}, headers=fr.headers())
    assert r.status_code == 422 and r.json()["detail"].startswith("end_date")
    soon = (date.today() + timedelta(days=10)).isoformat()
    r = await client.post(url, data={"start_date": "2026-01-01", "end_date": soon},
                          files={"file": ("../../contract.pdf", PDF, "text/plain")}, headers=fr.headers())
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["file_name"] == "contract.pdf" and made["content_type"] == "application/pdf"
    assert made["status"] == "expiring"
    got = await client.get(f"{url}/{made['id']}", headers=fr.headers())
    assert got.status_code == 200 and got.content == PDF
    listed = (await client.get(PARTNERS, headers=fr.headers())).json()
    assert any(w.startswith("=Food Bank: the agreement ends on") for w in listed["warnings"])
    await client.get(PARTNERS, headers=fr.headers())  # seen twice, logged once
    events = owner_sql("select event from compliance_events where company_id = %s order by created_at",
                       (fr.company_id,))
    assert [e for (e,) in events if e in ("agreement_uploaded", "agreement_expiring")] == [
        "agreement_uploaded", "agreement_expiring"]


async def test_records_give_pounds_per_partner_and_month(client, recovery):
    fr = recovery["fr"]
    body = (await client.get(RECORDS, params={"year": 2026}, headers=fr.headers())).json()
    got = [(r["partner_name"], r["destination_name"], r["month"], r["ticket_count"], r["recovered_weight_lb"])
           for r in body["records"]]
    assert got == [("=Food Bank", "Food Bank", "2026-03-01", 2, 150.0), ("=Food Bank", "Food Bank", "2026-04-01", 1, 30.0),
                   (None, "Food Bank", "2026-04-01", 1, 20.0)]
    assert body["total_recovered_lb"] == 200.0 and body["unassigned_lb"] == 20.0
    assert "20.0 lb were donated to destinations no partner names." in body["warnings"]


async def test_record_files_are_safe_and_carry_the_same_pounds(client, recovery, owner_sql):
    fr = recovery["fr"]
    r = await client.get(RECORDS, params={"year": 2026, "format": "csv"}, headers=fr.headers())
    assert r.status_code == 200 and 'filename="food_recovery_records_2026.csv"' in r.headers["content-disposition"]
    table = list(csv.DictReader(io.StringIO(r.content.decode("utf-8-sig"))))
    first = table[0]
    assert first["Partner"] == "'=Food Bank"  # a formula never runs in Excel
    assert (first["Month"], first["Pounds Recovered"], first["Agreement on File"]) == ("2026-03", "150.0", "yes")
    assert first["Address"] == "1 Main St" and first["Types of Food"] == "Prepared meals"
    r = await client.get(RECORDS, params={"year": 2026, "format": "pdf"}, headers=fr.headers())
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(r.content)).pages)
    assert "Edible Food Recovery Records 2026" in text and "=Food Bank" in text and "150.0" in text
    logged = owner_sql("select count(*) from compliance_events where company_id = %s and event = 'records_requested'",
                       (fr.company_id,))
    assert logged == [(2,)]


async def test_other_companies_and_roles_are_kept_out(client, recovery, factory):
    # Companies of their own: the package's warehouse world (a full build) held nothing this needs.
    other, core = await factory.tenant("enterprise", stores=2), await factory.tenant("core", stores=1)
    r = await client.put(f"{PARTNERS}/{recovery['partner']}", json={"name": "Mine"}, headers=other.headers())
    assert r.status_code == 404
    r = await client.get(PARTNERS, headers=recovery["fr"].headers("employee"))
    assert r.status_code == 403
    r = await client.get(RECORDS, headers=core.headers())
    assert r.status_code == 403
