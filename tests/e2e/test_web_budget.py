"""The pages a phone opens first stay light: the landing page and the operator's scale screen load
no chart code and at most 150 kB of gzipped JavaScript before anything else (issue 18); the scale
screen 178 kB, as it carries its words in English and Spanish (issue 32: about 25 kB of i18next and
both catalogues, a chunk the landing page never loads).

Sizes come from the production build (`make test` builds web/dist first); the chunk map is written
by the build itself (vite.config.ts), and web/scripts/bundle-budget.mjs sums each page's entry,
lazy screens and their static imports. The LCP timing on a slow phone is in bench/web/lcp.mjs.
"""
from __future__ import annotations

import json
import shutil
import subprocess

from tests.e2e.test_browser import DIST, WEB, _ensure_web_build


def test_landing_and_scale_load_no_chart_code_within_their_gzip_budgets() -> None:
    _ensure_web_build()
    if not (DIST / ".vite" / "chunks.json").is_file():  # a build from before the chunk map
        subprocess.run([shutil.which("npm"), "run", "build"], cwd=WEB, check=True, timeout=900)
    node = shutil.which("node")
    assert node, "Node.js is needed for the web budget"
    run = subprocess.run([node, "scripts/bundle-budget.mjs", "--json"], check=False, cwd=WEB, capture_output=True, text=True, timeout=60)
    pages = json.loads(run.stdout)
    assert set(pages) == {"landing", "app/scale"}
    for name, page in pages.items():
        assert page["chart_packages"] == [], f"{name} loads chart code: {page['chart_packages']}"
        assert page["gzip_kb"] <= page["budget_kb"], f"{name}: {page['gzip_kb']} kB gzip of initial JavaScript"
    assert pages["landing"]["budget_kb"] == 150 and pages["app/scale"]["budget_kb"] == 178
    assert run.returncode == 0, run.stderr
