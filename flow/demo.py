"""`flow demo seed`: the demo platform admin, tenant, people and a year of data.

Idempotent: when the demo company already exists nothing is written again (the logins are only
printed), so `flow up` can call it on every start. A GO LIVE reset deletes the demo company; the
next seed builds it afresh. Everything is drawn from one seeded random source, so two seeds on
the same day give the same data. Rows go in with bulk inserts in one transaction.
"""
from __future__ import annotations

import calendar
import random
from datetime import UTC, date, datetime, time
from zoneinfo import ZoneInfo

from sqlalchemy import func, select, text
from sqlalchemy.dialects import postgresql
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from api.companies.service import provision_company
from api.core.config import get_settings
from api.core.db import make_engine, set_system_scope
from api.core.security import hash_secret
from api.subscription.service import monthly_cost
from api.tables.alerts import Alert
from api.tables.companies import Company
from api.tables.inventory import InventoryItem, InventoryMovement
from api.tables.invoices import Invoice, InvoiceLine, Payment
from api.tables.lists import ContainerType, DestinationType, DiversionMethod, WasteType
from api.tables.parties import Customer, Vehicle
from api.tables.regions import Region
from api.tables.settings import CompanySettings
from api.tables.stores import Store
from api.tables.subscription import SubscriptionInvoice
from api.tables.tickets import Ticket, TicketCounter, TicketLineItem
from api.tables.users import User
from flow import demo_activity as activity
from flow import demo_inbound as inbound

SEED = 20261122
COMPANY = "Bayview Hospitality Group"
TIMEZONE = "America/Los_Angeles"
PLATFORM_ADMIN = ("admin@flow.local", "FlowAdmin2026!")
PASSWORD = "FlowDemo2026!"
# (key, email, first, last, role, PIN, assigned site key)
PEOPLE = (
    ("admin", "manager@bayview.flow.local", "Maya", "Chen", "store_admin", None, None),
    ("operator", "operator@bayview.flow.local", "Luis", "Ortega", "store_employee", "1234", None),
    ("harbor", "harbor@bayview.flow.local", "Priya", "Nair", "store_employee", "5678", "harbor"),
    ("seacliff", "seacliff@bayview.flow.local", "Sam", "Rivera", "store_employee", "2468", "seacliff"),
)


def logins() -> list[str]:
    return [
        "Demo logins (password sign-in at /login; PIN sign-in from 'Employee Sign In'):",
        f"  Platform admin:  {PLATFORM_ADMIN[0]} / {PLATFORM_ADMIN[1]}",
        f"  Store manager:   {PEOPLE[0][1]} / {PASSWORD}   ({COMPANY}, enterprise)",
        f"  Scale operator:  {PEOPLE[1][1]} / {PASSWORD}   PIN {PEOPLE[1][5]}  (all locations)",
        f"  Scale operator:  {PEOPLE[2][1]} / {PASSWORD}   PIN {PEOPLE[2][5]}  (Harborline Bistro only)",
    ]


async def seed_demo() -> list[str]:
    """Create the demo data once; return the lines to print."""
    engine = make_engine(get_settings())
    try:
        async with async_sessionmaker(engine, expire_on_commit=False)() as db, db.begin():
            await set_system_scope(db)
            await _platform_admin(db)
            exists = await db.scalar(select(Company.id).where(Company.is_demo, Company.name == COMPANY))
            if exists is None:
                await _tenant(db, random.Random(SEED))
    finally:
        await engine.dispose()
    return logins()


async def _platform_admin(db: AsyncSession) -> None:
    email, password = PLATFORM_ADMIN
    if await db.scalar(select(User.id).where(func.lower(User.email) == email)) is None:
        db.add(User(company_id=None, email=email, password_hash=hash_secret(password), role="system_admin",
                    first_name="Flow", last_name="Admin", setup_completed=True))
        await db.flush()


async def _tenant(db: AsyncSession, rng: random.Random) -> None:
    now = datetime.now(tz=UTC)
    company = Company(
        id=activity.new_id(rng), name=COMPANY, industry="Hospitality", org_type="hospitality",
        email="operations@bayview.flow.local", phone="(415) 555-0100", billing_email="ap@bayview.flow.local",
        billing_notification_email="finance@bayview.flow.local", address_street="250 Embarcadero",
        address_city="San Francisco", address_state="CA", address_zip="94105", timezone=TIMEZONE,
        subscription_plan="enterprise", subscription_status="active", account_type="paid",
        approval_status="approved", reviewed_at=now, is_demo=True,
    )
    db.add(company)
    await db.flush()
    await provision_company(db, company)
    settings = await db.scalar(select(CompanySettings).where(CompanySettings.company_id == company.id))
    settings.inbound_module_enabled = True
    settings.enable_ear_reporting = True

    regions = {name: Region(id=activity.new_id(rng), company_id=company.id, name=name,
                            description=f"Bayview locations in {name}")
               for name in dict.fromkeys(site.region for site in activity.SITES)}
    db.add_all(regions.values())
    await db.flush()
    stores = {site.key: Store(id=activity.new_id(rng), company_id=company.id, name=site.name,
                              store_number=site.store_number, address=site.address, city=site.city, state=site.state,
                              zip_code=site.zip_code, phone=site.phone, region_id=regions[site.region].id)
              for site in activity.SITES}
    db.add_all(stores.values())
    await db.flush()

    people = {}
    password_hash = hash_secret(PASSWORD)  # one argon2 run for the shared demo password
    for key, email, first, last, role, pin, site in PEOPLE:
        people[key] = User(id=activity.new_id(rng), company_id=company.id, email=email, role=role,
                           password_hash=password_hash, pin_hash=hash_secret(pin) if pin else None,
                           first_name=first, last_name=last, setup_completed=True,
                           assigned_location_id=stores[site].id if site else None,
                           preferences={"timezone": TIMEZONE})
    db.add_all(people.values())
    await db.flush()

    lists = await _lists(db, company.id)
    name = {k: (u.id, f"{u.first_name} {u.last_name}") for k, u in people.items()}
    operators = {"grand": [name["operator"], name["admin"]], "harbor": [name["harbor"]],
                 "seacliff": [name["seacliff"], name["operator"]], "vista": [name["operator"]]}
    store_ids = {k: s.id for k, s in stores.items()}
    outbound = activity.outbound_tickets(rng, company_id=company.id, tz=TIMEZONE, now=now, stores=store_ids,
                                         lists=lists, operators=operators)
    customers = inbound.customers(rng, company.id)
    vehicles = inbound.vehicles(rng, company.id, customers)
    received = inbound.loads(rng, company_id=company.id, store_id=stores["seacliff"].id, tz=TIMEZONE, now=now,
                             customer_rows=customers, vehicle_rows=vehicles, waste_types=lists["waste_types"],
                             operator=name["seacliff"])
    counters = [{"company_id": company.id, "direction": "O", "day": day, "last_number": n}
                for day, n in activity.number_tickets(outbound, inbound=False, tz=TIMEZONE).items()]
    counters += [{"company_id": company.id, "direction": "I", "day": day, "last_number": n}
                 for day, n in activity.number_tickets(received["tickets"], inbound=True, tz=TIMEZONE).items()]
    stock = inbound.stock(rng, company_id=company.id, tz=TIMEZONE, now=now, tickets=received["tickets"],
                          lines=received["lines"])
    numbers = {t["id"]: t["ticket_number"] for t in received["tickets"]}
    by_invoice = {i["id"]: numbers[i["ticket_id"]] for i in received["invoices"]}
    for line in received["invoice_lines"]:
        line["description"] += f", ticket {by_invoice[line['invoice_id']]}"

    for model, rows in ((Customer, customers), (Vehicle, vehicles), (Ticket, outbound), (Ticket, received["tickets"]),
                        (TicketLineItem, received["lines"]), (TicketCounter, counters),
                        (Invoice, received["invoices"]), (InvoiceLine, received["invoice_lines"]),
                        (Payment, received["payments"]), (InventoryItem, stock["items"]),
                        (InventoryMovement, stock["movements"])):
        await _bulk_insert(db, model, rows)
    db.add_all(_subscription_invoices(company, len(stores), len(people), now))
    db.add(Alert(company_id=company.id, alert_type="new_signup",
                 message=f"New enterprise account: {COMPANY} ({len(stores)} locations)"))
    await db.flush()


def _subscription_invoices(company: Company, locations: int, users: int, now: datetime) -> list[SubscriptionInvoice]:
    """Six months of the tenant's Flow subscription, paid on the first of each month, so the
    platform's Billing Management shows revenue by month (the figures come from the warehouse)."""
    today = now.astimezone(ZoneInfo(TIMEZONE)).date()
    amount = monthly_cost(company.subscription_plan, locations, users)["monthly_total"]
    out = []
    for back in range(5, -1, -1):
        year, month = divmod(today.year * 12 + today.month - 1 - back, 12)
        start = date(year, month + 1, 1)
        end = start.replace(day=calendar.monthrange(start.year, start.month)[1])
        paid = datetime.combine(start, time(9), tzinfo=ZoneInfo(TIMEZONE))
        out.append(SubscriptionInvoice(
            company_id=company.id, number=f"SUB-{start:%Y%m}-{str(company.id)[:8].upper()}", period_start=start,
            period_end=end, plan=company.subscription_plan, locations=locations, users=users, amount=amount,
            status="paid", attempts=1, provider_ref=f"demo_{start:%Y%m}", paid_at=paid, last_attempt_at=paid))
    return out


async def _bulk_insert(db: AsyncSession, model, rows: list[dict]) -> None:
    """One INSERT ... SELECT FROM unnest(column arrays) per table: a single round trip and no
    per-row SQL compiling. (COPY would be faster still, but Postgres refuses COPY FROM on tables
    with row-level security.)"""
    if not rows:
        return
    table = model.__table__
    names = list(rows[0])
    dialect = postgresql.dialect()
    arrays = ", ".join(f"CAST(:{n} AS {table.c[n].type.compile(dialect=dialect)}[])" for n in names)
    statement = text(f"INSERT INTO {table.name} ({', '.join(names)}) SELECT * FROM unnest({arrays})")
    await db.execute(statement, {n: [row[n] for row in rows] for n in names})


async def _lists(db: AsyncSession, company_id) -> dict[str, dict]:
    """The company's own list items (copied from the system standard), by name."""
    def rows(model, *columns):
        return select(model.id, model.name, *columns).where(model.company_id == company_id)

    result: dict[str, dict] = {}
    for key, query in (
        ("waste_types", rows(WasteType)),
        ("destinations", rows(DestinationType, DestinationType.is_diversion, DestinationType.management_path)),
        ("containers", rows(ContainerType, ContainerType.capacity_gallons, ContainerType.tare_weight_lbs)),
        ("diversion_methods", rows(DiversionMethod)),
    ):
        result[key] = {r.name: dict(r._mapping) for r in (await db.execute(query)).all()}
    return result
