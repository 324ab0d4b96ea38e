"""End to end: Playwright drives the machine's Chromium against a real uvicorn server and database.

The server runs api.main:app on a free loopback port with the test database (session fixture),
serving the built web app (web/dist, built here when missing). `npx playwright test` runs every
spec in web/e2e with BASE_URL, the mail outbox folder and a platform admin's credentials; when
the analytics spec is selected, also its companies and one real warehouse refresh
(tests/e2e/analytics_world.py, E2E_ANALYTICS).
"""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.e2e import analytics_world
from tests.factories import PASSWORD
from tests.pipelines.world import refresh
from tests.smtp import maildrop_server

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
DIST = WEB / "dist"

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _ensure_web_build() -> None:
    npm = shutil.which("npm")
    assert npm, "Node.js/npm is needed for the browser tests"
    if not (WEB / "node_modules").is_dir():
        # `make web` installs first; this only helps a direct pytest run (see the Makefile for npm ci).
        subprocess.run([npm, "install", "--no-audit", "--no-fund", "--loglevel=error"], cwd=WEB, check=True, timeout=900)
    if not (DIST / "index.html").is_file():
        subprocess.run([npm, "run", "build"], cwd=WEB, check=True, timeout=900)


def _wait_until_up(base_url: str, proc: subprocess.Popen, timeout_s: float = 240) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the API server exited with {proc.returncode}")
        try:
            if httpx.get(f"{base_url}/api/healthz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise RuntimeError("the API server did not start in time")


@pytest.fixture(scope="module")
def live_server(database_url: str):
    _ensure_web_build()
    port = _free_port()
    base_url = f"http://127.0.0.1:{port}"
    # Every mail the server sends goes over SMTP to a real server on loopback, which drops each
    # message into the outbox folder the specs read (support.ts waitForMail).
    smtp, smtp_port = maildrop_server(os.environ["FLOW_OUTBOX_DIR"])
    smtp.start()
    env = {**os.environ, "FLOW_WEB_DIST": str(DIST), "FLOW_PUBLIC_URL": base_url, "FLOW_DATABASE_URL": database_url,
           "FLOW_SMTP_HOST": "127.0.0.1", "FLOW_SMTP_PORT": str(smtp_port),
           # Every spec signs up from the one loopback address: the per-IP sign-up limit (5 a
           # minute, tested in tests/api/auth/test_ratelimit.py) would refuse specs that
           # happen to run within a minute of each other.
           "FLOW_SIGNUP_ATTEMPTS_PER_MINUTE": "100",
           # Likewise every sign-in: two Playwright workers sign in side by side (limit tested in
           # tests/api/auth/test_ratelimit.py).
           "FLOW_AUTH_IP_ATTEMPTS_PER_MINUTE": "1000"}
    with open(Path(os.environ["FLOW_OUTBOX_DIR"]).parent / "uvicorn.log", "w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "api.main:app", "--host", "127.0.0.1", "--port", str(port),
             "--log-level", "warning"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
        try:
            _wait_until_up(base_url, proc)
            yield base_url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
            smtp.stop()


# Every Playwright spec in one pytest case, on Playwright's workers (web/playwright.config.ts: two,
# E2E_WORKERS to change; a spec file's tests stay on one worker, in order); 651-779 s in CI on one
# worker. The limit is the playwright subprocess's own (1500 s) and a margin for the warehouse
# refreshes before and after it; each spec has its own (web/playwright.config.ts).
@pytest.mark.timeout(1700)
async def test_browser_journeys_pass_against_the_real_api(live_server: str, factory):
    root, _ = await factory.system_admin()
    npx = shutil.which("npx")
    assert npx, "npx (Node.js) is needed for the browser tests"
    env = {
        **os.environ,
        "BASE_URL": live_server,
        "OUTBOX_DIR": os.environ["FLOW_OUTBOX_DIR"],
        # An ignored folder, so a test run leaves the tree as it found it; `make screenshots` points
        # this at docs/screenshots to refresh the documented images on purpose.
        "SCREENSHOT_DIR": os.environ.get("FLOW_SCREENSHOT_DIR") or str(ROOT / ".flow" / "screenshots"),
        "E2E_SYSADMIN_EMAIL": root.email,
        "E2E_SYSADMIN_PASSWORD": PASSWORD,
        # For specs that publish a warehouse mid-journey (admin.spec.ts): this interpreter, whose
        # environment names the test database and warehouse file the server reads.
        "E2E_PYTHON": sys.executable,
        # The specs' warehouse refreshes (two: admin, compliance; money's and inbound's went, their
        # screens read the ledger) build without dbt's data and unit tests; one refresh with the
        # data tests runs after the specs, over everything they wrote (below).
        "FLOW_DBT_TESTS": "0",
        "CI": "1",
        "E2E_REPORT_JSON": str(REPORT),
    }
    if sweep_wanted(sys_argv_specs()):
        # The sweep (web/e2e/sweep.spec.ts) walks the demo company's screens: demo-sized data, the
        # same as `flow demo seed`. Seeded before the analytics refresh, which then covers it too.
        from flow.demo import PASSWORD as DEMO_PASSWORD
        from flow.demo import PEOPLE, PLATFORM_ADMIN, seed_demo

        await seed_demo()
        env["E2E_DEMO"] = json.dumps({"password": DEMO_PASSWORD, "manager": PEOPLE[0][1], "operator": PEOPLE[1][1],
                                      "platform": PLATFORM_ADMIN[0], "platform_password": PLATFORM_ADMIN[1]})
    if analytics_world.wanted(sys_argv_specs()):
        env.update(await analytics_world.build(factory))
    result = await asyncio.to_thread(
        subprocess.run, [npx, "--no-install", "playwright", "test", *sys_argv_specs()],
        cwd=WEB, env=env, capture_output=True, text=True, timeout=1500, check=False,
    )
    print(result.stdout)
    print(result.stderr, file=sys.stderr)
    note_slowest_specs(REPORT)
    assert result.returncode == 0, f"playwright failed:\n{result.stdout[-6000:]}\n{result.stderr[-3000:]}"
    # dbt's data tests over every company, ticket, invoice and load the journeys made (when any
    # warehouse was built: a narrowed run may have none); the unit tests read no rows and run on
    # every full build (tests/pipelines).
    from pipelines.paths import published_path

    if published_path().exists():
        await refresh(dbt_tests=True)


REPORT = ROOT / ".flow" / "e2e-report.json"  # Playwright's JSON report (web/playwright.config.ts)


def slowest_specs(report: dict, count: int = 10) -> list[tuple[float, str]]:
    """The slowest Playwright tests of a JSON report: (seconds, "file › title"), slowest first."""
    found: list[tuple[float, str]] = []

    def walk(suite: dict, file: str) -> None:
        file = suite.get("file") or file
        for spec in suite.get("specs", []):
            seconds = sum(r.get("duration", 0) for t in spec.get("tests", []) for r in t.get("results", [])) / 1000
            found.append((seconds, f"{Path(file).name} › {spec.get('title', '')}"))
        for child in suite.get("suites", []):
            walk(child, file)

    for suite in report.get("suites", []):
        walk(suite, "")
    return sorted(found, reverse=True)[:count]


def note_slowest_specs(path: Path) -> None:
    """The ten slowest specs go into CI's stage summary ($FLOW_STAGE_LOG, .ci/stage), where the
    pytest stage lists its slowest tests: the journeys are one pytest case, its specs unseen."""
    log = os.environ.get("FLOW_STAGE_LOG")
    if not log or not path.exists():
        return
    lines = [f"  spec {seconds:6.1f} s  {name}" for seconds, name in slowest_specs(json.loads(path.read_text()))]
    with open(log, "a") as out:
        out.write("slowest browser specs:\n" + "\n".join(lines) + "\n")


def sweep_wanted(selection: list[str]) -> bool:
    return not selection or any("sweep" in spec for spec in selection)


def sys_argv_specs() -> list[str]:
    """FLOW_E2E_SPECS narrows the run while iterating (e.g. "onboarding"); default: every spec."""
    specs = os.environ.get("FLOW_E2E_SPECS", "").split()
    return specs
