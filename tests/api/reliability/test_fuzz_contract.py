"""schemathesis over every operation of the OpenAPI document, as every kind of caller.

The API runs as a real uvicorn process on loopback over the session's Postgres. For each
operation, FUZZ_EXAMPLES generated requests are sent, alternately, as half of these callers: a
platform admin, the store admins of two companies, an employee assigned to one location, an
employee with company-wide access, and nobody (so with 2 examples each caller meets every
operation). Every answer must be no 5xx, a declared status code, a declared content type and a
body matching its declared schema; and no answer to one company's caller may carry the other
company's recognisable values (company name, location names, e-mails, a region, a waste type).

Also checked: declared response headers, and `Allow` on 405 (CHECKS below); `make fuzz` runs the
coverage phase with unsupported_method (every undeclared method on every path: 405 with Allow).
Hypothesis is derandomized (seeded): the same cases every run.

Operations come from the document, so routes added by anyone are fuzzed without editing this
file. Figures for bench/README.md: `FUZZ_REPORT=1` prints operations, requests, and per caller
the requests, server errors and response-schema violations.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid

import psycopg
import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi import checks as openapi_checks
from schemathesis.specs.openapi.checks import (
    allow_header_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.conftest import ROOT

FUZZ_EXAMPLES = int(os.environ.get("FLOW_FUZZ_EXAMPLES", "2"))
# The checks every run makes (issue 31: all pass). `make fuzz` adds the coverage phase, whose
# unsupported_method check sends every undeclared method to every path (405 with Allow).
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          response_headers_conformance, allow_header_conformance]
if os.environ.get("FLOW_FUZZ_DEEP") == "1":
    CHECKS.append(openapi_checks.unsupported_method)
# More, by name, to see what they find (FLOW_FUZZ_CHECKS=positive_data_acceptance,...); with
# FLOW_FUZZ_COLLECT=1 failures are counted per caller and check instead of failing the case.
CHECKS += [getattr(openapi_checks, n) for n in os.environ.get("FLOW_FUZZ_CHECKS", "").split(",") if n]
COLLECT = os.environ.get("FLOW_FUZZ_COLLECT") == "1"
# Operations whose call would end the callers' sessions for every later case; fuzzed anonymously
# and as a throw-away user (see `callers`).
SESSION_LOST = {"Not authenticated", "Could not validate credentials", "Your account is pending approval",
                "This account is suspended. Please contact support."}
SESSION_ENDING = {("POST", "/api/auth/logout-all"), ("POST", "/api/auth/change-password")}


def _document() -> dict:
    from api.main import create_app

    return create_app().openapi()


# The coverage phase (boundary values, wrong types and nulls for every field: ~5,000 cases,
# 30,000 requests) is the deep run, FLOW_FUZZ_DEEP=1; `make test` runs the examples and
# FLOW_FUZZ_EXAMPLES generated cases per operation.
DEEP = os.environ.get("FLOW_FUZZ_DEEP") == "1"
CONFIG = SchemathesisConfig.from_dict({"phases": {"coverage": {"enabled": DEEP}}})
schema = schemathesis.openapi.from_dict(_document(), config=CONFIG)
if os.environ.get("FLOW_FUZZ_PATHS"):  # a regex, to fuzz a few operations while working on them
    schema = schema.include(path_regex=os.environ["FLOW_FUZZ_PATHS"])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(database_url):
    port = _free_port()
    env = {**os.environ, "FLOW_ENV": "test"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "api.main:app", "--host", "127.0.0.1", "--port", str(port),
         "--log-level", "warning", "--no-access-log"],
        cwd=ROOT, env=env, start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if requests.get(f"{base}/api/health", timeout=5).ok:
                break
        except requests.RequestException:
            time.sleep(0.2)
    else:
        proc.kill()
        pytest.fail("the API did not start")
    yield base
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()


class Company:
    def __init__(self, tenant, marker: str):
        self.tenant = tenant
        self.marker = marker
        self.values = [marker, tenant.admin.email, tenant.employee.email]


@pytest.fixture(scope="module")
async def people(app, database_url):
    from tests.factories import Factory, token_for

    factory = Factory()
    companies = []
    for label, assigned in (("A", True), ("B", False)):
        marker = f"Zq{label}{uuid.uuid4().hex[:8]}"
        tenant = await factory.tenant(plan="enterprise", stores=2, assign_employee=assigned, name=f"Company {marker}")
        with psycopg.connect(database_url) as conn:
            for i, store in enumerate(tenant.stores):
                conn.execute("update stores set name = %s, address = %s where id = %s",
                             (f"Kitchen {marker} {i}", f"{i} {marker} Street", store.id))
            conn.execute("insert into regions (id, company_id, name) values (gen_random_uuid(), %s, %s)",
                         (tenant.company_id, f"Region {marker}"))
            conn.execute("update waste_types set description = %s where company_id = %s", (marker, tenant.company_id))
        companies.append(Company(tenant, marker))
    root, _ = await factory.system_admin()
    a, b = companies
    return {
        "system_admin": (root, None),
        "store_admin_a": (a.tenant.admin, b),
        "store_admin_b": (b.tenant.admin, a),
        "employee_assigned_a": (a.tenant.employee, b),
        "employee_unassigned_b": (b.tenant.employee, a),
    }, token_for


@pytest.fixture(scope="module")
def callers(people, database_url):
    """(name, headers, the other company or None) for each caller; tokens follow the current
    token_version, so a fuzzed logout-all does not silently turn the rest into anonymous calls."""
    users, token_for = people

    def current() -> list[tuple[str, dict, Company | None]]:
        out: list[tuple[str, dict, Company | None]] = [("anonymous", {}, None)]
        with psycopg.connect(database_url) as conn:
            for name, (user, other) in users.items():
                row = conn.execute("select token_version from users where id = %s", (user.id,)).fetchone()
                user.token_version = row[0]
                out.append((name, {"Authorization": f"Bearer {token_for(user)}"}, other))
        return out

    return current


STATS: dict = {"operations": set(), "requests": 0, "turns": {}, "callers": {}, "found": {}}


def _tally(name: str, response, error: BaseException | None) -> None:
    """Per caller: requests, server errors (5xx), response-schema violations, other failures."""
    row = STATS["callers"].setdefault(name, {"requests": 0, "server_errors": 0, "schema_violations": 0, "other": 0})
    row["requests"] += 1
    if response.status_code >= 500:
        row["server_errors"] += 1
    if error is None:
        return
    failures = getattr(error, "exceptions", None) or [error]
    for failure in failures:
        title = type(failure).__name__
        if "Schema" in title and "Response" in title or title == "JsonSchemaError":
            row["schema_violations"] += 1
        elif response.status_code < 500:
            row["other"] += 1
        STATS["found"].setdefault(title, []).append(f"{name}: {getattr(failure, 'title', '')} "
                                                    f"{response.request.method} {response.request.url}"
                                                    f" -> {response.status_code}")


@schema.parametrize()
@settings(max_examples=FUZZ_EXAMPLES, deadline=None, database=None, derandomize=True,
          phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
def test_every_operation_as_every_caller(case, server, callers):
    key = (case.method.upper(), case.operation.path)
    STATS["operations"].add(case.operation.label)
    who = callers()
    # Each example goes to half the callers, alternating, so FUZZ_EXAMPLES >= 2 sends every
    # operation as every caller while the run stays bounded.
    turn = STATS["turns"].get(key, 0)
    STATS["turns"][key] = turn + 1
    who = who[:1] if key in SESSION_ENDING else who[turn % 2::2]
    generated = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
    for name, headers, other in who:
        # The caller's own token, never a generated Authorization header (it would win otherwise).
        case.headers = {**generated, **headers}
        response = case.call(base_url=server, timeout=30)
        STATS["requests"] += 1
        try:
            case.validate_response(response, checks=CHECKS)
        except (Exception, BaseExceptionGroup) as error:  # counted, then raised unless collecting
            _tally(name, response, error)
            if not COLLECT:
                raise
        else:
            _tally(name, response, None)
        if name != "anonymous" and response.status_code == 401:
            detail = response.json().get("detail", "")
            # A signed-in caller stays signed in: a fuzzed call must not end another's session.
            assert detail not in SESSION_LOST, f"{name}: {case.method} {case.path} answered 401 {detail!r}"
        if other is not None and response.content:
            body = response.content.decode("utf-8", "replace")
            leaked = [v for v in other.values if v in body]
            assert not leaked, f"{name}: {case.method} {case.path} carried another company's data: {leaked}"


def test_report_figures():
    """Runs after the fuzzing (same module): the figures bench/README.md quotes."""
    if os.environ.get("FUZZ_REPORT"):
        print(f"\nfuzz: {len(STATS['operations'])} operations, {STATS['requests']} requests, "
              f"{sum(STATS['turns'].values())} cases, {FUZZ_EXAMPLES} generated per operation, "
              f"coverage phase {'on' if DEEP else 'off'}, 6 callers (3 per case)")
        print("checks: " + ", ".join(c.__name__ for c in CHECKS))
        for name, row in sorted(STATS["callers"].items()):
            print(f"  {name}: {row}")
        for title, seen in sorted(STATS["found"].items()):
            print(f"  {title}: {len(seen)}")
            for line in seen[:int(os.environ.get("FUZZ_REPORT_LINES", "5"))]:
                print(f"    {line}")
