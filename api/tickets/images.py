"""Ticket photos: checked by content, re-encoded without metadata, stored outside the row.

Storage is one small interface with two implementations: a local folder (Settings.media_dir,
the default) and any S3-compatible store (Settings.s3_bucket, via boto3). Keys are built only
from ids we generated, never from user input.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import anyio
from PIL import Image

from api.core.config import Settings, get_settings
from api.kit.errors import DomainError, Invalid
from api.kit.images import NotAnImage, TooManyPixels, flat_rgb, open_upright

ACCEPTED_FORMATS = {"JPEG", "PNG", "WEBP"}
IMAGE_CAPS = {"gross": 2, "tare": 2, "additional": 8}
MAX_IMAGES_PER_TICKET = 10
MAX_SIDE_PX = 2560  # keeps a 48 MP phone photo readable but small on disk
THUMBNAIL_PX = 256


class ImageTooLarge(DomainError):
    status_code = 413


@dataclass(frozen=True)
class ProcessedImage:
    data: bytes
    thumbnail: bytes
    width: int
    height: int
    sha256: str
    content_type: str = "image/jpeg"


def _jpeg(img: Image.Image, quality: int) -> bytes:
    out = io.BytesIO()
    img.save(out, format="JPEG", quality=quality, optimize=True)
    return out.getvalue()


def process_image(raw: bytes, max_bytes: int) -> ProcessedImage:
    """Check the bytes are a real JPEG/PNG/WebP, then re-encode as JPEG (drops EXIF/GPS)."""
    if len(raw) > max_bytes:
        raise ImageTooLarge(f"Image is too large (maximum {max_bytes // (1024 * 1024)} MB)")
    if not raw:
        raise Invalid("The image file is empty")
    try:
        img = flat_rgb(open_upright(raw, ACCEPTED_FORMATS)[0])
    except TooManyPixels:
        raise ImageTooLarge("Image dimensions are too large") from None
    except NotAnImage:
        raise Invalid("Only JPEG, PNG or WebP images are accepted") from None
    img.thumbnail((MAX_SIDE_PX, MAX_SIDE_PX))
    data = _jpeg(img, 85)
    thumb = img.copy()
    thumb.thumbnail((THUMBNAIL_PX, THUMBNAIL_PX))
    return ProcessedImage(
        data=data, thumbnail=_jpeg(thumb, 80), width=img.width, height=img.height,
        sha256=hashlib.sha256(data).hexdigest(),
    )


def decode_data_url(value: str, max_bytes: int) -> bytes:
    """The simple ticket's image_data: 'data:image/jpeg;base64,...' (a bare base64 string too)."""
    payload = value.split(",", 1)[1] if value.startswith("data:") and "," in value else value
    # base64 inflates by 4/3: refuse before decoding a huge string.
    if len(payload) > (max_bytes * 4) // 3 + 8:
        raise ImageTooLarge(f"Image is too large (maximum {max_bytes // (1024 * 1024)} MB)")
    try:
        return base64.b64decode(payload, validate=False)
    except (binascii.Error, ValueError):
        raise Invalid("image_data is not a valid base64 image") from None


# ---------------------------------------------------------------------------------------------
# Storage
# ---------------------------------------------------------------------------------------------
class ImageStore(Protocol):
    async def save(self, key: str, data: bytes, content_type: str) -> None: ...

    async def load(self, key: str) -> bytes | None: ...

    async def delete(self, key: str) -> None: ...


class LocalImageStore:
    def __init__(self, root: Path):
        self.root = Path(root)

    def _path(self, key: str) -> Path:
        path = (self.root / key).resolve()
        if self.root.resolve() not in path.parents:
            raise ValueError("image key escapes the media folder")
        return path

    async def save(self, key: str, data: bytes, content_type: str) -> None:
        path = self._path(key)

        def _write() -> None:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(path.suffix + ".part")
            tmp.write_bytes(data)
            tmp.replace(path)

        await anyio.to_thread.run_sync(_write)

    async def load(self, key: str) -> bytes | None:
        path = self._path(key)
        return await anyio.to_thread.run_sync(lambda: path.read_bytes() if path.is_file() else None)

    async def delete(self, key: str) -> None:
        path = self._path(key)
        await anyio.to_thread.run_sync(lambda: path.unlink(missing_ok=True))


class S3ImageStore:
    def __init__(self, settings: Settings):
        import boto3

        self.bucket = settings.s3_bucket
        self.client = boto3.client(
            "s3", endpoint_url=settings.s3_endpoint_url or None, region_name=settings.s3_region
        )

    async def save(self, key: str, data: bytes, content_type: str) -> None:
        await anyio.to_thread.run_sync(
            lambda: self.client.put_object(Bucket=self.bucket, Key=key, Body=data, ContentType=content_type)
        )

    async def load(self, key: str) -> bytes | None:
        def _get() -> bytes | None:
            try:
                return self.client.get_object(Bucket=self.bucket, Key=key)["Body"].read()
            except self.client.exceptions.NoSuchKey:
                return None

        return await anyio.to_thread.run_sync(_get)

    async def delete(self, key: str) -> None:
        await anyio.to_thread.run_sync(lambda: self.client.delete_object(Bucket=self.bucket, Key=key))


@lru_cache
def _store_for(media_dir: str, bucket: str) -> ImageStore:
    settings = get_settings()
    return S3ImageStore(settings) if bucket else LocalImageStore(Path(media_dir))


def image_store() -> ImageStore:
    settings = get_settings()
    return _store_for(str(settings.media_dir), settings.s3_bucket)


def image_keys(company_id, ticket_id, image_id) -> tuple[str, str]:
    base = f"{company_id}/tickets/{ticket_id}/{image_id}"
    return f"{base}.jpg", f"{base}_thumb.jpg"
