"""Company logo: checked by its bytes (not its name), at most 2 MB, kept under media_dir/logos.

Re-encoded like ticket photos (api.kit.images): only the pixels are kept, so EXIF and GPS, text
chunks and a polyglot's payload are gone; SVG and other formats are refused; a decompression bomb
is refused from its header. A JPEG stays a JPEG; PNG, GIF and WebP become PNG (transparency kept).
At most LOGO_SIDE_PX a side: logos are shown small, on screens and in PDFs.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import io
import logging
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from api.core.config import get_settings
from api.kit.errors import DomainError, Invalid
from api.kit.images import NotAnImage, TooManyPixels, flat_rgb, has_alpha, open_upright, without_metadata
from api.tables.companies import Company

MAX_LOGO_BYTES = 2 * 1024 * 1024  # 2097152, spec 1 section 9
FORMATS = {"JPEG": ("image/jpeg", "jpg"), "PNG": ("image/png", "png"), "GIF": ("image/gif", "gif"),
           "WEBP": ("image/webp", "webp")}
BAD_TYPE = "Please upload a valid image file (JPEG, PNG, GIF, or WebP)"
LOGO_SIDE_PX = 1024
log = logging.getLogger("flow.logo")


class TooLarge(DomainError):
    status_code = 413


def _root() -> Path:
    return Path(get_settings().media_dir)


def decode_data_url(data: str) -> bytes:
    payload = data.split(",", 1)[1] if data.startswith("data:") and "," in data else data
    try:
        return base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError):
        raise Invalid(BAD_TYPE) from None


def image_format(raw: bytes) -> str:
    try:
        with Image.open(io.BytesIO(raw)) as img:
            img.verify()
            fmt = img.format
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        raise Invalid(BAD_TYPE) from None
    if fmt not in FORMATS:
        raise Invalid(BAD_TYPE)
    return fmt


def reencode(raw: bytes) -> tuple[bytes, str]:
    """(the logo's new bytes, its format): the pixels only, upright, at most LOGO_SIDE_PX a side."""
    try:
        img, source = open_upright(raw, set(FORMATS))
    except TooManyPixels:
        raise TooLarge("Image dimensions are too large") from None
    except NotAnImage:
        raise Invalid(BAD_TYPE) from None
    fmt = "JPEG" if source == "JPEG" else "PNG"
    img = flat_rgb(img) if fmt == "JPEG" else without_metadata(img.convert("RGBA" if has_alpha(img) else "RGB"))
    img.thumbnail((LOGO_SIDE_PX, LOGO_SIDE_PX))
    out = io.BytesIO()
    if fmt == "JPEG":
        img.save(out, format="JPEG", quality=90, optimize=True)
    else:
        img.save(out, format="PNG", optimize=True)
    return out.getvalue(), fmt


def save_logo(company: Company, data_url: str) -> str:
    # base64 is 4/3 of the bytes: refuse a huge body before decoding it
    if len(data_url) > MAX_LOGO_BYTES * 4 // 3 + 200:
        raise TooLarge("File size must be less than 2MB")
    raw = decode_data_url(data_url)
    if len(raw) > MAX_LOGO_BYTES:
        raise TooLarge("File size must be less than 2MB")
    clean, fmt = reencode(raw)
    key = f"logos/{company.id}-{hashlib.sha256(clean).hexdigest()[:16]}.{FORMATS[fmt][1]}"
    path = _root() / key
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(clean)
    old = company.logo_key
    company.logo_key = key
    if old and old != key:
        (_root() / old).unlink(missing_ok=True)
    return key


def logo_data_url(company: Company) -> str | None:
    if not company.logo_key:
        return None
    path = _root() / company.logo_key
    if not path.is_file():
        return None
    raw = path.read_bytes()
    mime = FORMATS.get(image_format(raw), ("application/octet-stream",))[0]
    return f"data:{mime};base64,{base64.b64encode(raw).decode()}"


def remove_logo(company: Company) -> None:
    if company.logo_key:
        (_root() / company.logo_key).unlink(missing_ok=True)
    company.logo_key = None


def logo_png(company: Company) -> bytes | None:
    """The company logo as PNG for a PDF (every PDF Flow makes shows it), or None when the company has
    none or its file cannot be read (the PDF is then made without it)."""
    if not company.logo_key:
        return None
    path = Path(get_settings().media_dir) / company.logo_key
    try:
        with Image.open(path) as img:
            out = io.BytesIO()
            img.convert("RGBA").save(out, format="PNG")
            return out.getvalue()
    except (OSError, ValueError):
        log.warning("logo of company %s could not be read; PDF made without it", company.id)
        return None
