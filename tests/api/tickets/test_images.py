"""Ticket photos: caps, content checks, size cap, metadata stripped, served only to the owner."""
from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from tests.api.tickets.lists import ensure_lists
from tests.api.tickets.test_create import OUTBOUND


def picture(fmt: str = "JPEG", size=(320, 240), exif: bool = False, color=None) -> bytes:
    img = Image.new("RGB", size, color or (30, 120, 60))
    # A different dot in each picture: identical photos count as one image.
    img.putpixel((next(_serial) % size[0], 0), (255, 255, 255))
    out = io.BytesIO()
    if exif:
        data = Image.Exif()
        data[0x010F] = "SecretCam"  # Make
        img.save(out, format=fmt, exif=data)
    else:
        img.save(out, format=fmt)
    return out.getvalue()


_serial = itertools.count()


@pytest.fixture
async def tenant(factory):
    t = await factory.tenant(stores=1)
    await ensure_lists(t)
    return t


@pytest.fixture
async def ticket(client, tenant):
    r = await client.post("/api/tickets", json=OUTBOUND, headers=tenant.headers())
    return r.json()


async def upload(client, tenant, ticket, kind="additional", data=None, name="photo.jpg", mime="image/jpeg", who="admin"):
    return await client.post(
        f"/api/tickets/{ticket['id']}/images", data={"kind": kind},
        files={"file": (name, data if data is not None else picture(), mime)}, headers=tenant.headers(who),
    )


class TestUpload:
    @pytest.mark.parametrize("fmt", ["JPEG", "PNG", "WEBP"])
    async def test_jpeg_png_and_webp_are_accepted_and_get_a_thumbnail(self, client, tenant, ticket, fmt):
        r = await upload(client, tenant, ticket, kind="gross", data=picture(fmt, size=(1200, 900)))
        assert r.status_code == 201, r.text
        image = r.json()
        assert image["kind"] == "gross" and image["content_type"] == "image/jpeg" and image["width"] == 1200
        thumb = await client.get(image["thumbnail_url"], headers=tenant.headers())
        assert thumb.status_code == 200
        assert max(Image.open(io.BytesIO(thumb.content)).size) == 256

    async def test_a_text_file_named_jpg_is_refused(self, client, tenant, ticket, owner_sql):
        r = await upload(client, tenant, ticket, data=b"just some text, honestly", name="scale.jpg")
        assert r.status_code == 422 and r.json()["detail"] == "Only JPEG, PNG or WebP images are accepted"
        assert owner_sql("select count(*) from ticket_images where ticket_id=%s", (ticket["id"],))[0][0] == 0

    async def test_a_gif_is_refused_even_when_declared_as_jpeg(self, client, tenant, ticket):
        r = await upload(client, tenant, ticket, data=picture("GIF"))
        assert r.status_code == 422

    async def test_oversized_image_is_refused_with_413(self, client, tenant, ticket, monkeypatch):
        from api.core.config import get_settings

        monkeypatch.setattr(get_settings(), "max_image_bytes", 2000)
        r = await upload(client, tenant, ticket, data=picture(size=(800, 800)) + b"\0" * 3000)
        assert r.status_code == 413 and "too large" in r.json()["detail"]

    async def test_exif_metadata_is_stripped(self, client, tenant, ticket):
        r = await upload(client, tenant, ticket, data=picture(exif=True))
        full = await client.get(r.json()["url"], headers=tenant.headers())
        assert b"SecretCam" not in full.content
        assert not Image.open(io.BytesIO(full.content)).getexif()

    async def test_caps_per_kind_and_in_total(self, client, tenant, ticket):
        for _ in range(2):
            assert (await upload(client, tenant, ticket, kind="gross")).status_code == 201
        r = await upload(client, tenant, ticket, kind="gross")
        assert r.status_code == 422 and r.json()["detail"] == "Maximum of 2 gross images per ticket"
        for _ in range(2):
            assert (await upload(client, tenant, ticket, kind="tare")).status_code == 201
        r = await upload(client, tenant, ticket, kind="tare")
        assert r.json()["detail"] == "Maximum of 2 tare images per ticket"
        for _ in range(6):
            assert (await upload(client, tenant, ticket, kind="additional")).status_code == 201
        r = await upload(client, tenant, ticket, kind="additional")
        assert r.json()["detail"] == "Maximum of 10 images per ticket"
        got = (await client.get(f"/api/tickets/{ticket['id']}", headers=tenant.headers())).json()
        assert len(got["images"]) == 10

    async def test_eight_additional_images_is_the_additional_cap(self, client, tenant, ticket):
        for _ in range(8):
            assert (await upload(client, tenant, ticket)).status_code == 201
        r = await upload(client, tenant, ticket)
        assert r.json()["detail"] == "Maximum of 8 additional images per ticket"

    async def test_the_same_photo_sent_twice_is_one_image(self, client, tenant, ticket):
        photo = picture()
        first = await upload(client, tenant, ticket, kind="tare", data=photo)
        again = await upload(client, tenant, ticket, kind="tare", data=photo)
        assert (first.status_code, again.status_code) == (201, 200)
        assert again.json()["id"] == first.json()["id"]
        got = (await client.get(f"/api/tickets/{ticket['id']}", headers=tenant.headers())).json()
        assert len(got["images"]) == 1

    async def test_unknown_kind_is_refused(self, client, tenant, ticket):
        assert (await upload(client, tenant, ticket, kind="selfie")).status_code == 422


class TestAccess:
    async def test_another_company_cannot_see_or_add_images(self, client, tenant, ticket, factory):
        image = (await upload(client, tenant, ticket)).json()
        other = await factory.tenant(stores=1)
        for url in (image["url"], image["thumbnail_url"]):
            assert (await client.get(url, headers=other.headers())).status_code == 404
        assert (await upload(client, other, ticket)).status_code == 404
        assert (await client.get(image["url"])).status_code == 401

    async def test_image_of_another_ticket_is_not_found_under_this_ticket(self, client, tenant, ticket):
        image = (await upload(client, tenant, ticket)).json()
        second = (await client.post("/api/tickets", json=OUTBOUND, headers=tenant.headers())).json()
        r = await client.get(f"/api/tickets/{second['id']}/images/{image['id']}", headers=tenant.headers())
        assert r.status_code == 404

    async def test_void_ticket_takes_no_more_images(self, client, tenant, ticket):
        await client.post(f"/api/tickets/{ticket['id']}/void", json={"reason": "duplicate"}, headers=tenant.headers())
        assert (await upload(client, tenant, ticket)).status_code == 409


class TestStorage:
    async def test_local_store_refuses_keys_outside_its_folder(self, tmp_path):
        from api.tickets.images import LocalImageStore

        store = LocalImageStore(tmp_path)
        await store.save("a/b.jpg", b"x", "image/jpeg")
        assert await store.load("a/b.jpg") == b"x"
        with pytest.raises(ValueError):
            await store.save("../escape.jpg", b"x", "image/jpeg")
