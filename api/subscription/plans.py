"""Plans, prices, limits and feature gates: the one table both the API and the web read.

The rules that apply this table to a company (plan in force, gates, limits, bills) are in
api/subscription/service.py.

One price list (issue 32): every plan is billed per active location per month in USD, users
included up to the plan's limit. Spec 3 s6 and s9 also charge Pro $99 per user, which made a
one-location Pro team of two ($297) dearer than Enterprise ($150) and contradicted the landing
page's "$99/month per facility"; Flow keeps the per-location prices (core $49, pro $99,
enterprise $150) and includes users on every plan, so Enterprise is never cheaper than Pro for the
same team (tests/api/subscription/test_subscription.py::TestOnePriceList). The API serves this
table (GET /api/subscription/plans, `price_terms`); the landing page, sign-up, Billing, Locations
and the platform's Plans read it and write no price of their own.

The prices themselves (name, per location, per user, the locations a plan bills at least) have one
home: the dbt seed dbt/seeds/subscription_plans.csv, which the platform revenue marts load and this
module reads at import, as api/compliance/state_laws.py reads its seed. A plan here without a row
there, or a row without a plan, stops the import, so the API and the warehouse cannot bill two lists.
"""
from __future__ import annotations

import csv
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Literal, get_args

from api.core.config import ROOT

SEED = ROOT / "dbt" / "seeds" / "subscription_plans.csv"

TRIAL_DAYS = 15
TRIAL_PLAN = "pro"

# Feature keys used by require_feature(...) and by the menu logic in the web app.
AI_VISION = "ai_vision"
MULTI_LOCATION = "multi_location"
ESG_ADVANCED = "esg_advanced"
EMAIL_ALERTS = "email_alerts"
CUSTOM_LISTS = "custom_lists"
SB1383 = "sb1383_compliance"
EMPLOYEE_PINS = "employee_pins"
LOCATION_ASSIGNMENT = "location_assignment"
REGIONS = "regions"
INBOUND = "inbound"
AI_ANALYTICS = "ai_analytics"
DIRECT_SUBMISSION = "direct_submission"

# The gate keys as a type: GET /api/subscription/current lists them (`features`), so the web's
# generated client knows each key and a misspelt one fails its type check.
Gate = Literal["ai_vision", "multi_location", "esg_advanced", "email_alerts", "custom_lists", "sb1383_compliance",
               "employee_pins", "location_assignment", "regions", "inbound", "ai_analytics", "direct_submission"]


@dataclass(frozen=True)
class Plan:
    id: str
    name: str
    price_per_facility: Decimal
    price_per_user: Decimal  # 0 when users are included
    max_users: int | None  # None = unlimited
    max_facilities: int | None
    minimum_facilities_billed: int  # a plan's bill counts at least this many locations
    has_trial: bool
    description: str
    features: tuple[str, ...]
    gates: frozenset[str] = field(default_factory=frozenset)


def _seed() -> dict[str, dict[str, str]]:
    with SEED.open(newline="") as f:
        return {row["plan_id"]: row for row in csv.DictReader(f)}


_PRICES = _seed()


def _plan(plan_id: str, **terms) -> Plan:
    """A plan's terms written here, its name and prices read from the seed."""
    row = _PRICES[plan_id]
    return Plan(id=plan_id, name=row["plan_name"], price_per_facility=Decimal(row["price_per_facility"]),
                price_per_user=Decimal(row["price_per_user"]),
                minimum_facilities_billed=int(row["minimum_facilities_billed"]), **terms)


PLANS: dict[str, Plan] = {
    "core": _plan(
        "core",
        max_users=2,
        max_facilities=1,
        has_trial=False,
        description="Basic waste tracking for a single location",
        features=(
            "Basic waste tracking",
            "Single location",
            "Standard reports",
            "2 users (1 admin and 1 employee)",
            "Limited ESG metrics",
        ),
        gates=frozenset(),
    ),
    "pro": _plan(
        "pro",
        max_users=20,
        max_facilities=20,
        has_trial=True,
        description="AI vision, multiple locations and SB 1383 compliance tracking",
        features=(
            "AI vision scale reading",
            "Multi-location",
            "Advanced ESG reports",
            "Email alerts",
            "Custom waste and destination types",
            "SB 1383 compliance tracking",
            "Employee accounts with PINs",
            "Up to 20 users and 20 facilities",
        ),
        gates=frozenset({AI_VISION, MULTI_LOCATION, ESG_ADVANCED, EMAIL_ALERTS, CUSTOM_LISTS, SB1383,
                         EMPLOYEE_PINS, LOCATION_ASSIGNMENT}),
    ),
    "enterprise": _plan(
        "enterprise",
        max_users=None,
        max_facilities=None,
        has_trial=False,
        description="Everything in Pro plus inbound billing, regions and unlimited locations",
        features=(
            "Everything in Pro",
            "Unlimited locations and users",
            "Inbound operations, invoices and inventory",
            "Regions and subregions",
            "Priority support and SLA",
            "Open API and ERP integration",
            "White label",
            "Direct submission to the state recycling agency",
        ),
        gates=frozenset({AI_VISION, MULTI_LOCATION, ESG_ADVANCED, EMAIL_ALERTS, CUSTOM_LISTS, SB1383,
                         EMPLOYEE_PINS, LOCATION_ASSIGNMENT, REGIONS, INBOUND, AI_ANALYTICS,
                         DIRECT_SUBMISSION}),
    ),
}
if set(get_args(Gate)) != set().union(*(p.gates for p in PLANS.values())):
    raise RuntimeError("plans.Gate must list every gate a plan opens, and no other")
if set(_PRICES) != set(PLANS):
    raise RuntimeError(f"{SEED} prices plans {sorted(_PRICES)}, api/subscription/plans.py offers {sorted(PLANS)}")


def price_terms(plan: Plan) -> str:
    """The plan's price in one sentence, the same on every screen that shows it."""
    users = ("unlimited users" if plan.max_users is None else f"up to {plan.max_users} users")
    per_user = f" + ${plan.price_per_user:,.0f} per user" if plan.price_per_user else f", {users} included"
    return f"${plan.price_per_facility:,.0f} per location / month{per_user}"


FEATURE_MESSAGES = {
    AI_VISION: "AI vision is available on the Pro and Enterprise plans",
    MULTI_LOCATION: "Multiple locations are available on the Pro and Enterprise plans",
    ESG_ADVANCED: "Advanced ESG reports are available on the Pro and Enterprise plans",
    EMAIL_ALERTS: "Email alerts are available on the Pro and Enterprise plans",
    CUSTOM_LISTS: "Custom waste and destination types are available on the Pro and Enterprise plans",
    SB1383: "SB 1383 compliance tracking is available on the Pro and Enterprise plans",
    EMPLOYEE_PINS: "Employee PINs are available on the Pro and Enterprise plans",
    LOCATION_ASSIGNMENT: "Location assignment is available on the Pro and Enterprise plans",
    REGIONS: "Regions are an Enterprise feature",
    INBOUND: "Inbound operations are an Enterprise feature",
    AI_ANALYTICS: "AI Analytics is an Enterprise feature",
    DIRECT_SUBMISSION: "Direct submission is an Enterprise feature",
}


def get_plan(plan_id: str | None) -> Plan:
    return PLANS.get((plan_id or "core").lower(), PLANS["core"])
