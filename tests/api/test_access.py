"""Every /api route declares who may call it, and nobody gets past it. One table, one test.

The table is docs/access.md (the access matrix: each operation x system_admin, store_admin,
store_employee assigned / unassigned). `test_the_matrix_is_the_code` checks, without a database,
that it has one row per route and that the route guards let through exactly the roles it marks.

For each route and method of the app:
1. its dependency tree contains `public` or `current_user` (a route with neither fails);
2. an anonymous call to a non-public route gets 401;
3. every role whose cell in docs/access.md is `no` gets 403, and an employee gets 403 on a
   `weigh-in` route while the company has not turned inbound_employee_weigh_in_enabled on;
4. a route with a path parameter, called by a user of tenant A with the id of an object of
   tenant B, answers 404. Such routes need an entry in FOREIGN below (one line each), or the
   test fails: a new route with an id cannot slip in untested. Routes only system_admin may call
   are platform-wide and need no entry.

To register a route: add `"METHOD /api/path/{param}": Foreign(maker, body)` where `maker(ctx)`
returns the path parameters naming an object of ctx.other (the second tenant), and `body` is a
valid JSON body for writes (so the call reaches the handler). A parameter that is not an object
id gets `NotAnId({"param": "sample"})`.
"""
from __future__ import annotations

import inspect
import uuid
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.routing import APIRoute

from api.access.deps import current_company, current_user, public
from api.core.db import sessionmaker, set_tenant
from api.inbound.deps import weigh_in_caller
from tests.api.tickets.lists import set_company
from tests.factories import Factory, Tenant

# Routes outside the rule, with the reason (none: the liveness probe /api/healthz is public by rule).
EXEMPT: dict[str, str] = {}
ROLES = ("system_admin", "store_admin", "store_employee")
MATRIX_DOC = Path(__file__).resolve().parents[2] / "docs" / "access.md"
# The matrix's columns: (header, role, headers key of the `people` fixture).
COLUMNS = (("system_admin", "system_admin", "system_admin"), ("store_admin", "store_admin", "store_admin"),
           ("store_employee (assigned)", "store_employee", "assigned_employee"),
           ("store_employee (unassigned)", "store_employee", "store_employee"))
CELLS = {"yes", "own", "weigh-in", "no", "public"}  # a cell's first word; the rest says the scope


def load_matrix() -> dict[str, dict[str, str]]:
    """docs/access.md's matrix: "METHOD /api/path" -> {column header: first word of the cell}."""
    rows: dict[str, dict[str, str]] = {}
    header: list[str] | None = None
    for line in MATRIX_DOC.read_text().splitlines():
        if not line.startswith("|"):
            header = None if not line.strip() else header
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == "Operation":
            header = cells
            continue
        if header is None or set(cells[0]) <= {"-"}:
            continue
        key = cells[0].strip("`")
        assert key not in rows, f"docs/access.md: {key} has two rows"
        words = {h: c.split(" ")[0] for h, c in zip(header[1:5], cells[1:5], strict=True)}
        assert set(words.values()) <= CELLS, f"docs/access.md: {key}: unknown cell in {cells[1:5]}"
        assert cells[5:] and cells[5], f"docs/access.md: {key} says no why"
        rows[key] = words
    return rows


MATRIX = load_matrix()


@dataclass
class Ctx:
    client: httpx.AsyncClient
    other: Tenant
    owner_sql: Callable[..., list[tuple]]
    made: dict[str, Any] = field(default_factory=dict)


@dataclass
class Foreign:
    make: Callable[[Ctx], dict[str, str] | Awaitable[dict[str, str]]]
    body: dict | None = None


@dataclass
class NotAnId:
    sample: dict[str, str]


# ---- makers: objects of the other tenant -------------------------------------------------------
def store(ctx: Ctx) -> dict[str, str]:
    return {"store_id": str(ctx.other.stores[0].id)}


def employee(ctx: Ctx) -> dict[str, str]:
    return {"user_id": str(ctx.other.employee.id)}


async def region(ctx: Ctx) -> dict[str, str]:
    if "region" not in ctx.made:
        r = await ctx.client.post("/api/regions", json={"name": f"R-{uuid.uuid4().hex[:6]}"},
                                  headers=ctx.other.headers())
        ctx.made["region"] = r.json()["id"]
    return {"region_id": ctx.made["region"]}


async def email_alert(ctx: Ctx) -> dict[str, str]:
    if "email_alert" not in ctx.made:
        r = await ctx.client.post("/api/email-alerts", json={"name": "Theirs", "recipients": "them@example.com"},
                                  headers=ctx.other.headers())
        ctx.made["email_alert"] = r.json()["id"]
    return {"alert_id": ctx.made["email_alert"]}


def list_item(table: str) -> Callable[[Ctx], dict[str, str]]:
    def make(ctx: Ctx) -> dict[str, str]:
        ctx.owner_sql(f"insert into {table} (id, company_id, name, is_active, is_system_standard, sort_order) "
                      f"select gen_random_uuid(), %s, %s, true, false, 99 where not exists "
                      f"(select 1 from {table} where company_id = %s)",
                      (ctx.other.company_id, "Foreign item", ctx.other.company_id))
        rows = ctx.owner_sql(f"select id from {table} where company_id = %s limit 1", (ctx.other.company_id,))
        return {"item_id": str(rows[0][0])}
    return make


async def ticket(ctx: Ctx) -> dict[str, str]:
    if "ticket" not in ctx.made:
        from api.tables.tickets import Ticket, TicketImage

        async with sessionmaker()() as db, db.begin():
            await set_tenant(db, ctx.other.company_id)
            row = Ticket(ticket_number=f"T-19990101-{uuid.uuid4().int % 10000:04d}", status="completed",
                         gross_weight=Decimal("10.0"), tare_weight=Decimal("1.0"), net_weight=Decimal("9.0"),
                         store_id=ctx.other.stores[0].id, ticket_at=datetime.now(tz=UTC))
            db.add(row)
            await db.flush()
            image = TicketImage(ticket_id=row.id, kind="gross", storage_key=f"foreign/{row.id}.jpg",
                                content_type="image/jpeg", size_bytes=1, sha256="0" * 64)
            db.add(image)
            await db.flush()
            ctx.made["ticket"] = (str(row.id), str(image.id))
    ticket_id, image_id = ctx.made["ticket"]
    return {"ticket_id": ticket_id, "image_id": image_id}


def customer(ctx: Ctx) -> dict[str, str]:
    if "customer" not in ctx.made:
        cid = uuid.uuid4()
        ctx.owner_sql("insert into customers (id, company_id, customer_name, is_hauler, is_disposal_partner, active, "
                      "created_at, updated_at) values (%s, %s, 'Foreign payee', false, false, true, now(), now())",
                      (cid, ctx.other.company_id))
        vid = uuid.uuid4()
        ctx.owner_sql("insert into vehicles (id, company_id, customer_id, license_plate, created_at, updated_at) "
                      "values (%s, %s, %s, %s, now(), now())", (vid, ctx.other.company_id, cid, f"F{vid.hex[:8]}"))
        ctx.made["customer"] = (str(cid), str(vid))
    cid, vid = ctx.made["customer"]
    return {"customer_id": cid, "vehicle_id": vid}


def inbound_ticket(ctx: Ctx) -> dict[str, str]:
    if "inbound_ticket" not in ctx.made:
        tid = uuid.uuid4()
        ctx.owner_sql("insert into tickets (id, company_id, store_id, ticket_number, is_inbound, status, ticket_at, "
                      "gross_weight, tare_weight, net_weight, unit_of_measure, total_amount, manual_override, "
                      "is_multi_product, created_at, updated_at) values (%s, %s, %s, %s, true, 'saved', now(), 100, 0, "
                      "0, 'lbs', 0, false, false, now(), now())",
                      (tid, ctx.other.company_id, ctx.other.stores[0].id, f"T-I-19990101-{tid.int % 10000:04d}"))
        ctx.made["inbound_ticket"] = str(tid)
    return {"ticket_id": ctx.made["inbound_ticket"]}


async def invoice(ctx: Ctx) -> dict[str, str]:
    if "invoice" not in ctx.made:
        from api.tables.invoices import Invoice

        async with sessionmaker()() as db, db.begin():
            await set_tenant(db, ctx.other.company_id)
            today = datetime.now(tz=UTC).date()
            row = Invoice(invoice_number=f"INV-FOREIGN-{uuid.uuid4().hex[:6]}", issue_date=today, due_date=today,
                          amount=Decimal("10.00"), balance=Decimal("10.00"), payment_status="pending")
            db.add(row)
            await db.flush()
            ctx.made["invoice"] = str(row.id)
    return {"invoice_id": ctx.made["invoice"]}


async def partner(ctx: Ctx) -> dict[str, str]:
    if "partner" not in ctx.made:
        r = await ctx.client.post("/api/disposal-partners", json={"name": f"Hauler {uuid.uuid4().hex[:6]}"},
                                  headers=ctx.other.headers())
        ctx.made["partner"] = r.json()["id"]
    return {"partner_id": ctx.made["partner"]}


def food_recovery(ctx: Ctx) -> dict[str, str]:
    if "food_recovery" not in ctx.made:
        pid, aid = uuid.uuid4(), uuid.uuid4()
        ctx.owner_sql("insert into food_recovery_partners (id, company_id, name, kind, pickup_mode, is_active, "
                      "created_at, updated_at) values (%s, %s, 'Their partner', 'organization', 'collected', true, "
                      "now(), now())", (pid, ctx.other.company_id))
        ctx.owner_sql("insert into food_recovery_agreements (id, company_id, partner_id, start_date, file_name, "
                      "content_type, size_bytes, sha256, storage_key, created_at, updated_at) values (%s, %s, %s, "
                      "current_date, 'a.pdf', 'application/pdf', 1, %s, %s, now(), now())",
                      (aid, ctx.other.company_id, pid, "0" * 64, f"{ctx.other.company_id}/agreements/{aid}"))
        ctx.made["food_recovery"] = (str(pid), str(aid))
    pid, aid = ctx.made["food_recovery"]
    return {"partner_id": pid, "agreement_id": aid}


async def carbon_credit(ctx: Ctx) -> dict[str, str]:
    """A carbon credit's id is its ticket's id (one estimate per ticket)."""
    return {"credit_id": (await ticket(ctx))["ticket_id"]}


async def bill(ctx: Ctx) -> dict[str, str]:
    if "bill" not in ctx.made:
        from api.tables.payables import Bill

        async with sessionmaker()() as db, db.begin():
            await set_tenant(db, ctx.other.company_id)
            today = datetime.now(tz=UTC).date()
            row = Bill(bill_number=f"BILL-FOREIGN-{uuid.uuid4().hex[:6]}", issue_date=today, due_date=today,
                       description="Hauling", quantity=Decimal(1), unit="load", unit_price=Decimal("10.00"),
                       amount=Decimal("10.00"), balance=Decimal("10.00"), status="open", payment_terms="Net 30")
            db.add(row)
            await db.flush()
            ctx.made["bill"] = str(row.id)
    return {"bill_id": ctx.made["bill"]}


LIST_TABLES = {"waste-types": "waste_types", "destination-types": "destination_types",
               "container-types": "container_types", "diversion-methods": "diversion_methods",
               "waste-subtypes": "waste_subtypes", "carbon-methodologies": "carbon_methodologies"}

# ---- the registry: one line per route with a path parameter -----------------------------------
FOREIGN: dict[str, Foreign | NotAnId] = {
    "PUT /api/stores/{store_id}": Foreign(store, {"name": "Taken over"}),
    "GET /api/company/settings/{store_id}": Foreign(store),
    "PUT /api/regions/{region_id}": Foreign(region, {"name": "Taken over"}),
    "DELETE /api/regions/{region_id}": Foreign(region),
    "PUT /api/users/{user_id}": Foreign(employee, {"first_name": "Taken"}),
    **{f"PUT /api/{path}/{{item_id}}": Foreign(list_item(table), {"description": "x"})
       for path, table in LIST_TABLES.items()},
    **{f"DELETE /api/{path}/{{item_id}}": Foreign(list_item(table)) for path, table in LIST_TABLES.items()},
    "PUT /api/email-alerts/{alert_id}": Foreign(email_alert, {"is_active": False}),
    "DELETE /api/email-alerts/{alert_id}": Foreign(email_alert),
    "POST /api/email-alerts/{alert_id}/send-test": Foreign(email_alert),
    "GET /api/tickets/{ticket_id}": Foreign(ticket),
    "PUT /api/tickets/{ticket_id}": Foreign(ticket, {"internal_notes": "x"}),
    "POST /api/tickets/{ticket_id}/void": Foreign(ticket, {"reason": "x"}),
    "POST /api/tickets/{ticket_id}/images": Foreign(ticket),  # sent as multipart: see UPLOADS
    "GET /api/tickets/{ticket_id}/images/{image_id}": Foreign(ticket),
    "GET /api/tickets/{ticket_id}/images/{image_id}/thumbnail": Foreign(ticket),
    "GET /api/tickets/export/{format}": NotAnId({"format": "csv"}),
    # A plate is text, not an object: another tenant's plate simply is not found there.
    "GET /api/outbound/license-plate-lookup/{plate}": NotAnId({"plate": "7ABC123"}),
    "GET /api/inbound/license-plate-lookup/{plate}": NotAnId({"plate": "7ABC123"}),
    "PUT /api/inbound/customers/{customer_id}": Foreign(customer, {"customer_name": "Taken over"}),
    "GET /api/inbound/customers/{customer_id}/vehicles": Foreign(customer),
    "POST /api/inbound/customers/{customer_id}/vehicles": Foreign(customer, {"license_plate": "TAKEN1"}),
    "PUT /api/inbound/vehicles/{vehicle_id}": Foreign(customer, {"license_plate": "TAKEN2"}),
    "GET /api/inbound/tickets/{ticket_id}": Foreign(inbound_ticket),
    "PUT /api/inbound/tickets/{ticket_id}": Foreign(inbound_ticket, {"notes": "x"}),
    "POST /api/inbound/tickets/{ticket_id}/void": Foreign(inbound_ticket, {"reason": "x"}),
    "GET /api/invoices/{invoice_id}": Foreign(invoice),
    "PUT /api/invoices/billing-accounts/{customer_id}": Foreign(customer, {"billing_cycle": "monthly"}),
    "GET /api/invoices/{invoice_id}/pdf": Foreign(invoice),
    "PUT /api/invoices/{invoice_id}/payment": Foreign(invoice, {"amount": "1.00", "method": "cash"}),
    "PUT /api/disposal-partners/{partner_id}": Foreign(partner, {"name": "Taken over"}),
    "GET /api/bills/{bill_id}": Foreign(bill),
    "PUT /api/bills/{bill_id}/payment": Foreign(bill, {"amount": "1.00", "method": "cash"}),
    "PUT /api/compliance/food-recovery-partners/{partner_id}": Foreign(food_recovery, {"name": "Taken over"}),
    "POST /api/compliance/food-recovery-partners/{partner_id}/agreements": Foreign(food_recovery),  # see UPLOADS
    "GET /api/compliance/food-recovery-partners/{partner_id}/agreements/{agreement_id}": Foreign(food_recovery),
    "PUT /api/compliance/generator-tiers/{store_id}": Foreign(store, {"business_type": "other"}),
    "PUT /api/carbon-credits/{credit_id}/verification": Foreign(
        carbon_credit, {"verification_status": "verified", "reason": "Taken over"}),
    "GET /api/tickets/{ticket_id}/bill-of-lading": Foreign(ticket),
}
# Multipart uploads: the foreign check sends a small image file and these form fields instead of JSON.
UPLOADS = {"POST /api/tickets/{ticket_id}/images": {"kind": "additional"},
           "POST /api/compliance/food-recovery-partners/{partner_id}/agreements": {"start_date": "2026-01-01"}}


# ---- walking the app ---------------------------------------------------------------------------
def api_routes(app) -> Iterator[tuple[str, str, Any]]:
    """(method, path, dependant) of every /api route, through included routers too."""
    for route in app.routes:
        contexts = route.effective_route_contexts() if hasattr(route, "effective_route_contexts") else [route]
        for ctx in contexts:
            original = getattr(ctx, "original_route", ctx)
            if not isinstance(original, APIRoute) or not ctx.path.startswith("/api"):
                continue
            for method in sorted(ctx.methods):
                yield method, ctx.path, ctx.dependant


def calls(dependant) -> Iterator[Callable]:
    for dep in dependant.dependencies:
        yield dep.call
        yield from calls(dep)


def allowed_roles(dependant) -> set[str] | None:
    """Roles every require_roles guard of the route lets through; None = no role guard."""
    allowed: set[str] | None = None
    for call in calls(dependant):
        roles = getattr(call, "roles", None)
        if roles is not None:
            allowed = set(roles) if allowed is None else allowed & set(roles)
    return allowed


def path_params(path: str) -> list[str]:
    return [part[1:-1].split(":")[0] for part in path.split("/") if part.startswith("{")]


def fill(path: str, values: dict[str, str]) -> str:
    for name in path_params(path):
        path = path.replace("{" + name + "}", values.get(name, str(uuid.uuid4())))
    return path


def _tiny_jpeg() -> bytes:
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 200, 200)).save(buf, format="JPEG")
    return buf.getvalue()


def code_roles(dependant) -> dict[str, str]:
    """What the route's guards let through, as matrix cells per column ('public', 'yes', 'weigh-in', 'no')."""
    deps = set(calls(dependant))
    if public in deps:
        return {header: "public" for header, _role, _who in COLUMNS}
    allowed = allowed_roles(dependant)
    allowed = set(ROLES) if allowed is None else allowed
    if current_company in deps:
        allowed.discard("system_admin")  # a company call: the platform admin has no company
    cells = {}
    for header, role, _who in COLUMNS:
        if role not in allowed:
            cells[header] = "no"
        elif role == "store_employee" and weigh_in_caller in deps:
            cells[header] = "weigh-in"
        else:
            cells[header] = "yes"
    return cells


def test_the_matrix_is_the_code(app):
    """docs/access.md has one row per route, and each route's guards let through what its row says."""
    failures: list[str] = []
    keys = set()
    for method, path, dependant in api_routes(app):
        if path in EXEMPT:
            continue
        key = f"{method} {path}"
        keys.add(key)
        row = MATRIX.get(key)
        if row is None:
            failures.append(f"{key}: no row in docs/access.md")
            continue
        code = code_roles(dependant)
        for header, _role, _who in COLUMNS:
            wanted = {"own": "yes"}.get(row[header], row[header])
            if wanted != code[header]:
                failures.append(f"{key}: docs/access.md says {row[header]!r} for {header}, the code {code[header]!r}")
    failures += [f"{key}: a row in docs/access.md but no such route" for key in sorted(set(MATRIX) - keys)]
    assert not failures, "\n".join(failures)


def test_employees_have_the_scale_only():
    """Spec 1 s6: what an employee may reach is the scale's; reports, dashboards, company-wide
    exports, inbound customers, vehicles, inventory, invoices and mail are not theirs."""
    allowed = {key for key, row in MATRIX.items() if row["store_employee (unassigned)"] not in ("no", "public")}
    prefixes = ("/api/tickets", "/api/ai/", "/api/ocr/", "/api/outbound/", "/api/inbound/", "/api/auth/",
                "/api/users/preferences", "/api/system/settings", "/api/company/settings", "/api/company/logo",
                "/api/stores", "/api/subscription/current", "/api/disposal-partners", "/api/waste-types",
                "/api/container-types", "/api/destination-types", "/api/diversion-methods", "/api/waste-subtypes",
                "/api/carbon-methodologies")
    beyond = sorted(k for k in allowed if not k.split(" ", 1)[1].startswith(prefixes))
    assert not beyond, f"employees reach beyond the scale: {beyond}"
    writes = sorted(k for k in allowed if not k.startswith("GET") and k.split(" ", 1)[1].startswith(
        ("/api/waste-types", "/api/container-types", "/api/destination-types", "/api/stores")))
    assert not writes, f"employees change reference lists or locations: {writes}"
    for key in ("POST /api/reports/basic/email", "POST /api/tickets/email", "GET /api/analytics/dashboard",
                "GET /api/inventory", "POST /api/inbound/customers", "GET /api/reports/basic"):
        assert MATRIX[key]["store_employee (assigned)"] == MATRIX[key]["store_employee (unassigned)"] == "no", key
    inbound = {k for k in allowed if "/api/inbound/" in k}
    assert inbound and all(MATRIX[k]["store_employee (unassigned)"] == "weigh-in" for k in inbound)


@pytest.fixture(scope="module")
async def people(app):
    factory = Factory()
    mine = await factory.tenant(plan="enterprise", stores=2)
    other = await factory.tenant(plan="enterprise", stores=2)
    assigned = await factory.tenant(plan="enterprise", stores=2, assign_employee=True)
    for tenant in (mine, other, assigned):  # inbound and inventory routes answer only with the module on
        await set_company(tenant, inbound_module_enabled=True, inbound_multistep_weighing_enabled=True)
    _root, root_token = await factory.system_admin()
    headers = {
        "system_admin": {"Authorization": f"Bearer {root_token}"},
        "store_admin": mine.headers("admin"),
        "store_employee": mine.headers("employee"),
        "assigned_employee": assigned.headers("employee"),
    }
    return mine, other, headers


async def test_every_route_checks_who_calls_it(app, client, people, owner_sql):
    _mine, other, headers = people
    ctx = Ctx(client=client, other=other, owner_sql=owner_sql)
    failures: list[str] = []
    routes = list(api_routes(app))
    assert len(routes) > 20, "the route walk found too few routes; has FastAPI's router changed?"

    for method, path, dependant in routes:
        key = f"{method} {path}"
        if path in EXEMPT:
            continue
        deps = set(calls(dependant))
        is_public = public in deps
        if not is_public and current_user not in deps:
            failures.append(f"{key}: depends on neither `public` nor `current_user`")
            continue
        entry = FOREIGN.get(key)
        sample = entry.sample if isinstance(entry, NotAnId) else {}
        url = fill(path, sample)

        if not is_public:
            r = await client.request(method, url)
            if r.status_code != 401:
                failures.append(f"{key}: anonymous call answered {r.status_code}, not 401")

        roles = allowed_roles(dependant)
        row = MATRIX.get(key, {})
        for header, _role, who in COLUMNS:
            # weigh-in: the fixture's companies have not turned employee weigh-in on
            if row.get(header) not in ("no", "weigh-in"):
                continue
            r = await client.request(method, url, headers=headers[who])
            if r.status_code != 403:
                failures.append(f"{key}: {header} got {r.status_code}, not 403 (docs/access.md says {row[header]})")

        if not path_params(path) or is_public and entry is None:
            continue
        if roles == {"system_admin"}:
            continue  # platform route: every id is the platform's
        if entry is None:
            failures.append(f"{key}: has a path parameter but no entry in FOREIGN (tests/api/test_access.py)")
            continue
        if isinstance(entry, NotAnId):
            continue
        caller = "store_admin" if roles is None or "store_admin" in roles else "store_employee"
        made = entry.make(ctx)
        values = await made if inspect.isawaitable(made) else made
        kwargs: dict[str, Any] = {"headers": headers[caller]}
        if key in UPLOADS:
            kwargs["files"] = {"file": ("x.jpg", _tiny_jpeg(), "image/jpeg")}
            kwargs["data"] = UPLOADS[key]
        elif entry.body is not None:
            kwargs["json"] = entry.body
        r = await client.request(method, fill(path, values), **kwargs)
        if r.status_code != 404:
            failures.append(f"{key}: another company's object answered {r.status_code}, not 404: {r.text[:160]}")

    assert not failures, "\n".join(failures)
