"""The S3-compatible image store against a real S3 API server on loopback (moto's server)."""
from __future__ import annotations

import socket

import boto3
import pytest
from moto.server import ThreadedMotoServer

from api.core.config import Settings
from api.tickets.images import S3ImageStore


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def s3_settings(monkeypatch):
    port = _free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "test-key")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "test-secret")
    settings = Settings(s3_bucket="flow-media", s3_endpoint_url=f"http://127.0.0.1:{port}", s3_region="us-east-1")
    boto3.client("s3", endpoint_url=settings.s3_endpoint_url, region_name="us-east-1").create_bucket(Bucket="flow-media")
    yield settings
    server.stop()


class TestS3ImageStore:
    async def test_images_round_trip_through_an_s3_compatible_store(self, s3_settings):
        store = S3ImageStore(s3_settings)
        await store.save("c1/tickets/t1/i1.jpg", b"\xff\xd8jpeg-bytes", "image/jpeg")
        assert await store.load("c1/tickets/t1/i1.jpg") == b"\xff\xd8jpeg-bytes"
        await store.delete("c1/tickets/t1/i1.jpg")
        assert await store.load("c1/tickets/t1/i1.jpg") is None

    async def test_missing_key_loads_as_none(self, s3_settings):
        assert await S3ImageStore(s3_settings).load("nothing/here.jpg") is None
