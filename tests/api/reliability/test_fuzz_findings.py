"""Regression tests for what the OpenAPI fuzzer found: each was a 500 or an accepted bad input.

Every answer here is a 4xx in the one error shape ({"detail", "errors"}) naming the field, and
nothing is written.
"""
from __future__ import annotations

import uuid

import pytest

from api.kit.errors import ERROR_RESPONSES

LISTS = ("waste-types", "destination-types", "container-types", "diversion-methods", "waste-subtypes",
         "carbon-methodologies")


@pytest.fixture(scope="module")
async def tenant(app):
    from tests.factories import Factory

    return await Factory().tenant(plan="enterprise", stores=1)


def assert_field_error(r, field: str, status: int = 422) -> None:
    assert r.status_code == status, r.text
    body = r.json()
    assert isinstance(body["detail"], str) and body["detail"]
    assert field in [e["field"] for e in body["errors"]], body


@pytest.mark.parametrize("path", LISTS)
@pytest.mark.parametrize("bad", [["Food"], 7, {"a": 1}, True])
async def test_list_names_that_are_not_text_are_refused(client, tenant, owner_sql, path, bad):
    r = await client.post(f"/api/{path}", json={"name": bad, "unit_of_measure": "lbs"}, headers=tenant.headers())
    assert_field_error(r, "name")
    item = (await client.get(f"/api/{path}", headers=tenant.headers())).json()
    first = next(iter(item.values()))[0]["id"]
    r = await client.put(f"/api/{path}/{first}", json={"name": bad}, headers=tenant.headers())
    assert_field_error(r, "name")


@pytest.mark.parametrize("bad", [["lbs"], 3, {"code": "lbs"}])
async def test_waste_type_unit_that_is_not_text_is_refused(client, tenant, bad):
    r = await client.post("/api/waste-types", json={"name": f"W {uuid.uuid4().hex[:6]}", "is_organic": True,
                                                          "unit_of_measure": bad},
                          headers=tenant.headers())
    assert_field_error(r, "unit_of_measure")
    first = (await client.get("/api/waste-types", headers=tenant.headers())).json()["waste_types"][0]["id"]
    r = await client.put(f"/api/waste-types/{first}", json={"unit_of_measure": bad}, headers=tenant.headers())
    assert_field_error(r, "unit_of_measure")


@pytest.mark.parametrize("bad", [5, ["CA"], {"code": "CA"}, False])
async def test_store_state_that_is_not_text_is_refused(client, tenant, bad):
    r = await client.post("/api/stores", json={"name": "X", "store_number": f"N{uuid.uuid4().hex[:5]}", "state": bad},
                          headers=tenant.headers())
    assert_field_error(r, "state")
    r = await client.put(f"/api/stores/{tenant.stores[0].id}", json={"state": bad}, headers=tenant.headers())
    assert_field_error(r, "state")


async def test_nul_in_login_is_a_422_even_without_signing_in(client):
    r = await client.post("/api/auth/login", json={"email": "a\u0000b@example.com", "password": "x"})
    assert_field_error(r, "email")


async def test_nul_anywhere_in_a_body_names_its_path(client, tenant, owner_sql):
    name = f"Region {uuid.uuid4().hex[:6]}"
    r = await client.post("/api/regions", json={"name": name + "\u0000"}, headers=tenant.headers())
    assert_field_error(r, "name")
    assert not owner_sql("select 1 from regions where name like %s", (name + "%",))
    r = await client.post("/api/waste-subtypes", json={"name": "ok", "description": ["fine", "bad\u0000"]},
                          headers=tenant.headers())
    assert_field_error(r, "description.1")
    # A key with NUL is refused too, and an escaped backslash followed by u0000 is plain text.
    r = await client.put("/api/users/preferences", json={"notifications": {"e\u0000": True}},
                         headers=tenant.headers())
    assert_field_error(r, "notifications.e\u0000")
    r = await client.post("/api/regions", json={"name": name + "\\u0000"}, headers=tenant.headers())
    assert r.status_code == 201, r.text


async def test_nul_in_query_parameters_is_refused(client, tenant):
    r = await client.get("/api/tickets", params={"waste_type": "Food\u0000"}, headers=tenant.headers())
    assert_field_error(r, "waste_type")
    r = await client.get("/api/tickets?q=%00", headers=tenant.headers())
    assert_field_error(r, "q")


async def test_body_over_the_cap_is_refused_from_its_length(client):
    from api.kit.guard import MAX_BODY_BYTES

    r = await client.post("/api/auth/login", content=b"{}",
                          headers={"content-type": "application/json", "content-length": str(MAX_BODY_BYTES + 1)})
    assert r.status_code == 413
    assert "too large" in r.json()["detail"]


async def test_extra_notification_keys_are_refused_not_stored(client, tenant, owner_sql):
    r = await client.put("/api/users/preferences", json={"notifications": {"email": False, "evil": True}},
                         headers=tenant.headers())
    assert_field_error(r, "notifications")
    r = await client.put("/api/users/preferences", json={"notifications": {"email": False}}, headers=tenant.headers())
    assert r.status_code == 200
    assert set(r.json()["notifications"]) == {"email", "weeklyReports", "complianceReminders"}


@pytest.mark.parametrize("bad", ["0", "1700000000", "2024-1-1", "0001-01-01", "9999-12-31"])
async def test_dates_must_be_written_as_dates(client, tenant, bad):
    r = await client.get("/api/tickets", params={"start_date": bad}, headers=tenant.headers())
    assert_field_error(r, "start_date")
    r = await client.get("/api/tickets", params={"start_date": "2026-01-01"}, headers=tenant.headers())
    assert r.status_code == 200


@pytest.mark.parametrize("bad", [0, 1, "yes", "false"])
async def test_flags_take_true_or_false_only(client, tenant, bad):
    r = await client.post("/api/waste-types", json={"name": f"W {uuid.uuid4().hex[:6]}", "is_organic": True,
                                                          "is_active": bad},
                          headers=tenant.headers())
    assert_field_error(r, "is_active")
    r = await client.put(f"/api/stores/{tenant.stores[0].id}", json={"is_active": bad}, headers=tenant.headers())
    assert_field_error(r, "is_active")


async def test_the_document_declares_the_error_shape_the_api_sends(app):
    doc = app.openapi()
    assert "HTTPValidationError" not in doc["components"]["schemas"]
    missing = []
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            for status in ERROR_RESPONSES:
                ref = op["responses"].get(str(status), {}).get("content", {}).get("application/json", {})
                if ref.get("schema", {}).get("$ref") != "#/components/schemas/ErrorBody":
                    missing.append(f"{method.upper()} {path} {status}")
    assert not missing, missing[:20]


# Issue 31 point 4, the strict run (declared_data_acceptance, invalid_data_rejection): what the
# document says valid, the server accepts, and the other way round.

def _valid(doc: dict, schema: dict, value) -> bool:
    import jsonschema_rs

    return jsonschema_rs.validator_for({**schema, "components": doc["components"]}).is_valid(value)


def _body(doc: dict, path: str, method: str = "post") -> dict:
    return doc["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]


# Python's whitespace (str.strip, \s) and ECMA-262's differ in \x1c-\x1f, \x85 and \ufeff.
SPACES = ["\x1c", "\x1e", "\x1f", "\x85", "\ufeff", "\u3000", "\x0b", " "]


@pytest.mark.parametrize("space", SPACES)
def test_email_pattern_reads_whitespace_as_the_server_does(app, space):
    from api.kit.fields import clean_email

    doc = app.openapi()
    schema = doc["components"]["schemas"]["UserCreate"]["properties"]["email"]
    for email in (f"{space}a@b.co{space}", f"a{space}b@c.de", f"ab@c.d{space}e"):
        try:
            clean_email(email)
            accepted = True
        except ValueError:
            accepted = False
        assert _valid(doc, schema, email) == accepted, repr(email)


@pytest.mark.parametrize("space", SPACES)
def test_recipients_pattern_reads_whitespace_as_the_server_does(app, space):
    from pydantic import ValidationError

    from api.tickets.schemas import TicketEmailRequest

    doc = app.openapi()
    for value in (f"a@b.co,x{space}y@c.de", f"{space}a@b.co{space},{space}c@d.ef"):
        try:
            TicketEmailRequest.model_validate({"recipients": value})
            accepted = True
        except ValidationError:
            accepted = False
        assert _valid(doc, _body(doc, "/api/tickets/email"), {"recipients": value}) == accepted, repr(value)


@pytest.mark.parametrize(("path", "field", "value"), [
    ("/api/container-types", "capacity_gallons", 0.3333333333333333),  # 1 place
    ("/api/diversion-methods", "co2_factor", 5e-324),  # 4 places
    ("/api/waste-types", "default_price_per_unit", 8.516861012830518e+307),  # 12 digits
])
async def test_decimal_numbers_beyond_their_digits_are_refused_by_the_document_too(client, tenant, app, path,
                                                                                    field, value):
    doc = app.openapi()
    body = {"name": f"N {uuid.uuid4().hex[:6]}", "is_organic": False, "capacity_gallons": 5, field: value}
    assert not _valid(doc, _body(doc, path), body)
    r = await client.post(path, json=body, headers=tenant.headers())
    assert_field_error(r, field)
    rounded = round(value, 1) if value < 1e9 else 99999999.1234
    assert _valid(doc, _body(doc, path), {**body, field: rounded})
    r = await client.post(path, json={**body, field: rounded}, headers=tenant.headers())
    assert r.status_code == 201, r.text


@pytest.mark.parametrize(("quantity", "valid"), [("200001", False), ("999999", False), ("200000.5", False),
                                                 ("200000", True), ("200000.00", True), ("199999.99", True)])
def test_line_quantity_given_as_text_is_held_to_the_weight_cap(app, quantity, valid):
    from pydantic import ValidationError

    from api.tickets.schemas import LineItemCreate

    doc = app.openapi()
    schema = doc["components"]["schemas"]["LineItemCreate"]
    line = {"waste_type": "Food", "quantity": quantity}
    assert _valid(doc, schema, line) == valid
    try:
        LineItemCreate.model_validate(line)
        accepted = True
    except ValidationError:
        accepted = False
    assert accepted == valid


@pytest.mark.parametrize(("body", "valid"), [({"price_basis": "per_load"}, False), ({"price": 10}, False),
                                             ({"price_basis": "per_ton", "price": None}, False),
                                             ({"price_basis": "per_ton", "price": 10}, True), ({}, True)])
async def test_new_partner_price_and_basis_come_together_in_the_document(client, tenant, app, body, valid):
    doc = app.openapi()
    body = {"name": f"P {uuid.uuid4().hex[:6]}", **body}
    assert _valid(doc, _body(doc, "/api/disposal-partners"), body) == valid
    r = await client.post("/api/disposal-partners", json=body, headers=tenant.headers())
    assert r.status_code == (201 if valid else 422), r.text


async def test_activity_log_at_the_last_offset_is_an_empty_page_not_a_500(client, tenant):
    from api.kit.fields import MAX_OFFSET

    r = await client.get("/api/compliance/activity-log", params={"offset": MAX_OFFSET, "limit": 200},
                         headers=tenant.headers())
    assert r.status_code == 200, r.text
    assert r.json()["entries"] == []


async def test_a_completed_ticket_needs_a_gross_weight_in_the_document_too(app):
    doc = app.openapi()
    body = {"status": "completed", "waste_type": "Food", "container_type": "Bin", "destination": "Compost",
            "gross_weight": None}
    assert not _valid(doc, _body(doc, "/api/tickets"), body)
    assert _valid(doc, _body(doc, "/api/tickets"), {**body, "gross_weight": 12.5})


@pytest.mark.parametrize("path", ["/api/tickets", "/api/invoices/{invoice_id}/payment"])
def test_idempotency_key_is_declared_as_the_uuid_the_server_reads(app, path):
    import jsonschema_rs

    doc = app.openapi()
    ops = [op for p, item in doc["paths"].items() for op in item.values()
           if p == path and isinstance(op, dict) and any(x.get("name") == "Idempotency-Key"
                                                         for x in op.get("parameters", []))]
    assert ops, path
    header = next(x for x in ops[0]["parameters"] if x["name"] == "Idempotency-Key")["schema"]
    check = jsonschema_rs.validator_for(header)
    assert check.is_valid(str(uuid.uuid4()))
    assert not check.is_valid("not-a-uuid") and not check.is_valid("")
    # A header is text or absent: a null was sent as the text 'null' and refused.
    assert not check.is_valid(None)


async def test_system_report_format_is_an_enum(app):
    doc = app.openapi()
    param = next(p for p in doc["paths"]["/api/admin/reports/{report_id}"]["get"]["parameters"]
                 if p["name"] == "format")
    assert param["schema"]["enum"] == ["csv", "xlsx"]


@pytest.mark.parametrize(("body", "valid"), [({"role": "store_admin", "pin": "1234"}, False),
                                             ({"role": " ADMIN ", "assigned_location_id": str(uuid.uuid4())}, False),
                                             ({"role": "store_admin", "pin": " "}, True),
                                             ({"role": "employee", "pin": "1234"}, True), ({"pin": "1234"}, True)])
def test_only_an_employee_gets_a_location_or_pin_in_the_document(app, body, valid):
    doc = app.openapi()
    body = {"first_name": "A", "last_name": "B", "email": "a@b.co", "password": "Quill-Lantern-88", **body}
    assert _valid(doc, _body(doc, "/api/users"), body) == valid


@pytest.mark.parametrize(("name", "value", "valid"), [("sb1383_target_percent", "100.5", False),
                                                      ("sb1383_target_percent", "288351024683099278581473017850.4",
                                                       False),
                                                      ("sb1383_target_percent", "75.25", True),
                                                      ("recaptcha_min_score", "1.5", False),
                                                      ("recaptcha_min_score", "0.5", True)])
def test_one_setting_given_as_text_is_held_to_its_range(app, name, value, valid):
    import json
    import subprocess
    import sys

    doc = app.openapi()
    assert _valid(doc, _body(doc, "/api/system/settings", "put"), {name: value}) == valid
    # Imported first, as the server may: the rule must not depend on who imported api.kit.contract.
    code = "import json; from api.settings.schemas import ONE_SETTING; print(json.dumps(ONE_SETTING))"
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert _valid(doc, json.loads(fresh.stdout), {name: value}) == valid


@pytest.mark.parametrize("bad", [{}, 0, False, [None]])
async def test_a_weekly_alert_day_that_is_not_text_is_refused(client, tenant, bad):
    r = await client.post("/api/email-alerts", json={"name": "W", "report_type": "ticket-report", "schedule": "weekly",
                                                     "weekly_day": bad, "send_time": "09:00",
                                                     "recipients": tenant.admin.email},
                          headers=tenant.headers())
    assert_field_error(r, "weekly_day")


async def test_a_blank_ticket_status_filter_is_declared_as_no_filter(client, tenant, app):
    doc = app.openapi()
    param = next(p for p in doc["paths"]["/api/tickets"]["get"]["parameters"] if p["name"] == "status")
    assert _valid(doc, param["schema"], "")
    r = await client.get("/api/tickets?status=", headers=tenant.headers())
    assert r.status_code == 200, r.text


def test_a_body_offset_is_bounded_exactly_as_the_server_bounds_it(app):
    from api.kit.fields import MAX_OFFSET

    doc = app.openapi()
    offset = doc["components"]["schemas"]["TicketQuery"]["properties"]["offset"]
    # Not 9.223372036854776e18 (a float, one above): offset 2**63 was valid by the document.
    assert offset["maximum"] == MAX_OFFSET and isinstance(offset["maximum"], int)
    assert "x-flow-int-bounds" not in str(doc)


def test_every_uploaded_file_declares_the_media_types_it_may_be(app):
    doc = app.openapi()
    found = []
    for path, item in doc["paths"].items():
        for method, op in item.items():
            media = op.get("requestBody", {}).get("content", {}).get("multipart/form-data") if isinstance(op, dict) else None
            if not media:
                continue
            ref = media["schema"]["$ref"].rsplit("/", 1)[1]
            for name, prop in doc["components"]["schemas"][ref]["properties"].items():
                if "contentMediaType" in prop or prop.get("format") == "binary":
                    found.append((method, path, name))
                    assert media.get("encoding", {}).get(name, {}).get("contentType"), (method, path, name)
    assert ("post", "/api/tickets/{ticket_id}/images", "file") in found
    images = doc["paths"]["/api/tickets/{ticket_id}/images"]["post"]["requestBody"]["content"]["multipart/form-data"]
    assert images["encoding"]["file"]["contentType"] == "image/jpeg, image/png, image/webp"


@pytest.mark.parametrize(("weight", "valid"), [("150000", True), ("200000", True), ("200000.0", True),
                                               ("199999.9", True), ("200000.1", False), ("200001", False)])
def test_a_weight_given_as_text_is_declared_up_to_the_cap(app, weight, valid):
    doc = app.openapi()
    body = {"status": "completed", "waste_type": "Food", "container_type": "Bin", "destination": "Compost",
            "gross_weight": weight}
    # '150000' was refused by the document (five whole digits) though the server takes it.
    assert _valid(doc, _body(doc, "/api/tickets"), body) == valid
    assert _valid(doc, _body(doc, "/api/container-types"), {"name": "Tote", "capacity_gallons": 10,
                                                            "tare_weight_lbs": weight}) == valid


@pytest.mark.parametrize("tare", ["200000.1", 250000, "999999999.9"])
async def test_a_container_is_no_heavier_than_a_ticket_may_weigh(client, tenant, tare):
    """A container whose tare is above the 200,000 lb cap made every ticket on it a 422."""
    r = await client.post("/api/container-types", json={"name": f"Skip {uuid.uuid4().hex[:6]}", "capacity_gallons": 10,
                                                        "tare_weight_lbs": tare}, headers=tenant.headers())
    assert_field_error(r, "tare_weight_lbs")
    assert r.json()["detail"] == "Tare weight cannot exceed 200,000 lbs"
    first = (await client.get("/api/container-types", headers=tenant.headers())).json()["container_types"][0]["id"]
    r = await client.put(f"/api/container-types/{first}", json={"tare_weight_lbs": tare}, headers=tenant.headers())
    assert_field_error(r, "tare_weight_lbs")
    r = await client.post("/api/container-types", json={"name": f"Skip {uuid.uuid4().hex[:6]}", "capacity_gallons": 10,
                                                        "tare_weight_lbs": "200000"}, headers=tenant.headers())
    assert r.status_code == 201, r.text
