"""Hostile company logos: re-encoded by content like ticket photos (api.kit.images), so GPS and
camera EXIF, text chunks and a polyglot's payload never reach storage, SVG is refused and a
decompression bomb is refused from its header."""
from __future__ import annotations

import base64
import io
import zipfile

import pytest
from PIL import Image, PngImagePlugin

from api.companies.logo import BAD_TYPE, LOGO_SIDE_PX
from tests.api.reliability.test_hostile_uploads import _bomb, _gps_exif, _jpeg

PAYLOAD = b"<html><script>alert('polyglot')</script></html>"


@pytest.fixture(scope="module")
async def tenant(app):
    from tests.factories import Factory

    return await Factory().tenant(stores=1)


def as_data_url(raw: bytes, mime: str = "image/png") -> str:
    return f"data:{mime};base64,{base64.b64encode(raw).decode()}"


async def upload(client, tenant, raw: bytes, mime: str = "image/png"):
    return await client.post("/api/company/logo", json={"logo_data": as_data_url(raw, mime)}, headers=tenant.headers())


async def stored(client, tenant) -> tuple[str, bytes]:
    logo = (await client.get("/api/company/logo", headers=tenant.headers())).json()["logo"]
    head, body = logo.split(",", 1)
    return head, base64.b64decode(body)


def _png_with_secrets() -> bytes:
    img = Image.new("RGBA", (80, 40), (200, 30, 30, 0))
    img.paste((10, 120, 60, 255), (10, 10, 70, 30))
    text = PngImagePlugin.PngInfo()
    text.add_text("Comment", "SpyCam secret")
    buf = io.BytesIO()
    img.save(buf, format="PNG", pnginfo=text, exif=_gps_exif())
    return buf.getvalue()


async def test_gps_and_camera_exif_are_stripped_from_a_jpeg_logo(client, tenant):
    raw = _jpeg(exif=_gps_exif())
    r = await upload(client, tenant, raw, "image/jpeg")
    assert r.status_code == 200, r.text
    head, kept = await stored(client, tenant)
    assert head == "data:image/jpeg;base64"
    exif = Image.open(io.BytesIO(kept)).getexif()
    assert not exif.get_ifd(0x8825) and 0x010F not in exif and b"SpyCam" not in kept


async def test_a_png_logo_keeps_its_transparency_but_not_its_exif_or_text(client, tenant):
    raw = _png_with_secrets()
    assert b"SpyCam" in raw, "the fixture really carries the secrets"
    assert (await upload(client, tenant, raw)).status_code == 200
    head, kept = await stored(client, tenant)
    img = Image.open(io.BytesIO(kept))
    assert head == "data:image/png;base64" and img.mode == "RGBA"
    assert img.getpixel((2, 2))[3] == 0 and img.getpixel((40, 20)) == (10, 120, 60, 255)
    assert b"SpyCam" not in kept and not img.getexif()


@pytest.mark.parametrize("fmt", ["JPEG", "GIF", "PNG"])
async def test_polyglot_logos_are_re_encoded_so_the_payload_is_gone(client, tenant, fmt):
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("evil.html", PAYLOAD)
    for tail in (PAYLOAD, archive.getvalue()):
        buf = io.BytesIO()
        Image.new("RGB", (60, 30), (30, 90, 200)).save(buf, format=fmt)
        r = await upload(client, tenant, buf.getvalue() + tail, f"image/{fmt.lower()}")
        assert r.status_code == 200, r.text
        _head, kept = await stored(client, tenant)
        assert b"<script>" not in kept and b"evil.html" not in kept
        Image.open(io.BytesIO(kept)).verify()


async def test_svg_logos_are_refused_whatever_they_are_labelled(client, tenant):
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'
    for mime in ("image/svg+xml", "image/png"):
        r = await upload(client, tenant, svg, mime)
        assert r.status_code == 422 and r.json()["detail"] == BAD_TYPE


async def test_a_decompression_bomb_logo_is_refused_and_nothing_is_kept(client, factory, owner_sql):
    t = await factory.tenant(stores=1)
    raw = _bomb()
    assert len(raw) < 2 * 1024 * 1024, "small on the wire, 900 MP decoded"
    r = await upload(client, t, raw)
    assert r.status_code == 413 and r.json()["detail"] == "Image dimensions are too large"
    assert owner_sql("select logo_key from companies where id = %s", (t.company_id,)) == [(None,)]


async def test_a_huge_logo_is_scaled_down(client, tenant):
    buf = io.BytesIO()
    Image.new("RGB", (4000, 1000), (240, 240, 240)).save(buf, format="PNG")
    assert (await upload(client, tenant, buf.getvalue())).status_code == 200
    _head, kept = await stored(client, tenant)
    assert Image.open(io.BytesIO(kept)).size == (LOGO_SIDE_PX, LOGO_SIDE_PX // 4)
