"""Creating outbound and simple tickets: references, weights, money, type 2, notes, scope."""
from __future__ import annotations

import base64
import io
import uuid
from datetime import UTC, datetime, timedelta
from typing import ClassVar

import pytest
from PIL import Image

from tests.api.tickets.lists import add_partner, ensure_lists, set_company

OUTBOUND = {
    "is_inbound": False, "outbound_ticket_type": "type_1_container", "waste_type": "Food Waste",
    "destination": "Compost", "container_type": "Slim Jim 23 (23gal)", "gross_weight": 57.8,
}


@pytest.fixture
async def tenant(factory):
    t = await factory.tenant(stores=1)
    await ensure_lists(t)
    return t


def jpeg_data_url(size=(64, 48)) -> str:
    out = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(out, format="JPEG")
    return "data:image/jpeg;base64," + base64.b64encode(out.getvalue()).decode()


class TestOutboundPayload:
    async def test_outbound_ticket_snapshots_items_and_computes_net(self, client, tenant):
        r = await client.post("/api/tickets", json=OUTBOUND, headers=tenant.headers())
        assert r.status_code == 201, r.text
        t = r.json()
        assert t["ticket_number"].startswith("T-") and "-I-" not in t["ticket_number"]
        assert t["net_weight"] == 50.0 and t["tare_weight"] == 7.8 and t["gross_weight"] == 57.8
        assert t["total_amount"] == 0.0
        assert t["waste_type"] == "Food Waste" and t["destination"] == "Compost"
        assert t["destination_is_diversion"] is True and t["destination_management_path"] == "compost"
        assert t["container_used"] == {"name": "Slim Jim 23 (23gal)", "type": "Slim Jim 23 (23gal)",
                                       "capacity": 23.0, "tare_weight": 7.8}
        assert t["status"] == "completed" and t["employee_name"] == "Ada Admin"
        assert t["store_id"] == str(tenant.stores[0].id) and t["store_name"] == "Kitchen 1"
        assert t["timestamp"] == t["ticket_at"] and t["method"] == "Entry"

    async def test_reference_items_are_accepted_by_id_and_case_insensitively(self, client, tenant):
        items = await ensure_lists(tenant)
        body = {**OUTBOUND, "waste_type": str(items["Food Waste"].id), "destination": "compost"}
        r = await client.post("/api/tickets", json=body, headers=tenant.headers())
        assert r.status_code == 201, r.text
        assert r.json()["waste_type"] == "Food Waste" and r.json()["destination"] == "Compost"

    async def test_net_weight_rounds_half_up_to_a_tenth(self, client, tenant):
        body = {**OUTBOUND, "gross_weight": "100.25", "tare_weight": "0"}
        r = await client.post("/api/tickets", json=body, headers=tenant.headers())
        assert r.json()["net_weight"] == 100.3

    async def test_tare_greater_than_gross_is_refused(self, client, tenant, owner_sql):
        r = await client.post("/api/tickets", json={**OUTBOUND, "gross_weight": 5}, headers=tenant.headers())
        assert r.status_code == 422
        assert r.json()["detail"] == "Tare weight cannot exceed gross weight"
        assert owner_sql("select count(*) from tickets where company_id=%s", (tenant.company_id,))[0][0] == 0
        assert owner_sql("select count(*) from ticket_counters where company_id=%s", (tenant.company_id,))[0][0] == 0

    @pytest.mark.parametrize("gross", [0, -5, 250000, "abc"])
    async def test_missing_negative_zero_or_absurd_weights_are_refused(self, client, tenant, gross):
        r = await client.post("/api/tickets", json={**OUTBOUND, "gross_weight": gross}, headers=tenant.headers())
        assert r.status_code == 422, r.text

    async def test_custom_container_requires_a_tare(self, client, tenant):
        body = {**OUTBOUND, "container_type": "Custom Container"}
        r = await client.post("/api/tickets", json=body, headers=tenant.headers())
        assert r.status_code == 422 and "Custom Container" in r.json()["detail"]
        r = await client.post("/api/tickets", json={**body, "tare_weight": 12.5}, headers=tenant.headers())
        assert r.status_code == 201 and r.json()["net_weight"] == 45.3

    @pytest.mark.parametrize("field", ["waste_type", "destination", "container_type"])
    async def test_required_references_are_required(self, client, tenant, field):
        body = {k: v for k, v in OUTBOUND.items() if k != field}
        r = await client.post("/api/tickets", json=body, headers=tenant.headers())
        assert r.status_code == 422 and "required" in r.json()["detail"]

    async def test_unknown_and_inactive_reference_items_are_refused(self, client, tenant):
        r = await client.post("/api/tickets", json={**OUTBOUND, "waste_type": "Moon Rocks"}, headers=tenant.headers())
        assert r.status_code == 422 and r.json()["detail"] == "Waste type 'Moon Rocks' was not found"
        r = await client.post("/api/tickets", json={**OUTBOUND, "waste_type": "Retired Waste"}, headers=tenant.headers())
        assert r.status_code == 422 and r.json()["detail"] == "Waste type 'Retired Waste' is inactive"

    async def test_another_company_item_id_is_not_found(self, client, tenant, factory):
        other = await factory.tenant(stores=1)
        theirs = await ensure_lists(other)
        body = {**OUTBOUND, "destination": str(theirs["Compost"].id)}
        r = await client.post("/api/tickets", json=body, headers=tenant.headers())
        assert r.status_code == 422 and "was not found" in r.json()["detail"]

    async def test_price_per_lb_and_per_ton_give_the_total_amount(self, client, tenant):
        body = {**OUTBOUND, "waste_type": "Priced Cardboard", "gross_weight": 1007.8}
        r = await client.post("/api/tickets", json=body, headers=tenant.headers())
        assert r.json()["total_amount"] == 50.0  # 1000 lb x $0.05
        body = {**OUTBOUND, "waste_type": "Priced Grease", "gross_weight": 1007.8}
        r = await client.post("/api/tickets", json=body, headers=tenant.headers())
        assert r.json()["total_amount"] == 15.0  # 0.5 ton x $30

    async def test_line_items_are_priced_and_kept_in_order(self, client, tenant):
        body = {**OUTBOUND, "line_items": [
            {"waste_type": "Priced Cardboard", "quantity": 200, "unit": "lbs", "notes": "bales"},
            {"waste_type": "Priced Grease", "quantity": 2, "unit": "tons"},
            {"waste_type": "Food Waste", "quantity": 3, "unit": "cubic_yards"},
        ]}
        r = await client.post("/api/tickets", json=body, headers=tenant.headers())
        t = r.json()
        assert [li["waste_type"] for li in t["line_items"]] == ["Priced Cardboard", "Priced Grease", "Food Waste"]
        assert [li["amount"] for li in t["line_items"]] == [10.0, 60.0, 0.0]
        assert t["total_amount"] == 70.0 and t["line_items"][0]["notes"] == "bales"

    async def test_bad_line_item_unit_is_refused(self, client, tenant):
        body = {**OUTBOUND, "line_items": [{"waste_type": "Food Waste", "quantity": 2, "unit": "barrels"}]}
        assert (await client.post("/api/tickets", json=body, headers=tenant.headers())).status_code == 422

    async def test_notes_over_500_characters_are_refused(self, client, tenant):
        r = await client.post("/api/tickets", json={**OUTBOUND, "internal_notes": "x" * 501}, headers=tenant.headers())
        assert r.status_code == 422 and "500 characters" in r.json()["detail"]

    async def test_notes_are_kept_only_when_the_settings_enable_them(self, client, tenant):
        body = {**OUTBOUND, "customer_facing_notes": "Thanks!", "internal_notes": "Lid cracked"}
        r = await client.post("/api/tickets", json=body, headers=tenant.headers())
        assert r.json()["customer_facing_notes"] == "Thanks!" and r.json()["internal_notes"] == "Lid cracked"
        await set_company(tenant, enable_internal_notes=False)
        r = await client.post("/api/tickets", json=body, headers=tenant.headers())
        assert r.json()["customer_facing_notes"] == "Thanks!" and r.json()["internal_notes"] is None

    async def test_ticket_time_may_be_in_the_past_but_not_the_future(self, client, tenant):
        past = (datetime.now(tz=UTC) - timedelta(days=2)).isoformat()
        r = await client.post("/api/tickets", json={**OUTBOUND, "ticket_at": past}, headers=tenant.headers())
        assert r.status_code == 201
        day = datetime.fromisoformat(past).astimezone().strftime("%Y%m%d")
        assert r.json()["ticket_number"][2:10] in {day, (datetime.fromisoformat(past) - timedelta(hours=8)).strftime("%Y%m%d")}
        future = (datetime.now(tz=UTC) + timedelta(hours=1)).isoformat()
        r = await client.post("/api/tickets", json={**OUTBOUND, "ticket_at": future}, headers=tenant.headers())
        assert r.status_code == 422 and r.json()["detail"] == "Ticket time cannot be in the future"

    async def test_inbound_payload_is_sent_to_the_inbound_call(self, client, tenant):
        r = await client.post("/api/tickets", json={**OUTBOUND, "is_inbound": True}, headers=tenant.headers())
        assert r.status_code == 422 and "/api/inbound/tickets" in r.json()["detail"]

    async def test_anonymous_caller_cannot_create(self, client, tenant):
        assert (await client.post("/api/tickets", json=OUTBOUND)).status_code == 401


class TestTruckScale:
    TYPE2: ClassVar[dict] = {**OUTBOUND, "outbound_ticket_type": "type_2_truck_scale", "container_type": "Custom Container",
             "gross_weight": 32000, "tare_weight": 21000,
             "vehicle_info": {"license_plate": "8abc-123", "driver_name": "Rosa Diaz", "make": "Freightliner"}}

    async def test_type_2_is_refused_while_the_truck_scale_setting_is_off(self, client, tenant):
        r = await client.post("/api/tickets", json=self.TYPE2, headers=tenant.headers())
        assert r.status_code == 403 and "not enabled" in r.json()["detail"]

    async def test_type_2_needs_plate_and_driver_and_upper_cases_the_plate(self, client, tenant):
        await set_company(tenant, outbound_truck_scale_enabled=True)
        partner, _vehicle = await add_partner(tenant)
        body = {**self.TYPE2, "vehicle_info": {"license_plate": "8abc-123"}}
        r = await client.post("/api/tickets", json=body, headers=tenant.headers())
        assert r.status_code == 422 and r.json()["detail"] == "License plate and driver name are required for Type 2 tickets"
        r = await client.post("/api/tickets", json={**self.TYPE2, "disposal_partner_id": str(partner.id)},
                              headers=tenant.headers())
        assert r.status_code == 201, r.text
        t = r.json()
        assert t["vehicle_info"]["license_plate"] == "8ABC123" and t["vehicle_info"]["driver_name"] == "Rosa Diaz"
        assert t["net_weight"] == 11000.0 and t["disposal_partner_id"] == str(partner.id)

    async def test_vehicle_info_is_optional_when_the_company_does_not_require_it(self, client, tenant):
        await set_company(tenant, outbound_truck_scale_enabled=True, outbound_type2_require_vehicle_info=False)
        body = {k: v for k, v in self.TYPE2.items() if k != "vehicle_info"}
        assert (await client.post("/api/tickets", json=body, headers=tenant.headers())).status_code == 201

    async def test_unknown_disposal_partner_is_refused(self, client, tenant):
        await set_company(tenant, outbound_truck_scale_enabled=True)
        body = {**self.TYPE2, "disposal_partner_id": str(uuid.uuid4())}
        r = await client.post("/api/tickets", json=body, headers=tenant.headers())
        assert r.status_code == 422 and r.json()["detail"] == "Disposal partner not found"


class TestSimplePayload:
    SIMPLE: ClassVar[dict] = {"waste_type": "Food Waste", "destination": "Compost", "container_type": "Slim Jim 23 (23gal)",
              "gross_weight": 25.5, "outbound_ticket_type": "type_1_container", "manual_override": True,
              "customer_facing_notes": "Created via the mobile interface",
              "internal_notes": "Simple Tickets mode - manual entry"}

    async def test_employee_creates_a_simple_ticket_with_a_photo(self, client, tenant):
        body = {**self.SIMPLE, "image_data": jpeg_data_url()}
        r = await client.post("/api/tickets", json=body, headers=tenant.headers("employee"))
        assert r.status_code == 201, r.text
        t = r.json()
        assert t["net_weight"] == 17.7 and t["method"] == "Manual" and t["employee_name"] == "Eli Employee"
        assert len(t["images"]) == 1 and t["images"][0]["kind"] == "gross"
        img = await client.get(t["images"][0]["url"], headers=tenant.headers("employee"))
        assert img.status_code == 200 and img.headers["content-type"] == "image/jpeg"
        assert img.headers["cache-control"].startswith("private")

    async def test_simple_ticket_without_weight_gets_the_spec_message(self, client, tenant):
        body = {k: v for k, v in self.SIMPLE.items() if k != "gross_weight"}
        r = await client.post("/api/tickets", json=body, headers=tenant.headers("employee"))
        assert r.status_code == 422 and r.json()["detail"] == "Please provide a valid weight"

    async def test_image_data_that_is_not_an_image_is_refused_and_nothing_written(self, client, tenant, owner_sql):
        fake = "data:image/jpeg;base64," + base64.b64encode(b"hello, not a photo").decode()
        r = await client.post("/api/tickets", json={**self.SIMPLE, "image_data": fake}, headers=tenant.headers())
        assert r.status_code == 422 and "JPEG, PNG or WebP" in r.json()["detail"]
        assert owner_sql("select count(*) from tickets where company_id=%s", (tenant.company_id,))[0][0] == 0

    async def test_ai_read_ticket_shows_ai_vision_method(self, client, tenant):
        body = {**self.SIMPLE, "manual_override": False, "ocr_provider": "gpt4_vision", "confidence": 93.5}
        t = (await client.post("/api/tickets", json=body, headers=tenant.headers())).json()
        assert t["method"] == "AI Vision" and t["confidence"] == 93.5


class TestLocations:
    async def test_assigned_employee_tickets_go_to_their_location(self, client, factory):
        t = await factory.tenant(stores=2, assign_employee=True)
        await ensure_lists(t)
        r = await client.post("/api/tickets", json=OUTBOUND, headers=t.headers("employee"))
        assert r.json()["store_id"] == str(t.stores[0].id)
        r = await client.post("/api/tickets", json={**OUTBOUND, "store_id": str(t.stores[1].id)},
                              headers=t.headers("employee"))
        assert r.status_code == 403

    async def test_another_company_store_is_refused(self, client, tenant, factory):
        other = await factory.tenant(stores=1)
        r = await client.post("/api/tickets", json={**OUTBOUND, "store_id": str(other.stores[0].id)},
                              headers=tenant.headers())
        assert r.status_code == 422 and r.json()["detail"] == "store_id: location not found"
