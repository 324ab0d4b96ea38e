"""Inbound side of the demo: customers (payees and haulers), their trucks, loads received at the
composting site, invoices Net 30 and the payments against them. Pure data; flow/demo.py inserts it.

Prices are tipping fees per pound in the range California organics facilities post (roughly
$50 to $120 per ton, i.e. $0.025 to $0.06 per lb); truck tares are those of box trucks and
small roll-off trucks (10,000 to 14,000 lb) carrying 1,500 to 7,000 lb of organics.
"""
from __future__ import annotations

import random
import uuid
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from api.kit.money import CENT
from flow.demo_activity import new_id, q

# (name, is_hauler, price per lb, phone, address)
CUSTOMERS = (
    ("Golden Gate Produce Co.", False, "0.045", "(415) 555-0191", "1200 Evans Ave, San Francisco, CA 94124"),
    ("Mission Street Grocers", False, "0.050", "(415) 555-0133", "2400 Mission St, San Francisco, CA 94110"),
    ("Monterey Bay Catering", False, "0.040", "(831) 555-0107", "600 Del Monte Ave, Monterey, CA 93940"),
    ("Pacific Grove Farmers Market", False, "0.035", "(831) 555-0150", "Lighthouse Ave, Pacific Grove, CA 93950"),
    ("Cannery Row Restaurants Assn.", False, "0.055", "(831) 555-0126", "700 Cannery Row, Monterey, CA 93940"),
    ("Salinas Valley Growers", False, "0.030", "(831) 555-0188", "300 Abbott St, Salinas, CA 93901"),
    ("Coastal Organics Hauling", True, None, "(831) 555-0171", "45 Industrial Way, Marina, CA 93933"),
    ("Bay Area Green Haulers", True, None, "(510) 555-0119", "900 Ferry Point, Alameda, CA 94501"),
    ("Central Coast Roll-Off", True, None, "(831) 555-0145", "12 Harris Ct, Monterey, CA 93940"),
)
VEHICLES = (  # (hauler index, plate, type, make, model, color, tare lb)
    (6, "7KXM214", "box_truck", "Isuzu", "NRR", "White", 10400),
    (6, "8BTR552", "box_truck", "Hino", "268", "White", 11200),
    (7, "6ZDL381", "roll_off", "Peterbilt", "348", "Green", 13600),
    (7, "7PWQ907", "box_truck", "Freightliner", "M2 106", "White", 11800),
    (8, "8CNV446", "roll_off", "Mack", "Granite", "Red", 13900),
    (8, "6HJS720", "box_truck", "International", "MV", "Blue", 12100),
    (5, "5RFA118", "flatbed", "Ford", "F-650", "Gray", 10100),
    (0, "8GGP305", "box_truck", "Isuzu", "FTR", "White", 10900),
)
# When the demo trucks' stored tares were last weighed empty (the weigh-out that stores a tare).
TARE_WEIGHED_AT = datetime(2026, 1, 12, 17, 30, tzinfo=UTC)
INBOUND_WASTE = ("Food Scraps", "Green Waste", "Pre-Consumer Food Waste", "Compostable Packaging")
PAY_AT_SCALE = ("cash", "check", "credit_card", "zelle")
INVOICE_PAYMENTS = ("check", "bank_transfer", "credit_card", "cash")


def customers(rng: random.Random, company_id: uuid.UUID) -> list[dict]:
    rows = []
    for i, (name, hauler, price, phone, address) in enumerate(CUSTOMERS):
        slug = "".join(ch for ch in name.lower() if ch.isalnum())[:18]
        rows.append({
            "id": new_id(rng), "company_id": company_id, "account_number": f"C-{1001 + i}", "customer_name": name,
            "phone": phone, "email": f"ap@{slug}.example.com", "address": address, "is_hauler": hauler,
            "is_disposal_partner": False, "active": True,
            "custom_pricing_per_unit": Decimal(price) if price else None,
            "default_unit_of_measure": "lb", "payment_terms_days": 30, "billing_cycle": "per_load", "notes": None,
        })
    return rows


def vehicles(rng: random.Random, company_id: uuid.UUID, customer_rows: list[dict]) -> list[dict]:
    return [
        {"id": new_id(rng), "company_id": company_id, "hauler_id": customer_rows[h]["id"] if customer_rows[h]["is_hauler"]
         else None, "customer_id": None if customer_rows[h]["is_hauler"] else customer_rows[h]["id"],
         "license_plate": plate, "vehicle_type": kind, "make": make, "model": model, "color": color,
         "description": None, "tare_weight": Decimal(tare), "tare_weighed_at": TARE_WEIGHED_AT}
        for h, plate, kind, make, model, color, tare in VEHICLES
    ]


def loads(rng: random.Random, *, company_id: uuid.UUID, store_id: uuid.UUID, tz: str, now: datetime,
          customer_rows: list[dict], vehicle_rows: list[dict], waste_types: dict, operator: tuple) -> dict:
    """Inbound tickets with line items, their invoices with lines, and payments."""
    zone = ZoneInfo(tz)
    today = now.astimezone(zone).date()
    payees = [c for c in customer_rows if not c["is_hauler"]]
    tickets, lines, invoices, invoice_lines, payments = [], [], [], [], []
    for offset in range(364, -1, -1):
        day = today - timedelta(days=offset)
        if day.weekday() >= 5 or rng.random() > 0.62:
            continue
        at = datetime.combine(day, time(rng.randint(7, 15), rng.randrange(60)), tzinfo=zone).astimezone(UTC)
        if at > now:
            continue
        payee = rng.choice(payees)
        index = rng.randrange(len(VEHICLES))
        vehicle, spec = vehicle_rows[index], VEHICLES[index]
        hauler_id = vehicle["hauler_id"]
        tare = Decimal(spec[6]) + q(rng.uniform(-150, 150))
        net = q(rng.uniform(1500, 7000))
        kinds = rng.sample(INBOUND_WASTE, 2 if rng.random() < 0.3 else 1)
        split = [net] if len(kinds) == 1 else [q(net * Decimal(str(round(rng.uniform(0.55, 0.8), 2))))]
        if len(kinds) == 2:
            split.append(net - split[0])
        price = payee["custom_pricing_per_unit"]
        ticket_id = new_id(rng)
        total = Decimal("0.00")
        for position, (kind, quantity) in enumerate(zip(kinds, split), start=1):
            amount = (quantity * price).quantize(CENT)
            total += amount
            waste = waste_types[kind]
            lines.append({"id": new_id(rng), "company_id": company_id, "ticket_id": ticket_id, "position": position,
                          "waste_type_id": waste["id"], "waste_type_name": kind, "quantity": quantity, "unit": "lbs",
                          "unit_price": price, "amount": amount, "notes": None, "created_at": at, "updated_at": at})
        paid_at_scale = rng.random() < 0.2
        tickets.append({
            "id": ticket_id, "company_id": company_id, "store_id": store_id, "is_inbound": True, "status": "completed",
            "ticket_at": at, "waste_type_id": waste_types[kinds[0]]["id"], "waste_type_name": kinds[0],
            "gross_weight": tare + net, "tare_weight": tare, "net_weight": net, "unit_of_measure": "lbs",
            "total_amount": total, "customer1_id": payee["id"], "customer2_id": hauler_id, "vehicle_id": vehicle["id"],
            # 'invoice' charges the load to the payee's account: it is what creates the receivable.
            "payment_method": rng.choice(PAY_AT_SCALE) if paid_at_scale else "invoice",
            "is_multi_product": len(kinds) > 1, "manual_override": False, "created_by_id": operator[0],
            "employee_name": operator[1], "created_at": at, "updated_at": at,
        })
        if not paid_at_scale:
            _invoice(rng, company_id, tickets[-1], lines[-len(kinds):], day, today, invoices, invoice_lines, payments)
    for n, invoice in enumerate(sorted(invoices, key=lambda i: (i["issue_date"], i["id"])), start=1):
        invoice["invoice_number"] = f"INV-{invoice['issue_date']:%Y}-{n:05d}"
    return {"tickets": tickets, "lines": lines, "invoices": invoices, "invoice_lines": invoice_lines,
            "payments": payments}


def _invoice(rng, company_id, ticket, ticket_lines, issued: date, today: date, invoices, invoice_lines,
             payments) -> None:
    """Older invoices are mostly settled; some stay part paid or unpaid past their due date."""
    invoice_id = new_id(rng)
    amount = ticket["total_amount"]
    age = (today - issued).days
    roll = rng.random()
    if age > 60:
        share = Decimal(1) if roll < 0.84 else (Decimal(str(round(rng.uniform(0.3, 0.7), 2))) if roll < 0.93 else 0)
    elif age > 30:
        share = Decimal(1) if roll < 0.6 else (Decimal(str(round(rng.uniform(0.3, 0.7), 2))) if roll < 0.72 else 0)
    else:
        share = Decimal(1) if roll < 0.3 else 0
    paid = (amount * share).quantize(CENT)
    paid_on = None
    if paid > 0:
        delay = rng.randint(5, min(45, max(5, age)))
        paid_on = datetime.combine(min(issued + timedelta(days=delay), today), time(17, 0), tzinfo=UTC)
        method = rng.choice(INVOICE_PAYMENTS)
        payments.append({"id": new_id(rng), "company_id": company_id, "invoice_id": invoice_id, "amount": paid,
                         "method": method, "reference": f"{method[:3].upper()}-{rng.randint(1000, 9999)}",
                         "notes": None, "paid_at": paid_on, "recorded_by_id": None,
                         "created_at": paid_on, "updated_at": paid_on})
    balance = amount - paid
    invoices.append({
        "id": invoice_id, "company_id": company_id, "customer_id": ticket["customer1_id"], "ticket_id": ticket["id"],
        "issue_date": issued, "due_date": issued + timedelta(days=30), "payment_terms": "Net 30", "amount": amount,
        "balance": balance, "payment_status": "paid" if balance == 0 else "pending",
        "paid_at": paid_on if balance == 0 else None, "invoice_number": "",
    })
    for line in ticket_lines:
        invoice_lines.append({"id": new_id(rng), "company_id": company_id, "invoice_id": invoice_id,
                              "ticket_id": ticket["id"], "position": line["position"],
                              "description": f"{line['waste_type_name']} received",
                              "quantity": line["quantity"], "unit_price": line["unit_price"], "total": line["amount"]})


def stock(rng: random.Random, *, company_id: uuid.UUID, tz: str, now: datetime, tickets: list[dict],
          lines: list[dict]) -> dict:
    """Inventory that follows the loads, as the app writes it (api/inventory/service.py): one item
    and one 'in' movement per received line, valued at the line's price; every Friday afternoon
    the site hauls out what arrived before that week, oldest first, as 'out' movements of kind
    disposal. So the stock on hand is this week's loads, and the flows show a year of ins and outs."""
    zone = ZoneInfo(tz)
    by_ticket = {t["id"]: t for t in tickets}
    items, movements = [], []
    for line in sorted(lines, key=lambda r: (by_ticket[r["ticket_id"]]["ticket_at"], r["position"])):
        ticket = by_ticket[line["ticket_id"]]
        lbs = Decimal(line["quantity"]).quantize(CENT)  # the demo's lines are weighed in lb
        at = ticket["ticket_at"]
        item = {"id": new_id(rng), "company_id": company_id, "store_id": ticket["store_id"],
                "waste_type_id": line["waste_type_id"], "waste_type_name": line["waste_type_name"],
                "source_customer_id": ticket["customer1_id"], "source_ticket_id": ticket["id"],
                "quantity_available": lbs, "quantity_reserved": Decimal(0), "unit_of_measure": "lbs",
                "unit_value": (line["amount"] / lbs).quantize(Decimal("0.0001")), "status": "available",
                "created_at": at, "updated_at": at}
        items.append(item)
        movements.append({"id": new_id(rng), "company_id": company_id, "item_id": item["id"], "direction": "in",
                          "kind": "inbound", "quantity": lbs, "value": line["amount"], "ticket_id": ticket["id"],
                          "occurred_at": at, "updated_at": at, "created_by_id": ticket["created_by_id"]})
    today = now.astimezone(zone).date()
    friday = today - timedelta(days=(today.weekday() - 4) % 7)
    week_start = friday - timedelta(days=4)
    fridays = []
    while items and friday >= items[0]["created_at"].astimezone(zone).date():
        fridays.append((friday, week_start))
        friday -= timedelta(days=7)
        week_start -= timedelta(days=7)
    for friday, week_start in reversed(fridays):
        haul_at = datetime.combine(friday, time(16, 0), tzinfo=zone).astimezone(UTC)
        if haul_at > now:
            continue
        for item in items:
            if item["status"] == "available" and item["created_at"].astimezone(zone).date() < week_start:
                movements.append({"id": new_id(rng), "company_id": company_id, "item_id": item["id"],
                                  "direction": "out", "kind": "disposal", "quantity": item["quantity_available"],
                                  "value": (item["quantity_available"] * item["unit_value"]).quantize(CENT),
                                  "ticket_id": None, "occurred_at": haul_at, "updated_at": haul_at,
                                  "created_by_id": None})
                item["status"] = "empty"
                item["updated_at"] = haul_at
    return {"items": items, "movements": movements}
