"""`flow demo seed`: the demo tenant, its people and a year of believable data, written once."""
from __future__ import annotations

import re

import pytest

from flow.demo import COMPANY, PASSWORD, PLATFORM_ADMIN, seed_demo

TABLES = ("companies", "stores", "users", "tickets", "ticket_line_items", "ticket_counters", "customers",
          "vehicles", "invoices", "invoice_lines", "payments", "regions", "alerts", "inventory_items",
          "inventory_movements", "subscription_invoices")


def counts(owner_sql) -> dict[str, int]:
    return {t: owner_sql(f"select count(*) from {t}")[0][0] for t in TABLES}


@pytest.fixture(scope="module")
async def seeded(app):
    from tests.demo_tenant import remove_demo

    yield await seed_demo()
    remove_demo()  # later modules' warehouse builds do not carry the demo's year


@pytest.fixture
def company_id(seeded, owner_sql):
    return owner_sql("select id from companies where is_demo and name = %s", (COMPANY,))[0][0]


class TestDemoSeed:
    async def test_a_second_run_changes_nothing(self, seeded, owner_sql):
        before = counts(owner_sql)
        stamp = owner_sql("select max(updated_at) from users")
        lines = await seed_demo()
        assert counts(owner_sql) == before
        assert owner_sql("select max(updated_at) from users") == stamp
        assert lines == seeded

    async def test_printed_logins_work(self, seeded, client):
        text = "\n".join(seeded)
        assert PLATFORM_ADMIN[0] in text and "PIN 1234" in text
        r = await client.post("/api/auth/login", json={"email": PLATFORM_ADMIN[0], "password": PLATFORM_ADMIN[1]})
        assert r.status_code == 200 and r.json()["user"]["role"] == "system_admin"
        r = await client.post("/api/auth/login", json={"email": "manager@bayview.flow.local", "password": PASSWORD})
        assert r.status_code == 200 and r.json()["user"]["company"]["subscription_plan"] == "enterprise"
        r = await client.post("/api/auth/employee-pin-login", json={"email": "operator@bayview.flow.local", "pin": "1234"})
        assert r.status_code == 200 and r.json()["user"]["assigned_location_id"] is None

    async def test_enterprise_tenant_with_three_california_locations_and_one_in_massachusetts(self, company_id, owner_sql):
        company = owner_sql("select subscription_plan, timezone, is_demo from companies where id = %s", (company_id,))
        assert company == [("enterprise", "America/Los_Angeles", True)]
        settings = owner_sql("select inbound_module_enabled, enable_ear_reporting from company_settings "
                             "where company_id = %s", (company_id,))
        assert settings == [(True, True)]
        stores = owner_sql("select state, region_id is not null from stores where company_id = %s", (company_id,))
        assert sorted(stores) == [("CA", True)] * 3 + [("MA", True)]
        people = owner_sql("select role, pin_hash is not null, assigned_location_id is not null from users "
                           "where company_id = %s", (company_id,))
        assert ("store_admin", False, False) in people
        assert ("store_employee", True, False) in people and ("store_employee", True, True) in people

    async def test_six_paid_months_of_the_flow_subscription(self, company_id, owner_sql):
        # Enterprise: 4 locations at $150, users included; one invoice per month, the last this month.
        rows = owner_sql("select status, amount::text, period_start from subscription_invoices "
                         "where company_id = %s order by period_start", (company_id,))
        assert [(status, amount) for status, amount, _ in rows] == [("paid", "600.00")] * 6
        assert all(m.day == 1 for _, _, m in rows) and len({m for _, _, m in rows}) == 6

    async def test_a_year_of_completed_outbound_tickets_with_sound_weights(self, company_id, owner_sql):
        row = owner_sql(
            "select count(*), min(ticket_at) > now() - interval '366 days', max(ticket_at) <= now(), "
            "bool_and(net_weight = gross_weight - tare_weight), bool_and(status = 'completed'), "
            "bool_and(net_weight > 0), count(distinct date_trunc('month', ticket_at)) "
            "from tickets where company_id = %s and not is_inbound", (company_id,))[0]
        total, recent, not_future, net_ok, completed, positive, months = row
        assert total > 3000 and recent and not_future and net_ok and completed and positive and months >= 12
        paths = {p for (p,) in owner_sql("select distinct destination_management_path from tickets "
                                         "where company_id = %s and not is_inbound", (company_id,))}
        assert {"compost", "landfill", "donation", "anaerobic_digestion"} <= paths
        # Every container's tickets weigh what that container can hold (density at most 3.5 lb/gal).
        assert owner_sql("select count(*) from tickets where company_id = %s and not is_inbound "
                         "and net_weight > container_capacity_gallons * 3.5", (company_id,)) == [(0,)]
        # Snapshots come from the company's own lists.
        assert owner_sql("select count(*) from tickets t left join destination_types d on d.id = t.destination_id "
                         "and d.company_id = t.company_id where t.company_id = %s and not t.is_inbound "
                         "and d.id is null", (company_id,)) == [(0,)]

    async def test_every_ticket_is_at_one_of_the_companys_locations(self, company_id, owner_sql):
        # Issue 29: no "Unassigned" location anywhere (the EAR, SB 1383, "By location").
        assert owner_sql("select count(*) from tickets t left join stores s on s.id = t.store_id "
                         "and s.company_id = t.company_id where t.company_id = %s and s.id is null",
                         (company_id,)) == [(0,)]

    async def test_diversion_is_realistic_and_differs_by_location(self, company_id, owner_sql):
        rates = [r for (r,) in owner_sql(
            "select 100 * sum(net_weight) filter (where destination_is_diversion) / sum(net_weight) "
            "from tickets where company_id = %s and not is_inbound group by store_id", (company_id,))]
        assert len(rates) == 4 and all(40 < r < 95 for r in rates) and max(rates) - min(rates) > 5

    async def test_weekday_pattern_shows_in_the_conference_center(self, company_id, owner_sql):
        rows = dict(owner_sql(
            "select extract(isodow from t.ticket_at at time zone 'America/Los_Angeles')::int, count(*) "
            "from tickets t join stores s on s.id = t.store_id where t.company_id = %s and s.store_number = 'BV-003' "
            "and not t.is_inbound group by 1", (company_id,)))
        assert rows[3] > 2 * rows[7]  # Wednesday events versus quiet Sundays

    async def test_ticket_numbers_follow_the_contract_and_counters_match(self, company_id, owner_sql):
        numbers = owner_sql("select ticket_number, is_inbound, to_char(ticket_at at time zone 'America/Los_Angeles', "
                            "'YYYYMMDD') from tickets where company_id = %s", (company_id,))
        for number, is_inbound, day in numbers:
            pattern = rf"T-I-{day}-\d{{4}}" if is_inbound else rf"T-{day}-\d{{4}}"
            assert re.fullmatch(pattern, number), number
        mismatched = owner_sql(
            "select c.day, c.direction from ticket_counters c left join lateral ("
            "  select count(*) n, max(right(ticket_number, 4)::int) top from tickets t where t.company_id = c.company_id"
            "  and t.is_inbound = (c.direction = 'I')"
            "  and (t.ticket_at at time zone 'America/Los_Angeles')::date = c.day) x on true "
            "where c.company_id = %s and (x.n <> c.last_number or x.top <> c.last_number)", (company_id,))
        assert mismatched == []

    async def test_inventory_follows_the_loads_and_the_weekly_haul(self, company_id, owner_sql):
        # every received line is an item with its 'in' movement, at the line's weight and amount
        [(lines, items, ins)] = owner_sql(
            "select (select count(*) from ticket_line_items l join tickets t on t.id = l.ticket_id"
            "         where t.company_id = %(c)s and t.is_inbound),"
            "       (select count(*) from inventory_items where company_id = %(c)s),"
            "       (select count(*) from inventory_movements where company_id = %(c)s and direction = 'in')",
            {"c": company_id})
        assert lines == items == ins and items > 100
        [(mismatch,)] = owner_sql(
            "select count(*) from inventory_movements m join ticket_line_items l on l.ticket_id = m.ticket_id"
            " join inventory_items i on i.id = m.item_id and i.source_ticket_id = l.ticket_id"
            "  and i.waste_type_id = l.waste_type_id"
            " where m.company_id = %(c)s and m.direction = 'in' and (m.quantity <> l.quantity or m.value <> l.amount)",
            {"c": company_id})
        assert mismatch == 0
        # on hand never below 0; what is left is recent (hauled out every Friday), and emptied items say so
        rows = owner_sql(
            "select i.status, i.created_at,"
            "       sum(case when m.direction = 'in' then m.quantity else -m.quantity end)"
            "  from inventory_items i join inventory_movements m on m.item_id = i.id"
            " where i.company_id = %(c)s group by i.id, i.status, i.created_at", {"c": company_id})
        assert all(on_hand >= 0 for _, _, on_hand in rows)
        assert all((status == "empty") == (on_hand == 0) for status, _, on_hand in rows)
        left = [created for status, created, on_hand in rows if on_hand > 0]
        assert left and (max(c for _, c, _ in rows) - min(left)).days < 14
        # the trucks carry the tare a weigh-out stored, with its date
        assert owner_sql("select count(*) from vehicles where company_id = %s and"
                         " (tare_weight is null or tare_weighed_at is null)", (company_id,)) == [(0,)]

    async def test_inbound_loads_invoices_and_payments(self, company_id, owner_sql):
        loads = owner_sql("select count(*), bool_and(net_weight = gross_weight - tare_weight), "
                          "bool_and(customer1_id is not null) from tickets where company_id = %s and is_inbound",
                          (company_id,))[0]
        assert loads[0] > 80 and loads[1] and loads[2]
        sums = owner_sql("select bool_and(t.total_amount = (select sum(amount) from ticket_line_items l "
                         "where l.ticket_id = t.id)) from tickets t where t.company_id = %s and t.is_inbound",
                         (company_id,))
        assert sums == [(True,)]
        kinds = owner_sql(
            "select count(*) filter (where balance = 0), count(*) filter (where balance > 0 and balance < amount), "
            "count(*) filter (where balance = amount and due_date < current_date) from invoices where company_id = %s",
            (company_id,))[0]
        assert all(k > 0 for k in kinds), kinds
        assert owner_sql("select bool_and(i.amount - i.balance = coalesce((select sum(p.amount) from payments p "
                         "where p.invoice_id = i.id), 0)) from invoices i where i.company_id = %s",
                         (company_id,)) == [(True,)]
        haulers = owner_sql("select count(*) from customers where company_id = %s and is_hauler", (company_id,))
        assert haulers[0][0] >= 2
