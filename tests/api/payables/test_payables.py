"""Payables: disposal partners, a bill per completed type-2 load when the settings say so,
payments against bills, A/P aging from the warehouse (bill_aging), the bill of lading PDF."""
from __future__ import annotations

import asyncio
import io
import uuid
from datetime import timedelta
from decimal import Decimal

import pytest
from pypdf import PdfReader

from tests.api.invoices import books
from tests.api.tickets.lists import ensure_lists, set_company
from tests.pipelines.world import refresh

TYPE2 = {"is_inbound": False, "outbound_ticket_type": "type_2_truck_scale", "waste_type": "Food Waste",
         "destination": "Compost", "container_type": "Custom Container", "gross_weight": 32000, "tare_weight": 21000,
         "vehicle_info": {"license_plate": "8abc-123", "driver_name": "Rosa Diaz", "carrier": "Green Haul Co"}}
PARTNER = {"name": "Salinas Compost Facility", "contact_name": "Dana Ruiz", "phone": "(831) 555-0100",
           "address": "1 Compost Rd, Salinas, CA", "facility_type": "compost_facility",
           "accepted_materials": ["Food Waste", "Green Waste"], "price_basis": "per_ton", "price": "42.50",
           "permit_number": "SWIS 27-AA-0001", "payment_terms_days": 15}


@pytest.fixture(scope="module")
async def world(app):
    import httpx

    from tests.factories import Factory

    factory = Factory()
    a = await factory.tenant("enterprise", stores=1)
    b = await factory.tenant("enterprise", stores=1)
    await ensure_lists(a)
    await set_company(a, outbound_truck_scale_enabled=True, outbound_type2_auto_create_payable=True,
                      outbound_type2_auto_generate_bol=True)
    transport = httpx.ASGITransport(app=app, client=("10.9.9.9", 40000))
    async with httpx.AsyncClient(transport=transport, base_url="http://flow.test") as c:
        per_ton = (await c.post("/api/disposal-partners", json=PARTNER, headers=a.headers())).json()
        per_load = (await c.post("/api/disposal-partners", json={
            "name": "Coastal Roll-Off", "price_basis": "per_load", "price": "185.00"}, headers=a.headers())).json()
        t1 = (await c.post("/api/tickets", json={**TYPE2, "disposal_partner_id": per_ton["id"]},
                           headers=a.headers())).json()
        t2 = (await c.post("/api/tickets", json={**TYPE2, "disposal_partner_id": per_load["id"]},
                           headers=a.headers())).json()
        type1 = (await c.post("/api/tickets", json={
            "is_inbound": False, "outbound_ticket_type": "type_1_container", "waste_type": "Food Waste",
            "destination": "Compost", "container_type": "Slim Jim 23 (23gal)", "gross_weight": 57.8},
            headers=a.headers())).json()
    await refresh(full=True)
    return {"a": a, "b": b, "per_ton": per_ton, "per_load": per_load, "t1": t1, "t2": t2, "type1": type1}


async def test_partners_are_listed_for_the_type_2_form_and_validated(client, world):
    a = world["a"]
    names = [p["name"] for p in (await client.get("/api/disposal-partners", headers=a.headers("employee"))).json()[
        "disposal_partners"]]
    assert names == ["Coastal Roll-Off", "Salinas Compost Facility"]
    partner = world["per_ton"]
    assert partner["accepted_materials"] == ["Food Waste", "Green Waste"] and partner["price"] == "42.50"
    search = (await client.get("/api/outbound/customers", params={"customer_type": "disposal_partner"},
                               headers=a.headers("employee")))
    # The outbound type-2 form's partner search reads the same rows.
    assert search.status_code == 200 and "Salinas Compost Facility" in search.text
    r = await client.post("/api/disposal-partners", json={"name": "  "}, headers=a.headers())
    assert r.status_code == 422 and r.json()["detail"] == "Partner name is required"
    r = await client.post("/api/disposal-partners", json={"name": "X", "price_basis": "per_ton"}, headers=a.headers())
    assert r.status_code == 422 and "price" in r.json()["detail"]
    r = await client.post("/api/disposal-partners", json={"name": "X"}, headers=a.headers("employee"))
    assert r.status_code == 403
    r = await client.put(f"/api/disposal-partners/{partner['id']}", json={"active": False}, headers=a.headers())
    assert r.status_code == 200 and r.json()["active"] is False
    r = await client.put(f"/api/disposal-partners/{partner['id']}", json={"active": True}, headers=a.headers())
    assert r.json()["active"] is True
    r = await client.put(f"/api/disposal-partners/{partner['id']}", json={"active": False}, headers=world["b"].headers())
    assert r.status_code == 404


async def test_completed_type_2_loads_bill_their_partner_at_its_price(client, world):
    h = world["a"].headers()
    bills = {b["ticket_number"]: b for b in (await client.get("/api/bills", headers=h)).json()["bills"]}
    assert set(bills) == {world["t1"]["ticket_number"], world["t2"]["ticket_number"]}  # not the type-1 ticket
    per_ton = bills[world["t1"]["ticket_number"]]
    assert per_ton["amount"] == "233.75"  # 11,000 lb = 5.5 t x 42.50
    assert per_ton["partner_name"] == "Salinas Compost Facility" and per_ton["payment_terms"] == "Net 15"
    assert bills[world["t2"]["ticket_number"]]["amount"] == "185.00"
    detail = (await client.get(f"/api/bills/{per_ton['bill_id']}", headers=h)).json()
    assert detail["quantity"] == "5.500" and detail["unit"] == "ton"
    assert (await client.get("/api/bills", headers=world["a"].headers("employee"))).status_code == 403


async def test_no_payable_and_no_bill_of_lading_when_the_settings_are_off(client, world, factory):
    other = await factory.tenant("enterprise", stores=1)
    await ensure_lists(other)
    await set_company(other, outbound_truck_scale_enabled=True)
    partner = (await client.post("/api/disposal-partners", json=PARTNER, headers=other.headers())).json()
    r = await client.post("/api/tickets", json={**TYPE2, "disposal_partner_id": partner["id"]}, headers=other.headers())
    assert r.status_code == 201
    from sqlalchemy import func, select

    from api.core.db import sessionmaker, set_tenant
    from api.tables.payables import Bill, BillOfLading

    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, other.company_id)
        assert await db.scalar(select(func.count()).select_from(Bill)) == 0
        assert await db.scalar(select(func.count()).select_from(BillOfLading)) == 0
    bol = await client.get(f"/api/tickets/{r.json()['id']}/bill-of-lading", headers=other.headers())
    assert bol.status_code == 404 and "outbound_type2_auto_generate_bol" in bol.json()["detail"]
    # Turned on later: the load completed before gets its document on first request, then it is kept.
    await set_company(other, outbound_type2_auto_generate_bol=True)
    first = await client.get(f"/api/tickets/{r.json()['id']}/bill-of-lading", headers=other.headers())
    assert first.status_code == 200 and first.content.startswith(b"%PDF")
    again = await client.get(f"/api/tickets/{r.json()['id']}/bill-of-lading", headers=other.headers())
    assert again.content == first.content


async def test_ap_aging_and_payments(client, world, owner_sql):
    h = world["a"].headers()
    aging = (await client.get("/api/bills/aging-report", headers=h)).json()
    assert aging["total_accounts_payable"] == "418.75"
    assert aging["aging_buckets"]["CURRENT"] == {"total": "418.75", "count": 2}
    later = (await client.get("/api/bills/aging-report", headers=h,
                              params={"as_of": (books.today() + timedelta(days=16)).isoformat()})).json()
    assert later["aging_buckets"]["1-30"] == {"total": "233.75", "count": 1}  # Net 15, one day late
    bill = next(b for b in (await client.get("/api/bills", headers=h)).json()["bills"] if b["amount"] == "185.00")
    url = f"/api/bills/{bill['bill_id']}/payment"
    r = await client.put(url, json={"amount": "185.01", "method": "check"}, headers=h)
    assert r.status_code == 422 and r.json()["detail"] == "Payment amount cannot exceed the balance ($185.00)"
    key = str(uuid.uuid4())
    results = await asyncio.gather(*[client.put(url, json={"amount": "85.00", "method": "check"},
                                                headers={**h, "Idempotency-Key": key}) for _ in range(2)])
    assert [r.status_code for r in results] == [200, 200]
    assert results[0].json()["payment"]["payment_id"] == results[1].json()["payment"]["payment_id"]
    racing = await asyncio.gather(*[client.put(url, json={"amount": "100.00", "method": "cash"}, headers=h)
                                    for _ in range(2)])
    assert sorted(r.status_code for r in racing) == [200, 409]
    assert owner_sql("select count(*), sum(amount) from bill_payments where bill_id = %s", (bill["bill_id"],)) == [
        (2, Decimal("185.00"))]
    r = await client.put(url, json={"amount": "1.00", "method": "cash"}, headers=world["b"].headers())
    assert r.status_code == 404


async def test_bill_of_lading_is_issued_and_stored_when_the_load_completes(client, world, owner_sql):
    # The setting is on for company a: completing the load stored its document (no request made yet
    # for t2), numbered after the ticket; the download is that stored PDF, byte for byte.
    rows = owner_sql("select bol_number, pdf from bills_of_lading where ticket_id = %s", (world["t2"]["id"],))
    assert [r[0] for r in rows] == [f"BOL-{world['t2']['ticket_number']}"]
    r = await client.get(f"/api/tickets/{world['t2']['id']}/bill-of-lading", headers=world["a"].headers())
    assert r.status_code == 200 and r.content == bytes(rows[0][1])
    assert owner_sql("select count(*) from bills_of_lading where ticket_id = %s", (world["type1"]["id"],)) == [(0,)]


async def test_bill_of_lading_pdf(client, world):
    # An employee opens only the tickets they made (docs/access.md): the manager's load is not theirs.
    r = await client.get(f"/api/tickets/{world['t1']['id']}/bill-of-lading", headers=world["a"].headers("employee"))
    assert r.status_code == 404
    r = await client.get(f"/api/tickets/{world['t1']['id']}/bill-of-lading", headers=world["a"].headers())
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(r.content)).pages)
    for expected in ("BILL OF LADING", world["t1"]["ticket_number"], "Shipper", "Carrier", "Consignee",
                     "Salinas Compost Facility", "Rosa Diaz", "32,000.0", "21,000.0", "11,000.0", "signature"):
        assert expected in text, expected
    r = await client.get(f"/api/tickets/{world['type1']['id']}/bill-of-lading", headers=world["a"].headers())
    assert r.status_code == 404
    r = await client.get(f"/api/tickets/{world['t1']['id']}/bill-of-lading", headers=world["b"].headers())
    assert r.status_code == 404


async def test_voiding_a_load_voids_its_unpaid_bill_and_bill_of_lading(client, world, owner_sql):
    h = world["a"].headers()
    ticket = (await client.post("/api/tickets", json={**TYPE2, "disposal_partner_id": world["per_load"]["id"]},
                                headers=h)).json()
    [(bill_id, bill_number)] = owner_sql("select id, bill_number from bills where ticket_id = %s", (ticket["id"],))
    r = await client.post(f"/api/tickets/{ticket['id']}/void", json={"reason": "Wrong truck weighed"}, headers=h)
    assert r.status_code == 200 and r.json()["status"] == "void"
    # The bill is void (amount kept as the record, nothing owed) and takes no payment.
    assert owner_sql("select status, amount, balance from bills where id = %s", (bill_id,)) == [
        ("void", Decimal("185.00"), Decimal("0.00"))]
    assert (await client.get(f"/api/bills/{bill_id}", headers=h)).json()["status"] == "void"
    r = await client.put(f"/api/bills/{bill_id}/payment", json={"amount": "1.00", "method": "cash"}, headers=h)
    assert r.status_code == 409 and r.json()["detail"] == "Cannot record a payment on a void bill"
    # The stored bill of lading stays as the record, and is void with its ticket.
    bol = await client.get(f"/api/tickets/{ticket['id']}/bill-of-lading", headers=h)
    assert bol.status_code == 404
    assert bol.json()["detail"] == (f"Ticket {ticket['ticket_number']} was voided: its bill of lading "
                                    f"BOL-{ticket['ticket_number']} is void")
    [(detail,)] = owner_sql("select detail from audit_log where action = 'ticket.void' and detail->>'ticket_id' = %s",
                            (ticket["id"],))
    assert detail["bill_number"] == bill_number and detail["bol_number"] == f"BOL-{ticket['ticket_number']}"
    # A/P: the warehouse leaves the void bill out of the list and the aging, which equal the ledger.
    await refresh()
    listed = (await client.get("/api/bills", headers=h)).json()["bills"]
    assert bill_number not in {b["bill_number"] for b in listed}
    aging = (await client.get("/api/bills/aging-report", headers=h)).json()
    [(open_total,)] = owner_sql("select sum(balance) from bills where company_id = %s and status <> 'void'",
                                (str(world["a"].company_id),))
    assert Decimal(aging["total_accounts_payable"]) == open_total


async def test_a_load_whose_bill_has_payments_cannot_be_voided(client, world, owner_sql):
    h = world["a"].headers()
    ticket = (await client.post("/api/tickets", json={**TYPE2, "disposal_partner_id": world["per_ton"]["id"]},
                                headers=h)).json()
    [(bill_id, bill_number)] = owner_sql("select id, bill_number from bills where ticket_id = %s", (ticket["id"],))
    paid = await client.put(f"/api/bills/{bill_id}/payment", json={"amount": "10.00", "method": "check"}, headers=h)
    assert paid.status_code == 200
    for _ in ("partly paid", "paid in full"):
        r = await client.post(f"/api/tickets/{ticket['id']}/void", json={"reason": "Wrong truck"}, headers=h)
        assert r.status_code == 409
        assert bill_number in r.json()["detail"] and "payments recorded" in r.json()["detail"]
        # Nothing was written: the ticket is completed, the bill open or paid, no void in the audit log.
        assert owner_sql("select status from tickets where id = %s", (ticket["id"],)) == [("completed",)]
        assert owner_sql("select count(*) from audit_log where action = 'ticket.void' and detail->>'ticket_id' = %s",
                         (ticket["id"],)) == [(0,)]
        rest = (await client.get(f"/api/bills/{bill_id}", headers=h)).json()["balance"]
        if rest != "0.00":
            assert r.json()["detail"] == (f"Ticket {ticket['ticket_number']} is billed on {bill_number}, which has "
                                          f"$10.00 in payments recorded to Salinas Compost Facility; a paid load "
                                          f"cannot be voided (Flow issues no vendor credits)")
            await client.put(f"/api/bills/{bill_id}/payment", json={"amount": rest, "method": "check"}, headers=h)
    assert owner_sql("select status, balance from bills where id = %s", (bill_id,)) == [("paid", Decimal("0.00"))]
    bol = await client.get(f"/api/tickets/{ticket['id']}/bill-of-lading", headers=h)
    assert bol.status_code == 200


async def test_a_new_bill_and_its_payment_show_on_the_next_read_without_a_refresh(client, world, owner_sql):
    """Issue 30.1: Bills & A/P are ledger screens. A load's bill is in the list and the aging on the
    next read, and a payment changes the list row, the aging and the detail on the read after it (no
    warehouse refresh between)."""
    h = world["a"].headers()

    async def reads(number: str) -> tuple[dict | None, dict]:
        rows = (await client.get("/api/bills", params={"limit": 1000}, headers=h)).json()["bills"]
        return next((b for b in rows if b["bill_number"] == number), None), (
            await client.get("/api/bills/aging-report", headers=h)).json()

    _, aging0 = await reads("none")
    ticket = (await client.post("/api/tickets", json={**TYPE2, "disposal_partner_id": world["per_load"]["id"]},
                                headers=h)).json()
    [(bill_id, number)] = owner_sql("select id, bill_number from bills where ticket_id = %s", (ticket["id"],))
    row, aging = await reads(number)
    assert row is not None and Decimal(row["balance"]) == Decimal("185.00")
    assert Decimal(aging["total_accounts_payable"]) == Decimal(aging0["total_accounts_payable"]) + Decimal("185.00")
    assert Decimal(aging["aging_buckets"]["CURRENT"]["total"]) == (
        Decimal(aging0["aging_buckets"]["CURRENT"]["total"]) + Decimal("185.00"))

    r = await client.put(f"/api/bills/{bill_id}/payment", json={"amount": "60.00", "method": "check"}, headers=h)
    assert r.status_code == 200, r.text
    row2, aging2 = await reads(number)
    assert Decimal(row2["balance"]) == Decimal("125.00")
    assert Decimal(aging2["total_accounts_payable"]) == Decimal(aging["total_accounts_payable"]) - Decimal("60.00")
    assert Decimal(aging2["aging_buckets"]["CURRENT"]["total"]) == (
        Decimal(aging["aging_buckets"]["CURRENT"]["total"]) - Decimal("60.00"))
    assert Decimal((await client.get(f"/api/bills/{bill_id}", headers=h)).json()["balance"]) == Decimal("125.00")
