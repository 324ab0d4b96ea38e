"""Hostile uploads on the ticket photo call: every photo is checked by its bytes and re-encoded,
so bombs, SVG with script and polyglots never reach storage as sent, and GPS never stays."""
from __future__ import annotations

import io
import zipfile

import pytest
from PIL import Image

from api.kit.guard import MAX_BODY_BYTES
from tests.pipelines.world import OCTOBER, add_tickets


def _jpeg(size=(64, 48), exif: bytes | None = None) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, (120, 160, 90)).save(buf, format="JPEG", **({"exif": exif} if exif else {}))
    return buf.getvalue()


def _gps_exif() -> bytes:
    exif = Image.Exif()
    gps = exif.get_ifd(0x8825)
    gps.update({1: "N", 2: (37.0, 48.0, 30.0), 3: "W", 4: (122.0, 16.0, 12.0)})
    exif[0x010F] = "SpyCam Inc"
    return exif.tobytes()


def _bomb() -> bytes:
    """A 30,000 x 30,000 PNG (900 MP) of a few hundred KB: decoded it would take gigabytes."""
    buf = io.BytesIO()
    Image.new("1", (30_000, 30_000), 0).save(buf, format="PNG", optimize=True)
    return buf.getvalue()


@pytest.fixture(scope="module")
async def ticket(app):
    from tests.factories import Factory

    tenant = await Factory().tenant(stores=1)
    (ticket_id,) = await add_tickets(tenant, OCTOBER[:1])
    return tenant, ticket_id


async def _upload(client, ticket, raw: bytes, name="x.jpg", mime="image/jpeg"):
    tenant, ticket_id = ticket
    return await client.post(f"/api/tickets/{ticket_id}/images", headers=tenant.headers(),
                             files={"file": (name, raw, mime)}, data={"kind": "additional"})


async def _stored(client, ticket, image_id) -> bytes:
    tenant, ticket_id = ticket
    r = await client.get(f"/api/tickets/{ticket_id}/images/{image_id}", headers=tenant.headers())
    assert r.status_code == 200
    assert r.headers["content-type"] == "image/jpeg" and r.headers["x-content-type-options"] == "nosniff"
    return r.content


async def test_gps_and_camera_exif_are_stripped(client, ticket):
    raw = _jpeg(exif=_gps_exif())
    assert Image.open(io.BytesIO(raw)).getexif().get_ifd(0x8825), "the fixture really carries GPS"
    r = await _upload(client, ticket, raw)
    assert r.status_code == 201, r.text
    stored = await _stored(client, ticket, r.json()["id"])
    exif = Image.open(io.BytesIO(stored)).getexif()
    assert not exif.get_ifd(0x8825) and 0x010F not in exif and b"SpyCam" not in stored


async def test_a_decompression_bomb_is_refused_without_decoding(client, ticket):
    r = await _upload(client, ticket, _bomb(), name="bomb.png", mime="image/png")
    assert r.status_code in (413, 422), r.text
    assert r.json()["detail"]


async def test_svg_with_script_is_refused(client, ticket):
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'
    r = await _upload(client, ticket, svg, name="x.svg", mime="image/svg+xml")
    assert r.status_code == 422
    r = await _upload(client, ticket, svg, name="x.jpg", mime="image/jpeg")  # a lying name and type
    assert r.status_code == 422


async def test_polyglots_are_re_encoded_so_the_payload_is_gone(client, ticket):
    payload = b"<html><script>alert('polyglot')</script></html>"
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("evil.html", payload)
    for tail in (payload, archive.getvalue()):
        r = await _upload(client, ticket, _jpeg(size=(70 + len(tail) % 50, 40)) + tail)
        assert r.status_code == 201, r.text
        stored = await _stored(client, ticket, r.json()["id"])
        assert b"<script>" not in stored and b"evil.html" not in stored
        Image.open(io.BytesIO(stored)).verify()


async def test_a_100_mb_body_is_refused_before_it_is_read(client, ticket):
    tenant, ticket_id = ticket
    consumed = 0

    async def body():
        nonlocal consumed
        chunk = b"\0" * (1024 * 1024)
        for _ in range(100):
            consumed += len(chunk)
            yield chunk

    r = await client.post(f"/api/tickets/{ticket_id}/images", headers={
        **tenant.headers(), "content-type": "multipart/form-data; boundary=x", "content-length": str(100 * 1024 * 1024),
    }, content=body())
    assert r.status_code == 413
    assert consumed <= 2 * 1024 * 1024, f"the server read {consumed} bytes before refusing"
    assert MAX_BODY_BYTES < 100 * 1024 * 1024
