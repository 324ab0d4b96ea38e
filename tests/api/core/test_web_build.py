"""The built web app as the API serves it (api/main.py _serve_web): pre-compressed files in the best
encoding the browser accepts, a year of caching for the hashed assets, index.html revalidated, and
nothing outside the build. The build here is a small one made in a temporary folder and compressed
by the real post-build step (web/scripts/compress-assets.mjs), served by the real app."""
from __future__ import annotations

import gzip
import os
import shutil
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.conftest import ROOT, random_ip

CHUNK = "index-Ab12Cd34.js"
APP_CHUNK = "app-Ef56Gh78.js"
IMMUTABLE = "public, max-age=31536000, immutable"


def _brotli_decoded(body: bytes) -> bytes:
    node = shutil.which("node")
    assert node, "Node.js is needed to decode brotli"
    script = "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(0)))"
    return subprocess.run([node, "-e", script], input=body, capture_output=True, check=True, timeout=30).stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dist = tmp_path_factory.mktemp("web") / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text(
        "<!doctype html><html><head>" + "<meta name='x' content='a phone opens this first'>" * 40
        + f"<script type='module' src='/assets/{CHUNK}'></script></head><body><div id='root'></div></body></html>")
    # The app's URLs get app.html, the same page with the app's chunks preloaded (vite.config.ts).
    (dist / "app.html").write_text(
        "<!doctype html><html><head>" + "<meta name='x' content='a phone opens this first'>" * 40
        + f"<script type='module' src='/assets/{CHUNK}'></script><link rel='modulepreload' href='/assets/{APP_CHUNK}'>"
        + "</head><body><div id='root'></div></body></html>")
    (dist / "assets" / CHUNK).write_text("".join(f"export const screen{i} = () => 'scale ticket {i}';\n" for i in range(800)))
    (dist / "assets" / "tiny.css").write_text(".a{color:green}")  # under a packet: no siblings
    (dist / "sw.js").write_text("self.addEventListener('fetch', () => {});\n" * 60)
    (dist.parent / "secret.txt").write_text("outside the build")
    node = shutil.which("node")
    assert node, "Node.js is needed for the web build step"
    subprocess.run([node, str(ROOT / "web" / "scripts" / "compress-assets.mjs"), str(dist)], check=True, timeout=60)
    return dist


@pytest.fixture(scope="module")
def served(app, dist: Path):
    """The real app serving dist, one for the module: FastAPI builds each route's state on an
    app's first requests (1.7 s of every test here when each test made its own app)."""
    from api.core.config import get_settings
    from api.main import create_app

    return create_app(get_settings().model_copy(update={"web_dist": dist}))


@pytest.fixture
async def web(served):
    transport = httpx.ASGITransport(app=served, client=(random_ip(), 40000))
    async with httpx.AsyncClient(transport=transport, base_url="http://flow.test") as c:
        yield c


class TestBuildStep:
    def test_writes_smaller_brotli_and_gzip_siblings_of_text_files(self, dist: Path):
        chunk = (dist / "assets" / CHUNK).read_bytes()
        assert _brotli_decoded((dist / "assets" / f"{CHUNK}.br").read_bytes()) == chunk
        assert gzip.decompress((dist / "assets" / f"{CHUNK}.gz").read_bytes()) == chunk
        assert (dist / "assets" / f"{CHUNK}.br").stat().st_size < len(chunk) / 3

    def test_leaves_files_under_a_packet_alone(self, dist: Path):
        assert not (dist / "assets" / "tiny.css.br").exists()
        assert not (dist / "assets" / "tiny.css.gz").exists()


class TestAssets:
    @pytest.mark.parametrize("accept", ["br", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8, *;q=0.1"])
    async def test_browser_accepting_brotli_gets_brotli(self, web: httpx.AsyncClient, dist: Path, accept: str):
        async with web.stream("GET", f"/assets/{CHUNK}", headers={"Accept-Encoding": accept}) as r:
            body = b"".join([chunk async for chunk in r.aiter_raw()])
        assert r.status_code == 200
        assert r.headers["content-encoding"] == "br"
        assert r.headers["content-type"].split(";")[0] in ("text/javascript", "application/javascript")
        assert r.headers["vary"] == "Accept-Encoding"
        assert r.headers["cache-control"] == IMMUTABLE
        assert _brotli_decoded(body) == (dist / "assets" / CHUNK).read_bytes()

    @pytest.mark.parametrize("accept", ["gzip", "gzip, deflate", "br;q=0, gzip"])
    async def test_browser_accepting_only_gzip_gets_gzip(self, web: httpx.AsyncClient, dist: Path, accept: str):
        async with web.stream("GET", f"/assets/{CHUNK}", headers={"Accept-Encoding": accept}) as r:
            body = b"".join([chunk async for chunk in r.aiter_raw()])
        assert r.headers["content-encoding"] == "gzip"
        assert r.headers["vary"] == "Accept-Encoding"
        assert r.headers["cache-control"] == IMMUTABLE
        assert gzip.decompress(body) == (dist / "assets" / CHUNK).read_bytes()

    @pytest.mark.parametrize("accept", ["", "identity", "deflate", "br;q=0, gzip;q=0"])
    async def test_client_accepting_neither_gets_the_file_as_built(self, web: httpx.AsyncClient, dist: Path, accept: str):
        async with web.stream("GET", f"/assets/{CHUNK}", headers={"Accept-Encoding": accept}) as r:
            body = b"".join([chunk async for chunk in r.aiter_raw()])
        assert "content-encoding" not in r.headers
        assert r.headers["vary"] == "Accept-Encoding"
        assert int(r.headers["content-length"]) == len(body)
        assert body == (dist / "assets" / CHUNK).read_bytes()

    async def test_file_without_siblings_goes_out_as_is(self, web: httpx.AsyncClient):
        r = await web.get("/assets/tiny.css", headers={"Accept-Encoding": "br, gzip"})
        assert r.status_code == 200
        assert "content-encoding" not in r.headers
        assert r.headers["content-type"].startswith("text/css")
        assert r.text == ".a{color:green}"

    async def test_sibling_older_than_its_file_is_never_served(self, web: httpx.AsyncClient, dist: Path):
        stale = dist / "assets" / "edited.js"
        stale.with_name("edited.js.gz").write_bytes(gzip.compress(b"from another build"))
        stale.write_text("export const fresh = true;\n")
        os.utime(stale.with_name("edited.js.gz"), (1, 1))
        r = await web.get("/assets/edited.js", headers={"Accept-Encoding": "gzip"})
        assert "content-encoding" not in r.headers
        assert r.text == "export const fresh = true;\n"

    async def test_missing_chunk_is_not_found_rather_than_the_page(self, web: httpx.AsyncClient):
        r = await web.get("/assets/app-shell-OldHash0.js")
        assert r.status_code == 404

    @pytest.mark.parametrize("path", [
        "/assets/../../secret.txt", "/assets/%2e%2e/%2e%2e/secret.txt", "/assets/..%2f..%2fsecret.txt",
        "/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt",
    ])
    async def test_path_outside_the_build_is_refused(self, web: httpx.AsyncClient, path: str):
        r = await web.get(path)
        assert "outside the build" not in r.text
        assert r.status_code == 404 or "id='root'" in r.text  # refused, or the app's page instead

    async def test_encoded_sibling_is_not_served_as_a_file_of_its_own(self, web: httpx.AsyncClient):
        r = await web.get(f"/assets/{CHUNK}.br")
        assert r.status_code == 404


class TestPage:
    @pytest.mark.parametrize("path", ["/", "/login", "/states/CA", "/application", "/apps/scale"])
    async def test_index_is_revalidated_and_compressed(self, web: httpx.AsyncClient, dist: Path, path: str):
        async with web.stream("GET", path, headers={"Accept-Encoding": "gzip"}) as r:
            body = b"".join([chunk async for chunk in r.aiter_raw()])
        assert r.status_code == 200
        assert r.headers["cache-control"] == "no-cache"
        assert r.headers["content-type"].startswith("text/html")
        assert r.headers["content-encoding"] == "gzip"
        assert r.headers["vary"] == "Accept-Encoding"
        assert gzip.decompress(body) == (dist / "index.html").read_bytes()

    @pytest.mark.parametrize("path", ["/app", "/app/", "/app/scale", "/app/reports/esg"])
    @pytest.mark.parametrize("accept", ["br, gzip", "gzip", ""])
    async def test_app_urls_get_the_page_with_the_app_preloaded(self, web: httpx.AsyncClient, dist: Path, path: str, accept: str):
        async with web.stream("GET", path, headers={"Accept-Encoding": accept}) as r:
            body = b"".join([chunk async for chunk in r.aiter_raw()])
        assert r.status_code == 200
        assert r.headers["cache-control"] == "no-cache"
        assert r.headers["content-type"].startswith("text/html")
        assert r.headers["vary"] == "Accept-Encoding"
        coding = r.headers.get("content-encoding")
        assert coding == {"br, gzip": "br", "gzip": "gzip", "": None}[accept]
        html = {"br": _brotli_decoded, "gzip": gzip.decompress, None: bytes}[coding](body)
        assert html == (dist / "app.html").read_bytes()
        assert f"<link rel='modulepreload' href='/assets/{APP_CHUNK}'>".encode() in html

    async def test_app_urls_get_index_from_a_build_without_app_html(self, app, tmp_path: Path):
        from api.core.config import get_settings
        from api.main import create_app

        (tmp_path / "index.html").write_text("<!doctype html><div id='root'></div>")
        served = create_app(get_settings().model_copy(update={"web_dist": tmp_path}))
        transport = httpx.ASGITransport(app=served, client=(random_ip(), 40000))
        async with httpx.AsyncClient(transport=transport, base_url="http://flow.test") as c:
            r = await c.get("/app/scale")
        assert r.status_code == 200
        assert r.text == "<!doctype html><div id='root'></div>"

    async def test_service_worker_is_revalidated(self, web: httpx.AsyncClient, dist: Path):
        r = await web.get("/sw.js", headers={"Accept-Encoding": "gzip"})
        assert r.headers["cache-control"] == "no-cache"
        assert r.headers["content-encoding"] == "gzip"
        assert r.content == (dist / "sw.js").read_bytes()  # httpx decodes gzip

    async def test_api_paths_never_fall_back_to_the_page(self, web: httpx.AsyncClient):
        r = await web.get("/api/no-such-thing")
        assert r.status_code == 404
        assert r.json() == {"detail": "Not Found"}
