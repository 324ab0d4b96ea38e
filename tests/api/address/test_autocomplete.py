"""Address autocomplete against a real Nominatim-compatible HTTP server on 127.0.0.1."""
from __future__ import annotations

import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar
from urllib.parse import parse_qs, urlparse

import pytest

RESULTS = [
    {"place_id": 101, "lat": "37.8044", "lon": "-122.2712", "category": "amenity", "type": "restaurant",
     "name": "Green Fork", "display_name": "Green Fork, 12 Broadway, Oakland, California, 94607, United States",
     "address": {"amenity": "Green Fork", "house_number": "12", "road": "Broadway", "city": "Oakland",
                 "state": "California", "ISO3166-2-lvl4": "US-CA", "postcode": "94607"},
     "extratags": {"phone": "+1 510 555 0100"}},
    {"place_id": 102, "lat": "37.80", "lon": "-122.27", "category": "amenity", "type": "school",
     "display_name": "Oakland High School, Oakland, California",
     "address": {"road": "MacArthur Blvd", "town": "Oakland", "state": "California", "postcode": "94610"},
     "extratags": {"contact:phone": "+1 510 555 0200"}},
    {"place_id": 103, "lat": "37.81", "lon": "-122.26", "category": "place", "type": "house",
     "display_name": "40 Grand Ave, Oakland, California",
     "address": {"house_number": "40", "road": "Grand Ave", "city": "Oakland", "state": "California"}},
    {"place_id": 104, "lat": "37.8", "lon": "-122.2", "category": "highway", "type": "residential",
     "display_name": "Broadway, Oakland", "address": {"road": "Broadway"}},
]


class _Geocoder(BaseHTTPRequestHandler):
    seen: ClassVar[list[dict]] = []
    delay = 0.0

    def do_GET(self):
        url = urlparse(self.path)
        type(self).seen.append({"path": url.path, **{k: v[0] for k, v in parse_qs(url.query).items()},
                                "ua": self.headers.get("User-Agent")})
        if type(self).delay:
            time.sleep(type(self).delay)
        body = json.dumps(RESULTS).encode()
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up waiting (the slow-service test)

    def log_message(self, *args):
        pass


@pytest.fixture
def geocoder(monkeypatch):
    from api.core.config import get_settings

    _Geocoder.seen = []
    _Geocoder.delay = 0.0
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Geocoder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setenv("FLOW_GEOCODER_URL", f"http://127.0.0.1:{server.server_address[1]}")
    monkeypatch.setenv("FLOW_GEOCODER_TIMEOUT_S", "0.5")
    get_settings.cache_clear()
    yield _Geocoder
    server.shutdown()
    server.server_close()
    monkeypatch.undo()
    get_settings.cache_clear()


class TestAutocomplete:
    async def test_results_are_mapped_to_suggestions(self, client, geocoder):
        r = await client.get("/api/address/autocomplete", params={"q": "green fork oakland", "limit": 10})
        assert r.status_code == 200
        first = r.json()[0]
        assert first["display_name"].startswith("Green Fork")
        assert (first["house_number"], first["street"], first["city"], first["state"], first["postcode"]) == (
            "12", "Broadway", "Oakland", "CA", "94607")
        assert first["class"] == "amenity" and first["type"] == "restaurant" and first["place_id"] == 101
        assert first["extratags"]["phone"] == first["phone"] == "+1 510 555 0100"
        school = r.json()[1]
        assert school["city"] == "Oakland" and school["state"] == "CA" and school["contact"]["phone"] == "+1 510 555 0200"
        assert geocoder.seen[0]["path"] == "/search" and geocoder.seen[0]["q"] == "green fork oakland"
        assert geocoder.seen[0]["ua"].startswith("Flow/")

    async def test_without_a_type_roads_are_left_out_but_places_and_addresses_stay(self, client, geocoder):
        ids = [s["place_id"] for s in (await client.get("/api/address/autocomplete", params={"q": "oakland"})).json()]
        assert ids == [101, 102, 103]

    async def test_organisation_type_filters_the_results(self, client, geocoder):
        r = await client.get("/api/address/autocomplete", params={"q": "oakland", "org_type": "education"})
        assert [s["place_id"] for s in r.json()] == [102, 103]
        r = await client.get("/api/address/autocomplete", params={"q": "oakland", "org_type": "restaurant", "limit": 1})
        assert [s["place_id"] for s in r.json()] == [101]

    async def test_short_queries_never_reach_the_service(self, client, geocoder):
        r = await client.get("/api/address/autocomplete", params={"q": "ab"})
        assert r.json() == [] and geocoder.seen == []

    async def test_a_slow_service_gives_an_empty_list(self, client, geocoder):
        geocoder.delay = 1.5
        r = await client.get("/api/address/autocomplete", params={"q": "green fork"})
        assert r.status_code == 200 and r.json() == []


class TestNoGeocoder:
    async def test_no_configured_service_gives_an_empty_list(self, client):
        r = await client.get("/api/address/autocomplete", params={"q": "green fork"})
        assert r.status_code == 200 and r.json() == []
        # ... and the public settings say why, so sign-up does not answer "No matches found."
        assert (await client.get("/api/system-settings/public")).json()["address_search_configured"] is False

    async def test_the_public_settings_say_when_a_service_is_configured(self, client, geocoder):
        assert (await client.get("/api/system-settings/public")).json()["address_search_configured"] is True

    async def test_an_unreachable_service_gives_an_empty_list(self, client, monkeypatch):
        from api.core.config import get_settings

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        monkeypatch.setenv("FLOW_GEOCODER_URL", f"http://127.0.0.1:{port}")
        get_settings.cache_clear()
        try:
            r = await client.get("/api/address/autocomplete", params={"q": "green fork"})
        finally:
            monkeypatch.undo()
            get_settings.cache_clear()
        assert r.status_code == 200 and r.json() == []
