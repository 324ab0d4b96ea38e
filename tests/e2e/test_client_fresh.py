"""The web client's types are generated from the API's OpenAPI document; a stale copy fails here."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from api.openapi import render

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"


def test_committed_openapi_document_matches_the_app():
    committed = (WEB / "openapi.json").read_text(encoding="utf-8")
    assert committed == render(), "web/openapi.json is stale: run `make client` and commit the result"


def test_generated_client_types_match_the_committed_openapi_document(tmp_path):
    npx = shutil.which("npx")
    assert npx, "npx (Node.js) is needed to check the generated client"
    out = tmp_path / "schema.d.ts"
    subprocess.run(
        [npx, "--no-install", "openapi-typescript", "openapi.json", "-o", str(out)],
        cwd=WEB, check=True, capture_output=True, text=True, timeout=180,
    )
    committed = (WEB / "src" / "client" / "schema.d.ts").read_text(encoding="utf-8")
    assert committed == out.read_text(encoding="utf-8"), (
        "web/src/client/schema.d.ts is stale: run `make client` and commit the result"
    )
