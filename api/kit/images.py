"""Images from users, opened safely, for every upload Flow keeps (ticket photos, company logos).

Checked by their bytes, never their name: only the formats a caller accepts (so SVG and anything
else Pillow cannot decode is refused), a decompression bomb refused from its header before any
pixel is decoded, and the picture turned upright by its EXIF. Callers re-encode the pixels
(`flat_rgb`, `without_metadata`): EXIF, GPS, text chunks and whatever rides after the image data
(a polyglot's payload) are not carried over.
"""
from __future__ import annotations

import io
import warnings

from PIL import Image, ImageOps, UnidentifiedImageError

MAX_PIXELS = 50_000_000  # refuse decompression bombs before decoding them


class NotAnImage(Exception):
    """Not one of the accepted formats, or not an image at all."""


class TooManyPixels(Exception):
    """More pixels than MAX_PIXELS: a decompression bomb, refused before decoding."""


def open_upright(raw: bytes, formats: set[str], max_pixels: int = MAX_PIXELS) -> tuple[Image.Image, str]:
    """(the decoded picture, upright; the format its bytes are in); raises NotAnImage or TooManyPixels."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(raw)) as probe:
                if probe.format not in formats:
                    raise NotAnImage(probe.format)
                if probe.width * probe.height > max_pixels:
                    raise TooManyPixels(f"{probe.width}x{probe.height}")
                probe.load()
                return ImageOps.exif_transpose(probe), probe.format
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        # Pillow's own guard, from the header, for the bombs past its limit.
        raise TooManyPixels(str(exc)) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise NotAnImage(str(exc)) from None


def has_alpha(img: Image.Image) -> bool:
    return img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info)


def flat_rgb(img: Image.Image) -> Image.Image:
    """RGB pixels, transparency laid on white."""
    if has_alpha(img):
        img = img.convert("RGBA")
        background = Image.new("RGB", img.size, (255, 255, 255))
        background.paste(img, mask=img.split()[-1])
        return background
    return without_metadata(img.convert("RGB"))


def without_metadata(img: Image.Image) -> Image.Image:
    img.info.clear()
    return img
