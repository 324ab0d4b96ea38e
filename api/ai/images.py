"""Photos in: checked by content (JPEG, PNG, WebP), size-capped, turned upright, cleaned for OCR."""
from __future__ import annotations

import base64
import binascii
import io
import warnings

import numpy as np
from PIL import Image, ImageOps

from api.kit.errors import DomainError

ACCEPTED_FORMATS = {"JPEG", "PNG", "WEBP"}
MAX_PIXELS = 40_000_000  # a 40 MP photo is already larger than any phone takes
OCR_LONG_SIDE = 960  # big enough for display digits, small enough for < 1 s on two cores
REMOTE_LONG_SIDE = 1536  # what vision models look at anyway; keeps requests small


class BadImage(DomainError):
    status_code = 400


class ImageTooLarge(DomainError):
    status_code = 413


def too_large_message(max_bytes: int) -> str:
    return f"The image is too large (at most {max_bytes // (1024 * 1024)} MB)."


def decode_base64(image_data: str, max_bytes: int) -> bytes:
    """A base64 string or a data URL (data:image/jpeg;base64,...) to bytes, size-checked first."""
    payload = image_data.strip()
    if payload.startswith("data:"):
        header, _, payload = payload.partition(",")
        if ";base64" not in header:
            raise BadImage("image_data must be a base64 encoded image.")
    if len(payload) * 3 // 4 > max_bytes + 3:
        raise ImageTooLarge(too_large_message(max_bytes))
    try:
        raw = base64.b64decode(payload, validate=False)
    except (binascii.Error, ValueError):
        raise BadImage("image_data must be a base64 encoded image.") from None
    if not raw:
        raise BadImage("The image is empty.")
    return raw


def open_image(raw: bytes, max_bytes: int) -> Image.Image:
    """Bytes to an upright RGB picture, or a 400/413 with a message the operator can act on."""
    if len(raw) > max_bytes:
        raise ImageTooLarge(too_large_message(max_bytes))
    if not raw:
        raise BadImage("The image is empty.")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            img = Image.open(io.BytesIO(raw))
            if img.format not in ACCEPTED_FORMATS:
                raise BadImage("Unsupported image type: send a JPEG, PNG or WebP photo.")
            if img.width * img.height > MAX_PIXELS:
                raise BadImage("The image has too many pixels.")
            img.load()
            img = ImageOps.exif_transpose(img)
    except BadImage:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise BadImage("The image has too many pixels.") from None
    except Exception:  # noqa: BLE001 -- Pillow raises many types for broken files; all mean the same here
        raise BadImage("The file is not a readable image (corrupt or not a JPEG, PNG or WebP photo).") from None
    return img.convert("RGB")


def _strongest_channel(rgb: np.ndarray, window: tuple[slice, slice]) -> np.ndarray:
    """The channel (R, G, B or luminance) where the display shows most contrast.

    Red LEDs vanish in luminance and white-on-blue LCDs in the brightest channel, so pick per photo.
    """
    weights = np.array([0.299, 0.587, 0.114])
    # Luminance is measured in the window first and made for the whole picture only when it wins
    # (a tenth of a second's hundredth each time, for_ocr runs up to six times a photo); each
    # pixel's value is its own three products, so the window's values are the whole one's.
    lum_window = (rgb[window] @ weights).astype(np.uint8)
    spread = [float(rgb[..., c][window].std()) for c in range(3)] + [float(lum_window.std())]
    best = max(range(4), key=lambda i: spread[i])  # the first of equals, as max over the channels
    return rgb[..., best] if best < 3 else (rgb @ weights).astype(np.uint8)


def shrunk(img: Image.Image) -> Image.Image:
    """The photo at most OCR_LONG_SIDE pixels long, in its own colours: what for_ocr cleans (a
    photo already that small passes for_ocr unchanged in size)."""
    small = img.copy()
    small.thumbnail((OCR_LONG_SIDE, OCR_LONG_SIDE), Image.BILINEAR)
    return small


def for_ocr(img: Image.Image, *, invert: bool | None = None,
            ghost_suppression: bool = True) -> tuple[Image.Image, bool]:
    """Dark digits on a light ground, high contrast, faint unlit segments washed out.

    invert=None decides the polarity from the centre of the photo, where the operator aims;
    the answer says whether the picture was inverted.
    """
    rgb = np.asarray(shrunk(img))
    h, w = rgb.shape[:2]
    window = (slice(int(h * 0.42), max(int(h * 0.58), int(h * 0.42) + 1)),
              slice(int(w * 0.3), max(int(w * 0.7), int(w * 0.3) + 1)))
    gray = ImageOps.autocontrast(Image.fromarray(_strongest_channel(rgb, window)), cutoff=1)
    if invert is None:
        invert = bool(np.median(np.asarray(gray)[window]) < 110)
    if invert:
        gray = ImageOps.invert(gray)
    if ghost_suppression:
        # A gamma below 1 lifts the mid greys of unlit segments towards the white ground.
        lut = [round(255 * (v / 255) ** 0.35) for v in range(256)]
        gray = gray.point(lut)
    return gray.convert("RGB"), invert


def for_remote(img: Image.Image) -> str:
    """A JPEG data URL of at most REMOTE_LONG_SIDE pixels for a vision model."""
    small = img.copy()
    small.thumbnail((REMOTE_LONG_SIDE, REMOTE_LONG_SIDE), Image.LANCZOS)
    buf = io.BytesIO()
    small.save(buf, format="JPEG", quality=85)
    return "data:image/jpeg;base64," + base64.b64encode(buf.getvalue()).decode("ascii")
