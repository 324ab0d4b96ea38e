"""The spec's sign-up with the address as one line (as the manual form submits it) is accepted,
and every sign-up validation error names its field."""
from __future__ import annotations

import pytest

from api.auth.schemas import split_one_line
from tests.api.auth.test_signup import full_form


@pytest.mark.parametrize(("line", "parts"), [
    ("1 Main St, Oakland, CA 94607", ("1 Main St", "Oakland", "CA", "94607")),
    ("1 Main St, Suite 5, Oakland, ca 94607-1234, USA", ("1 Main St, Suite 5", "Oakland", "CA", "94607-1234")),
    ("  200 Larkin St ,San Francisco,CA  94102 ", ("200 Larkin St", "San Francisco", "CA", "94102")),
])
def test_one_line_addresses_split(line, parts):
    got = split_one_line(line)
    assert (got["street"], got["city"], got["state"], got["zip_code"]) == parts


@pytest.mark.parametrize("line", ["1 Main St", "Oakland, CA", "1 Main St, Oakland, California 94607", ""])
def test_what_is_not_one_address_is_not_guessed(line):
    assert split_one_line(line) is None


async def test_spec_signup_with_a_one_line_address_is_accepted(client, owner_sql):
    form = full_form(address="1 Main St, Oakland, CA 94607")
    r = await client.post("/api/auth/signup", json=form)
    assert r.status_code == 201, r.text
    rows = owner_sql("select address_street, address_city, address_state, address_zip from companies "
                     "where name = %s", (form["company_name"],))
    assert rows == [("1 Main St", "Oakland", "CA", "94607")]


@pytest.mark.parametrize(("over", "field"), [
    ({"address": "1 Main St"}, "city"),
    ({"address": {"street": "1 Main St", "state": "CA", "zip_code": "94607"}}, "address.city"),
    ({"address": {"street": "1 Main St", "city": "Oakland", "state": "California", "zip_code": "94607"}},
     "address.state"),
    ({"company_name": " "}, "company_name"),
    ({"admin_first_name": ""}, "admin_first_name"),
    ({"admin_email": "not-an-email"}, "admin_email"),
    ({"admin_password": "abc"}, "admin_password"),
    ({"account_type": "free"}, "account_type"),
    ({"account_type": "paid", "subscription_plan": "gold"}, "subscription_plan"),
])
async def test_every_signup_error_names_its_field(client, over, field):
    r = await client.post("/api/auth/signup", json=full_form(**over))
    assert r.status_code == 422, r.text
    assert [e["field"] for e in r.json()["errors"]] == [field], r.json()
