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

Since 28 Nov 2026 every run also makes schemathesis's three strict checks (issue 31 point 4):
positive_data_acceptance (with the UNDECLARABLE rules below), negative_data_rejection and
ignored_auth. `make test` (2 generated per operation, 194 operations, 383 cases, 1,144 requests):
0 failures for every caller and check; the strict checks add ~5 s (54 s against 49 s, one slot).
The deep run on 28 Nov (`make fuzz` before the second round of fixes: 14,889 cases, 44,603
requests) per caller, requests / server errors / valid-by-schema refused / invalid accepted:
manager A 8,042 / 1 / 151 / 2, manager B 6,824 / 1 / 152 / 3, employee (one location) 8,042 / 0 /
85 / 0, employee (company-wide) 6,824 / 0 / 65 / 1, platform admin 6,806 / 0 / 6 / 0, anonymous
8,065 / 0 / 1 / 0; no response-schema violation, no ignored auth, every 405 with its Allow. The
server errors (activity-log offset at the bigint top) and the findings it listed are fixed, each
with a test in test_fuzz_findings.py.

Operations come from the document, so routes added by anyone are fuzzed without editing this
file. Figures for bench/README.md: `FUZZ_REPORT=1` prints operations, requests, and per caller
the requests, server errors and response-schema violations.
"""
from __future__ import annotations

import os
import re
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
from schemathesis.openapi.checks import RejectedPositiveData
from schemathesis.specs.openapi import checks as openapi_checks
from schemathesis.specs.openapi.checks import (
    allow_header_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from api.kit.fields import COMMON_PASSWORD
from tests.conftest import ROOT

FUZZ_EXAMPLES = int(os.environ.get("FLOW_FUZZ_EXAMPLES", "2"))

# Rules of the server no OpenAPI document can state, each with its reason. A request valid by the
# document and refused (4xx) only for one of these is not a gap in the contract; anything else a
# valid-by-schema request is refused for is (the rule belongs in the schema: api/kit/contract.py).
UNDECLARABLE = (
    # The company's lists, locations and partners are data: a body naming an item by id or name
    # that this company does not have is refused (the path's own id answers 404).
    (re.compile(r"(was not found|not found)$|^Choose one of your company's locations"), "names an item the company does not have"),
    (re.compile(r"is inactive$"), "names an item the company has switched off"),
    # A 20,000-word list (issue 31 finding 6) does not belong in a schema.
    (re.compile(re.escape(COMMON_PASSWORD)), "a common password"),
    # One-time secrets the server issued (reset links, invites, verification codes).
    (re.compile(r"Invalid or expired (reset|verification|invitation)? ?(token|link)"), "a token never issued"),
    # Bytes that must decode as a photo: the document can say "base64" or "binary", not "a JPEG".
    # The document names the accepted types in the part's encoding (api.kit.contract.upload); a
    # client's label is not checked, the bytes are.
    (re.compile(r"base64 encoded image|image is empty|image file is empty|not a readable image|valid image file"
                r"|^Only JPEG, PNG or WebP images are accepted$"),
     "not a readable image"),
    # Mail goes only to the company's users and the addresses a manager put on an alert (issue 31 point 3).
    (re.compile(r"is not one of this company's users or e-mail alert recipients"), "an outside address"),
    # Postgres text cannot hold NUL: refused in any string (api/kit/guard.py); a pattern on every
    # string of the document would say it, at the cost of every generated client type.
    (re.compile(r"must not contain a NUL character"), "a NUL character"),
    # A company with several locations must say where a ticket was weighed; one with a single
    # location need not (spec 2 section 5): it depends on the company's data.
    (re.compile(r"store_id: choose the location where this ticket was weighed"), "which location, among several"),
    # The server's time-zone database (IANA names, ~600, tzdata's version) decides a time zone.
    (re.compile(r"^Unknown timezone$"), "a time zone the tz database lacks"),
    # Weights and dates compared with each other or with the stored record: JSON Schema compares a
    # value with constants only.
    (re.compile(r"Tare weight cannot exceed gross weight"), "tare above gross"),
    (re.compile(r"^The date range may cover at most 10 years$"), "a range longer than 10 years"),
    (re.compile(r"^start_date must be on or before end_date$|^end_date must not be before start_date$"
                r"|^end_date: the agreement cannot end before it starts$"), "a start after the end"),
    # An offline ticket's id may come in the body (client_id), the Idempotency-Key header or both;
    # both must then be the same UUID (the header's description says so). JSON Schema cannot tie a
    # header to a body field.
    (re.compile(r"^client_id and Idempotency-Key differ$"), "a header and a body field that must be equal"),
    # A key is an idempotency key because the server remembers it: one already used for another
    # ticket is refused (DESIGN.md: "a reused id with a different payload is a 422"). State, not shape.
    (re.compile(r"^This client_id was already used for a different ticket$"), "an idempotency key already used"),
    # A partner's price and its basis go together; a new partner's body says so (anyOf), an edit's
    # completes the pair with the stored one.
    (re.compile(r"^price_basis and price go together"), "price or basis without the stored other"),
    # A food recovery partner links to one of the company's own donation destinations (data).
    (re.compile(r"^destination_id: choose one of your food donation destinations$"), "not a donation destination"),
    # State laws need every active location's state, which is the company's data, not the request.
    (re.compile(r"^Add a state to the address of .* to see which state laws apply$"), "a location without a state"),
)


def _undeclarable(response) -> str | None:
    """The UNDECLARABLE reason a 4xx answer gives, or None."""
    if not 400 <= response.status_code < 500:
        return None
    try:
        body = response.json()
    except ValueError:
        return None
    messages = [e.get("message", "") for e in body.get("errors") or []] or [body.get("detail", "")]
    reasons = []
    for message in messages:
        reason = next((why for rule, why in UNDECLARABLE if rule.search(str(message))), None)
        if reason is None:
            return None
        reasons.append(reason)
    return reasons[0] if reasons else None


@schemathesis.check
def declared_data_acceptance(ctx, response, case):
    """schemathesis's check (a valid-by-schema request gets 2xx, 401, 403, 404, 409 or 429),
    except for the UNDECLARABLE rules above."""
    try:
        return openapi_checks.positive_data_acceptance(ctx, response, case)
    except RejectedPositiveData:
        if _undeclarable(response):
            STATS["undeclarable"][_undeclarable(response)] = STATS["undeclarable"].get(_undeclarable(response), 0) + 1
            return None
        raise


# Offline sync answers 200 with one result per ticket, an invalid ticket among them reported in its
# own result (spec 2: a batch is never refused whole for one bad ticket).
PER_ITEM_RESULTS = {("POST", "/api/tickets/batch")}


@schemathesis.check
def invalid_data_rejection(ctx, response, case):
    """schemathesis's negative_data_rejection (invalid-by-schema gets 4xx), except PER_ITEM_RESULTS."""
    if (case.method.upper(), case.operation.path) in PER_ITEM_RESULTS:
        return None
    return openapi_checks.negative_data_rejection(ctx, response, case)


ENFORCED: set[str] = set()


@schemathesis.check
def auth_is_enforced(ctx, response, case):
    """schemathesis's ignored_auth: a signed-in caller's 2xx is sent again without the token and
    with a wrong one, which must answer 401; once per operation (as schemathesis's runner does)."""
    if ctx.auth_enforced_operations is None:
        ctx.auth_enforced_operations = ENFORCED
    return openapi_checks.ignored_auth(ctx, response, case)


# The checks every run makes (issue 31: all pass). `make fuzz` adds the coverage phase, whose
# unsupported_method check sends every undeclared method to every path (405 with Allow).
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          response_headers_conformance, allow_header_conformance]
# And the three stricter ones issue 31 asks for: a valid-by-schema request is accepted, an
# invalid one refused, a signed-in 2xx refused without the token. FLOW_FUZZ_ALL=0 leaves them out.
STRICT = [declared_data_acceptance, invalid_data_rejection, auth_is_enforced]
if os.environ.get("FLOW_FUZZ_ALL", "1") != "0":
    CHECKS += STRICT
if os.environ.get("FLOW_FUZZ_DEEP") == "1":
    CHECKS.append(openapi_checks.unsupported_method)
# More, by name, to see what they find (FLOW_FUZZ_CHECKS=positive_data_acceptance,...); with
# FLOW_FUZZ_COLLECT=1 failures are counted per caller and check instead of failing the case.
CHECKS += [globals().get(n) or getattr(openapi_checks, n) for n in os.environ.get("FLOW_FUZZ_CHECKS", "").split(",") if n]
COLLECT = os.environ.get("FLOW_FUZZ_COLLECT") == "1"
# Operations whose call would end the callers' sessions for every later case; fuzzed anonymously
# and as a throw-away user (see `callers`).
SESSION_LOST = {"Not authenticated", "Could not validate credentials", "Your account is pending approval",
                "This account is suspended. Please contact support."}
SESSION_ENDING = {("POST", "/api/auth/logout-all"), ("POST", "/api/auth/change-password")}
# GO LIVE deletes every demo company in the database, other test modules' too (pytest-xdist): sent
# by every caller but the platform admin, who alone may do it (tests/api/admin cover that call).
PLATFORM_WIDE = {("POST", "/api/admin/complete-reset")}


def _document() -> dict:
    from api.main import create_app

    return create_app().openapi()


# A file part may be a PDF (a food recovery agreement: api.kit.contract.upload names PDF, PNG and
# JPEG in the part's encoding). schemathesis has file samples for images only and cannot put any
# other generated value in a PDF part, so the run stopped there; a part goes out as a client would
# send it: its bytes, or the text of a wrong-typed value (which the server must refuse with a 4xx).
@schemathesis.serializer("application/pdf")
def _pdf_part(ctx, value) -> bytes:
    return value if isinstance(value, bytes) else str(value).encode()


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
            if requests.get(f"{base}/api/healthz", timeout=5).ok:
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


STATS: dict = {"operations": set(), "requests": 0, "turns": {}, "callers": {}, "found": {}, "undeclarable": {}}


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
        check = getattr(failure, "title", "") or title
        row.setdefault("failures", {})[check] = row.get("failures", {}).get(check, 0) + 1
        if "Schema" in title and "Response" in title or title == "JsonSchemaError":
            row["schema_violations"] += 1
        elif response.status_code < 500:
            row["other"] += 1
        line = (f"{name}: {getattr(failure, 'title', '')} {response.request.method} {response.request.url}"
                f" -> {response.status_code}")
        if os.environ.get("FUZZ_REPORT_BODIES"):  # what was sent and answered, to trace a finding
            sent = response.request.body or b""
            sent = sent.decode("utf-8", "replace") if isinstance(sent, bytes) else str(sent)
            line += f"\n      sent {sent[:600]}\n      got  {response.content[:400].decode('utf-8', 'replace')}"
        STATS["found"].setdefault(title, []).append(line)


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
    if key in PLATFORM_WIDE:
        who = [caller for caller in who if caller[0] != "system_admin"]
    generated = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
    for name, headers, other in who:
        # The caller's own token, never a generated Authorization header (it would win otherwise).
        case.headers = {**generated, **headers}
        # The token is the caller's own, not generated: ignored_auth then probes without it.
        object.__setattr__(case, "_has_explicit_auth", bool(headers))
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
        print(f"refusals for undeclarable rules (not counted as failures): {STATS['undeclarable']}")
        for name, row in sorted(STATS["callers"].items()):
            print(f"  {name}: {row}")
        for title, seen in sorted(STATS["found"].items()):
            print(f"  {title}: {len(seen)}")
            for line in seen[:int(os.environ.get("FUZZ_REPORT_LINES", "5"))]:
                print(f"    {line}")
