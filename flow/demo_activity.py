"""A year of believable activity for the demo tenant, generated from a seeded random source.

Outbound: per location, per local day, a number of weighings per waste stream drawn around a
mean that follows the location's week (hotel busy at weekends, conference centre midweek) and
the season (summer and December peaks, a January dip). Net weight = container capacity x fill x
bulk density (food scraps about 2.3 lb/gal, loose trash about 0.9 lb/gal), tare from the
company's own container list, gross = net + tare. Inbound: truck loads received at the
composting location, priced per pound, invoiced Net 30 and paid, part paid or left overdue.
Nothing here touches the database; flow/demo.py inserts the rows in bulk.
"""
from __future__ import annotations

import random
import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal
from zoneinfo import ZoneInfo

from api.tickets.numbering import format_ticket_number

TENTH = Decimal("0.1")
SEASON = {1: 0.88, 2: 0.9, 3: 0.97, 4: 1.0, 5: 1.05, 6: 1.15, 7: 1.2, 8: 1.18, 9: 1.05, 10: 1.0, 11: 1.05, 12: 1.15}
# Weighings cluster after prep, lunch and dinner service.
HOURS = list(range(6, 23))
HOUR_WEIGHTS = [1, 3, 4, 5, 6, 5, 4, 3, 4, 5, 4, 3, 3, 4, 5, 4, 2]


@dataclass(frozen=True)
class Stream:
    waste_type: str
    destination: str
    containers: tuple[tuple[str, float], ...]
    lb_per_gallon: float
    fill: tuple[float, float]
    per_day: float
    diversion_method: str | None


STREAMS = (
    Stream("Food Scraps", "Compost",
           (("Slim Jim 23 (23gal)", 0.5), ("Brute 32 (32gal)", 0.3), ("64-Gallon Cart", 0.2)), 2.3, (0.45, 0.95), 2.2,
           "Composting"),
    Stream("Post-Consumer Food Waste", "Compost", (("Slim Jim 23 (23gal)", 1.0),), 2.3, (0.4, 0.9), 1.0,
           "Composting"),
    Stream("Pre-Consumer Food Waste", "Anaerobic Digestion", (("Brute 32 (32gal)", 0.6), ("Brute 44 (44gal)", 0.4)),
           2.6, (0.4, 0.9), 0.9, "Anaerobic Digestion"),
    Stream("Edible Surplus Food", "Food Donation", (("Bus Tub", 0.6), ("Plastic Bucket", 0.4)), 3.0, (0.5, 1.0), 0.35,
           "Food Donation"),
    Stream("General Trash", "Landfill", (("64-Gallon Cart", 0.7), ("Brute 44 (44gal)", 0.3)), 0.9, (0.5, 1.0), 1.1,
           None),
)


@dataclass(frozen=True)
class Site:
    key: str
    name: str
    store_number: str
    address: str
    city: str
    zip_code: str
    phone: str
    region: str
    scale: float
    week: tuple[float, ...]  # Monday .. Sunday
    landfill_factor: float  # how much of its waste still goes to landfill, relative to the group
    donation_factor: float
    state: str = "CA"


SITES = (
    Site("grand", "Bayview Grand Hotel", "BV-001", "250 Embarcadero", "San Francisco", "94105", "(415) 555-0140",
         "Northern California", 1.6, (0.9, 0.9, 0.95, 1.0, 1.15, 1.3, 1.2), 0.75, 1.4),
    Site("harbor", "Harborline Bistro", "BV-002", "88 Water Street", "Oakland", "94607", "(510) 555-0162",
         "Northern California", 1.0, (0.6, 0.85, 0.9, 1.0, 1.3, 1.45, 1.1), 1.0, 0.6),
    Site("seacliff", "Seacliff Conference Center", "BV-003", "1 Ocean View Boulevard", "Monterey", "93940",
         "(831) 555-0118", "Central Coast", 1.25, (0.9, 1.3, 1.4, 1.3, 1.0, 0.45, 0.35), 0.85, 1.6),
    # In Massachusetts, so the State laws report shows a law other than California's (issue 37).
    Site("vista", "Vista Point Cafe", "BV-004", "200 Seaport Boulevard", "Boston", "02210", "(617) 555-0175",
         "New England", 0.6, (1.1, 1.05, 1.05, 1.05, 1.1, 0.8, 0.6), 1.9, 0.3, state="MA"),
)


def q(value: float | Decimal, step: Decimal = TENTH) -> Decimal:
    return Decimal(str(value)).quantize(step, rounding=ROUND_HALF_UP)


def new_id(rng: random.Random) -> uuid.UUID:
    return uuid.UUID(int=rng.getrandbits(128), version=4)


def _count(rng: random.Random, mean: float) -> int:
    whole = int(mean)
    return whole + (1 if rng.random() < mean - whole else 0)


def _local_time(rng: random.Random, day: date, tz: ZoneInfo) -> datetime:
    hour = rng.choices(HOURS, HOUR_WEIGHTS)[0]
    local = datetime.combine(day, time(hour, rng.randrange(60), rng.randrange(60)), tzinfo=tz)
    return local.astimezone(UTC)


def number_tickets(rows: list[dict], *, inbound: bool, tz: str) -> dict[date, int]:
    """Give each ticket its day number in weighing order; return the counters that match."""
    zone = ZoneInfo(tz)
    counters: dict[date, int] = {}
    for row in sorted(rows, key=lambda r: r["ticket_at"]):
        day = row["ticket_at"].astimezone(zone).date()
        counters[day] = counters.get(day, 0) + 1
        row["ticket_number"] = format_ticket_number(day, counters[day], inbound=inbound)
    return counters


def outbound_tickets(rng: random.Random, *, company_id: uuid.UUID, tz: str, now: datetime, stores: dict,
                     lists: dict, operators: dict) -> list[dict]:
    """stores: site key -> store id; lists: name -> row dict per list; operators: site key -> [(id, name)]."""
    zone = ZoneInfo(tz)
    today = now.astimezone(zone).date()
    rows: list[dict] = []
    for offset in range(364, -1, -1):
        day = today - timedelta(days=offset)
        for site in SITES:
            busy = site.scale * site.week[day.weekday()] * SEASON[day.month]
            for stream in STREAMS:
                mean = stream.per_day * busy
                if stream.destination == "Landfill":
                    mean *= site.landfill_factor
                elif stream.destination == "Food Donation":
                    mean *= site.donation_factor
                for _ in range(_count(rng, mean)):
                    at = _local_time(rng, day, zone)
                    if at > now:
                        continue
                    rows.append(_outbound_row(rng, company_id, stores[site.key], stream, at, lists,
                                              rng.choice(operators[site.key])))
    return rows


def _outbound_row(rng, company_id, store_id, stream: Stream, at: datetime, lists: dict, operator) -> dict:
    names = [c for c, _ in stream.containers]
    container = lists["containers"][rng.choices(names, [w for _, w in stream.containers])[0]]
    waste = lists["waste_types"][stream.waste_type]
    destination = lists["destinations"][stream.destination]
    method = lists["diversion_methods"].get(stream.diversion_method) if stream.diversion_method else None
    capacity = float(container["capacity_gallons"])
    net = q(max(0.5, capacity * rng.uniform(*stream.fill) * stream.lb_per_gallon * rng.uniform(0.9, 1.1)))
    tare = container["tare_weight_lbs"]
    user_id, user_name = operator
    return {
        "id": new_id(rng), "company_id": company_id, "store_id": store_id, "is_inbound": False,
        "outbound_ticket_type": "type_1_container", "status": "completed", "ticket_at": at,
        "waste_type_id": waste["id"], "waste_type_name": waste["name"],
        "destination_id": destination["id"], "destination_name": destination["name"],
        "destination_is_diversion": destination["is_diversion"],
        "destination_management_path": destination["management_path"],
        "container_type_id": container["id"], "container_name": container["name"],
        "container_capacity_gallons": container["capacity_gallons"], "container_tare_lbs": tare,
        "diversion_method_id": method["id"] if method else None,
        "diversion_method_name": method["name"] if method else None,
        "carbon_methodology": "EPA_2023",
        "gross_weight": net + tare, "tare_weight": tare, "net_weight": net, "unit_of_measure": "lbs",
        "total_amount": Decimal("0.00"), "manual_override": False, "is_multi_product": False,
        "created_by_id": user_id, "employee_name": user_name, "created_at": at, "updated_at": at,
    }
