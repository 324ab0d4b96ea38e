"""The AI reading calls: plan and role gating, image checks, and readings end to end."""
from __future__ import annotations

import base64

import pytest

from api.core.config import get_settings
from api.subscription import plans
from bench.ai.displays import LCD, plate_image, scale_photo, seven_segment
from tests.api.ai.conftest import jpeg_bytes

SCALE_JPEG = jpeg_bytes(scale_photo(seven_segment("23.4", LCD, cells=5)), quality=80)


def upload(data: bytes, name: str = "scale.jpg", content_type: str = "image/jpeg") -> dict:
    return {"image": (name, data, content_type)}


async def test_employee_on_pro_reads_scale_photo_offline(client, factory):
    tenant = await factory.tenant(plan="pro")
    r = await client.post("/api/ai/weight-extraction", files=upload(SCALE_JPEG), headers=tenant.headers("employee"))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["success"] is True
    assert body["extracted_weight"] == 23.4
    assert body["provider_used"] == "local_ocr"
    assert body["confidence"] >= body["accept_confidence"]


async def test_trial_company_may_use_ai_reading(client, factory):
    tenant = await factory.tenant(trial=True)
    r = await client.post("/api/ai/weight-extraction", files=upload(SCALE_JPEG), headers=tenant.headers("admin"))
    assert r.status_code == 200


async def test_core_plan_gets_403_with_the_plan_message(client, factory):
    tenant = await factory.tenant(plan="core")
    r = await client.post("/api/ai/weight-extraction", files=upload(SCALE_JPEG), headers=tenant.headers("admin"))
    assert r.status_code == 403
    assert r.json()["detail"] == plans.FEATURE_MESSAGES.get(plans.AI_VISION, "Your plan does not include this feature")


async def test_anonymous_caller_is_refused(client):
    r = await client.post("/api/ai/weight-extraction", files=upload(SCALE_JPEG))
    assert r.status_code == 401


async def test_system_admin_is_not_a_scale_operator(client, factory):
    _, token = await factory.system_admin()
    r = await client.post("/api/ai/weight-extraction", files=upload(SCALE_JPEG),
                          headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 403


@pytest.mark.parametrize("payload", [b"not an image at all", b"\xff\xd8\xff\xe0" + b"\x00" * 200, b"GIF89a" + b"\x00" * 50])
async def test_bad_image_is_400_with_a_clear_message(client, factory, payload):
    tenant = await factory.tenant(plan="pro")
    r = await client.post("/api/ai/weight-extraction", files=upload(payload), headers=tenant.headers("admin"))
    assert r.status_code == 400
    assert "image" in r.json()["detail"].lower() or "gif" in r.json()["detail"].lower()


async def test_image_over_the_size_cap_is_413(client, factory):
    tenant = await factory.tenant(plan="pro")
    big = SCALE_JPEG + b"\x00" * (get_settings().max_image_bytes + 1 - len(SCALE_JPEG))
    r = await client.post("/api/ai/weight-extraction", files=upload(big), headers=tenant.headers("admin"))
    assert r.status_code == 413


async def test_photo_without_a_display_is_an_answer_not_an_error(client, factory):
    from PIL import Image

    tenant = await factory.tenant(plan="pro")
    blank = jpeg_bytes(Image.new("RGB", (640, 480), (200, 200, 200)))
    r = await client.post("/api/ai/weight-extraction", files=upload(blank), headers=tenant.headers("admin"))
    assert r.status_code == 200
    assert r.json()["success"] is False
    assert r.json()["extracted_weight"] is None
    assert r.json()["message"] == "AI Vision could not detect weight. Please enter weight manually."


async def test_ocr_test_reads_a_base64_data_url(client, factory):
    tenant = await factory.tenant(plan="enterprise")
    data_url = "data:image/jpeg;base64," + base64.b64encode(SCALE_JPEG).decode()
    r = await client.post("/api/ocr/test", json={"image_data": data_url}, headers=tenant.headers("employee"))
    assert r.status_code == 200, r.text
    assert r.json()["extracted_weight"] == 23.4
    assert r.json()["success"] is True


async def test_ocr_test_refuses_text_that_is_not_base64_image(client, factory):
    tenant = await factory.tenant(plan="pro")
    r = await client.post("/api/ocr/test", json={"image_data": "hello world"}, headers=tenant.headers("admin"))
    assert r.status_code == 400


async def test_licence_plate_photo_gives_the_plate(client, factory):
    tenant = await factory.tenant(plan="enterprise")
    r = await client.post("/api/ai/license-plate-recognition", files=upload(jpeg_bytes(plate_image("8XYZ432"))),
                          headers=tenant.headers("admin"))
    assert r.status_code == 200, r.text
    assert r.json()["license_plate"] == "8XYZ432"


async def test_company_choosing_openai_is_read_by_the_remote_model(client, factory, owner_sql, fake_openai,
                                                                   monkeypatch):
    tenant = await factory.tenant(plan="pro")
    owner_sql("update company_settings set ai_provider = 'openai' where company_id = %s", (tenant.company_id,))
    settings = get_settings()
    monkeypatch.setattr(settings, "openai_api_key", "sk-route-test")
    monkeypatch.setattr(settings, "openai_base_url", fake_openai.base_url)
    monkeypatch.setattr(settings, "openai_model", "good")
    r = await client.post("/api/ai/weight-extraction", files=upload(SCALE_JPEG), headers=tenant.headers("admin"))
    assert r.status_code == 200, r.text
    assert r.json()["provider_used"] == "gpt4_vision"
    assert r.json()["extracted_weight"] == 23.4


async def test_auto_mode_without_a_key_stays_offline(client, factory, fake_openai):
    tenant = await factory.tenant(plan="pro")
    r = await client.post("/api/ai/weight-extraction", files=upload(SCALE_JPEG), headers=tenant.headers("admin"))
    assert r.json()["provider_used"] == "local_ocr"
    assert fake_openai.requests == []


@pytest.mark.usefixtures("rate_window")
async def test_a_company_reading_in_a_loop_is_slowed_down_with_429(client, factory, monkeypatch):
    from api.ai import limits

    monkeypatch.setattr(limits, "READINGS_PER_MINUTE", 2)
    tenant, other = await factory.tenant(plan="pro"), await factory.tenant(plan="pro")
    codes = [(await client.post("/api/ai/weight-extraction", files=upload(b"junk"), headers=tenant.headers("admin")))
             .status_code for _ in range(3)]
    assert codes == [400, 400, 429]
    r = await client.post("/api/ai/weight-extraction", files=upload(b"junk"), headers=other.headers("admin"))
    assert r.status_code == 400  # another company keeps its own allowance


async def test_a_weight_read_with_doubts_says_why_in_the_message(client, factory, monkeypatch):
    """Issue 19: the screens show why a reading is not accepted; the reason rides in the message."""
    from PIL import Image

    from api.ai import layout

    # The segments unreadable (as under glare): the model's doubts about the tilted line stand.
    monkeypatch.setattr(layout, "segment_reading", lambda img, bounds, ink=layout.INK: None)
    tenant = await factory.tenant(plan="pro")
    tilted = scale_photo(seven_segment("206.1", LCD)).rotate(-15, resample=Image.BICUBIC, fillcolor=(150, 148, 140))
    r = await client.post("/api/ai/weight-extraction", files=upload(jpeg_bytes(tilted, quality=92)),
                          headers=tenant.headers("employee"))
    body = r.json()
    assert body["success"] is True and body["confidence"] < body["accept_confidence"]
    head = f"Weight detected: {body['extracted_weight']} lb ({body['confidence']:.0f}% confidence). "
    assert body["message"].startswith(head) and body["message"].endswith(" — check the weight.")
    reason = body["message"].removeprefix(head)
    assert reason[0].isupper() and len(reason) > len("X — check the weight.")


async def test_an_accepted_weight_carries_no_reason(client, factory):
    tenant = await factory.tenant(plan="pro")
    r = await client.post("/api/ai/weight-extraction", files=upload(SCALE_JPEG), headers=tenant.headers("employee"))
    body = r.json()
    assert body["confidence"] >= body["accept_confidence"]
    assert body["message"] == f"Weight detected: 23.4 lb ({body['confidence']:.0f}% confidence)"
