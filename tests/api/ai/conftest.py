from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.api.ai.fake_openai import FakeOpenAI


@pytest.fixture
def fake_openai():
    with FakeOpenAI() as server:
        yield server


def jpeg_bytes(img: Image.Image, quality: int = 85) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="JPEG", quality=quality)
    return buf.getvalue()
