"""The location's scale display unit (issue 36): it applies when the display hides the unit, a unit
on the display always wins, and a shown unit that is not the location's is not accepted unseen."""
from __future__ import annotations

import base64
from decimal import Decimal

from api.ai.local_reader import read_weight_sync
from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE, LOCAL_OCR, WeightReading
from api.ai.service import with_display_unit
from bench.ai.displays import LCD, LED_GREEN, scale_photo, seven_segment
from tests.api.ai.conftest import jpeg_bytes
from tests.api.ai.test_hidden_unit import with_thumb

NO_LABEL_JPEG = jpeg_bytes(scale_photo(seven_segment("23.4", LCD, cells=5, unit=None)), quality=80)


def reading(weight: str, unit: str | None, confidence: float = 95.0) -> WeightReading:
    return WeightReading(LOCAL_OCR, Decimal(weight), confidence, unit, weight)


class TestWithDisplayUnit:
    def test_a_hidden_unit_is_the_locations_and_kg_is_converted_with_the_number_shown(self):
        r = with_display_unit(reading("234.7", None), "kg")
        assert r.weight_lb == Decimal("517.4")  # 234.7 x 2.20462 = 517.42
        assert (r.unit_source, r.unit_applied, r.display_value) == ("location", "kg", Decimal("234.7"))
        assert r.confidence == 95.0

    def test_a_hidden_unit_at_a_pounds_location_stays_pounds_and_says_where_it_came_from(self):
        r = with_display_unit(reading("234.7", None), "lb")
        assert (r.weight_lb, r.unit_source, r.unit_applied) == (Decimal("234.7"), "location", "lb")

    def test_a_unit_on_the_display_wins_and_its_disagreement_is_looked_at(self):
        r = with_display_unit(reading("517.4", "kg"), "lb")
        assert r.weight_lb == Decimal("517.4")  # the display's kg, already in pounds
        assert (r.unit_source, r.unit_applied) == ("display", "kg")
        assert r.confidence < DEFAULT_ACCEPT_CONFIDENCE
        assert r.reason == "the display shows kg, this location's scale is set to lb — check the weight"
        assert "unit_conflict" in r.doubts

    def test_a_unit_on_the_display_that_agrees_keeps_the_reading(self):
        r = with_display_unit(reading("120.0", "lb"), "lb")
        assert (r.weight_lb, r.confidence, r.unit_source, r.reason) == (Decimal("120.0"), 95.0, "display", None)

    def test_no_location_known_leaves_the_reading_as_it_was(self):
        assert with_display_unit(reading("23.4", None), None) == reading("23.4", None)

    def test_a_conversion_past_the_largest_weight_is_no_weight(self):
        assert not with_display_unit(reading("95000", None), "kg").found


def test_a_thumb_over_the_label_is_no_doubt_where_the_location_says_the_unit():
    photo = with_thumb(seven_segment("486", LED_GREEN, unit="kg"), right_of_digits=0.1, tip=0.3)
    assert "unit_hidden" in read_weight_sync(photo).doubts
    known = read_weight_sync(photo, unit_known=True)
    assert "unit_hidden" not in known.doubts
    assert with_display_unit(known, "kg").weight_lb == Decimal("1071.4")  # 486 kg


async def set_unit(client, tenant, store, unit: str) -> None:
    r = await client.put(f"/api/stores/{store.id}", json={"scale_display_unit": unit}, headers=tenant.headers())
    assert r.status_code == 200, r.text
    assert r.json()["scale_display_unit"] == unit


async def test_the_reading_at_a_kg_location_is_converted_and_says_so(client, factory):
    t = await factory.tenant(plan="pro")
    await set_unit(client, t, t.stores[1], "kg")
    r = await client.post("/api/ai/weight-extraction", files={"image": ("scale.jpg", NO_LABEL_JPEG, "image/jpeg")},
                          data={"store_id": str(t.stores[1].id)}, headers=t.headers("employee"))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["extracted_weight"] == 51.6  # 23.4 kg
    assert (body["unit_detected"], body["unit_source"], body["unit_applied"], body["display_value"]) == \
        (None, "location", "kg", 23.4)


async def test_without_a_location_named_the_users_own_applies(client, factory):
    t = await factory.tenant(plan="pro", assign_employee=True)  # the employee works at the first location
    await set_unit(client, t, t.stores[0], "kg")
    r = await client.post("/api/ocr/test", json={"image_data": base64.b64encode(NO_LABEL_JPEG).decode()},
                          headers=t.headers("employee"))
    assert r.status_code == 200, r.text
    assert (r.json()["extracted_weight"], r.json()["unit_source"]) == (51.6, "location")


async def test_another_companys_location_is_refused_naming_the_field(client, factory):
    t, other = await factory.tenant(plan="pro"), await factory.tenant(plan="pro")
    r = await client.post("/api/ai/weight-extraction", files={"image": ("scale.jpg", NO_LABEL_JPEG, "image/jpeg")},
                          data={"store_id": str(other.stores[0].id)}, headers=t.headers("employee"))
    assert r.status_code == 422
    assert r.json()["detail"] == "Location not found"


async def test_the_setting_takes_only_lb_or_kg(client, factory):
    t = await factory.tenant()
    r = await client.put(f"/api/stores/{t.stores[0].id}", json={"scale_display_unit": "g"}, headers=t.headers())
    assert r.status_code == 422
    assert "scale_display_unit" in r.text
    r = await client.get("/api/stores", headers=t.headers())
    assert {s["scale_display_unit"] for s in r.json()["stores"]} == {"lb"}  # the default
