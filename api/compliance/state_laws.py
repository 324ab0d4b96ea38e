"""Which state organics laws cover each location (issue 37), measured from its own weights.

The laws are the dbt seed state_organics_laws (one row per law and threshold step, each with its
source); a location's measured rate in each law's unit is the mart state_law_location_rates
(trailing average over its latest weeks with data, up to 52). This module compares the two at a
date: a condition Flow cannot check (a recycler with capacity within N miles, an area the state
designates, a kind of business the questionnaire has not answered) leaves `covered` null, never
true. Crossing a threshold is logged once per location and step, and mailed to the managers.
"""
from __future__ import annotations

import csv
import uuid
from datetime import date, datetime
from decimal import Decimal
from functools import lru_cache

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.concurrency import run_in_threadpool

from api.core.config import ROOT
from api.kit.errors import Invalid
from api.mail.service import deliver
from api.tables.companies import Company
from api.tables.compliance import ComplianceEvent, GeneratorProfile
from api.tables.stores import Store
from api.tables.users import User
from api.warehouse import cached_rows, last_refreshed_at, read_warehouse

SEED = ROOT / "dbt" / "seeds" / "state_organics_laws.csv"
NEAR = Decimal("0.8")  # foresight: within 20 % of a threshold
CROSSED = "state_law_crossed"
UNIT_WORDS = {"short_tons": "tons", "cubic_yards": "cubic yards", "gallons": "gallons"}


def _list(text: str) -> list[str]:
    return [part.strip() for part in (text or "").split(";") if part.strip()]


@lru_cache
def laws() -> dict[str, list[dict]]:
    """The seed's steps per state, each law's steps in order (the seed dbt loads, read as is)."""
    by_state: dict[str, list[dict]] = {}
    with SEED.open(newline="") as f:
        for row in csv.DictReader(f):
            row["step"] = int(row["step"])
            row["threshold_value"] = Decimal(row["threshold_value"]) if row["threshold_value"] else None
            row["effective_date"] = date.fromisoformat(row["effective_date"]) if row["effective_date"] else None
            row["distance_miles"] = int(row["distance_miles"]) if row["distance_miles"] else None
            for key in ("covered_flow_types", "exempt_flow_types", "exempt_cities"):
                row[key] = _list(row[key])
            by_state.setdefault(row["state"], []).append(row)
    for steps in by_state.values():
        steps.sort(key=lambda r: (r["law_key"], r["step"]))
    return by_state


def _rates(company_id: str) -> tuple[dict[tuple, dict], datetime | None]:
    """Each location's measured rates and when the file they come from was published (one read)."""
    with read_warehouse() as con:
        found = cached_rows(con, "select location_id, measure, unit, period, weeks_with_data, measured_value "
                                 "from marts.state_law_location_rates where company_id = ?", [company_id])
        refreshed = last_refreshed_at(con)
    return {(r["location_id"], r["measure"], r["unit"], r["period"]): r for r in found}, refreshed


def _threshold(step: dict) -> dict | None:
    if step["basis"] != "threshold":
        return None
    return {"value": float(step["threshold_value"]), "unit": step["threshold_unit"], "period": step["period"]}


def _fmt(value: Decimal) -> str:
    return f"{value.normalize():f}" if value == value.to_integral() else f"{value:.2f}"


def _conditions(step: dict) -> list[str]:
    if step["basis"] == "none":
        return [step["conditions"]] if step["conditions"] else []
    if step["distance_miles"]:
        return [f"If a recycler within {step['distance_miles']} miles has capacity ({step['conditions']})"]
    return [step["conditions"]] if step["conditions"] else []


def _entry(store: Store, business_type: str | None, steps: list[dict], rates: dict, on: date) -> tuple[dict, list]:
    """One law's entry for a location, and its foresight items."""
    in_force = [s for s in steps if s["effective_date"] is None or s["effective_date"] <= on]
    later = [s for s in steps if s["effective_date"] is not None and s["effective_date"] > on]
    step = in_force[-1] if in_force else steps[0]
    conditions = _conditions(step)

    def measured_for(s: dict) -> dict | None:
        if s["basis"] != "threshold":
            return None
        rate = rates.get((str(store.id), s["measure"], s["threshold_unit"], s["period"]))
        if rate is None:
            return {"value": None, "unit": s["threshold_unit"], "period": s["period"], "weeks": 0}
        return {"value": float(rate["measured_value"]), "unit": s["threshold_unit"], "period": s["period"],
                "weeks": rate["weeks_with_data"]}

    measured = measured_for(step)
    city = (store.city or "").strip().lower()
    exempt = (business_type in step["exempt_flow_types"]
              or city in {c.lower() for c in step["exempt_cities"]})
    outside = bool(step["covered_flow_types"]) and business_type is not None \
        and business_type not in step["covered_flow_types"]
    unknown_type = bool(step["covered_flow_types"]) and business_type is None
    over: bool | None
    if step["basis"] == "none":
        covered, over = False, False
    elif not in_force:
        covered, over = False, False
        conditions = [f"In effect from {step['effective_date']:%B %-d, %Y}", *conditions]
    elif exempt or outside:
        covered, over = False, None
        conditions = [f"Exempt: {step['exemptions'] or 'not one of the kinds of business the law lists'}"
                      if exempt else f"Applies to: {step['covered_business_types']}", *conditions]
    else:
        if step["basis"] == "all":
            over = True
        elif measured["value"] is None:
            over = None
            conditions = ["No weights recorded at this location yet", *conditions]
        else:
            over = Decimal(str(measured["value"])) >= step["threshold_value"]
        if unknown_type:
            conditions = [f"If the location is one of: {step['covered_business_types']}", *conditions]
        checkable = not unknown_type and not step["distance_miles"] and not (
            step["basis"] == "threshold" and step["conditions"])
        covered = False if over is False else (True if over and checkable else None)
    entry = {
        "law_key": step["law_key"], "law": step["law"], "citation": step["citation"] or None,
        "covered": covered, "basis": step["basis"], "threshold": _threshold(step),
        "measured": ({"value": measured["value"], "unit": measured["unit"], "weeks": measured["weeks"]}
                     if measured else None),
        "above_threshold": over if step["basis"] == "threshold" and in_force else None,
        "effective_date": step["effective_date"], "conditions": conditions,
        "covered_business_types": step["covered_business_types"] or None,
        "exemptions": step["exemptions"] or None, "source": step["source"],
        "unconfirmed": step["unconfirmed"] or None, "step": step["step"],
        "next_step": ({"threshold": _threshold(later[0]), "effective_date": later[0]["effective_date"]}
                      if later and in_force else None),
    }
    items = [] if (exempt or outside or step["basis"] == "none") else _foresight(store, step, entry, later, measured_for)
    return entry, items


def _foresight(store: Store, step: dict, entry: dict, later: list[dict], measured_for) -> list[dict]:
    """Within 20 % of the threshold in force (not yet crossed) or of the next step, or already above
    a step still to come: which law, the gap in the law's unit and the step's date."""
    items = []
    current = step if entry["above_threshold"] is False else None  # a threshold in force, not crossed
    candidates = ([current] if current else []) + later[:1]
    for s in candidates:
        m = measured_for(s)
        if s["basis"] != "threshold" or m is None or m["value"] is None:
            continue
        value, threshold = Decimal(str(m["value"])), s["threshold_value"]
        unit = f"{UNIT_WORDS[s['threshold_unit']]} a {s['period']}"
        when = f"{s['effective_date']:%B %-d, %Y}"
        if value >= threshold and s is not current and not entry["above_threshold"]:
            items.append({"store_id": store.id, "location": store.name, "law": s["law"],
                          "gap": {"value": 0.0, "unit": s["threshold_unit"], "period": s["period"]},
                          "effective_date": s["effective_date"],
                          "title": f"{store.name} will be above the {s['law']} threshold of "
                                   f"{_fmt(threshold)} {unit} from {when}"})
        elif NEAR * threshold <= value < threshold:
            gap = threshold - value
            items.append({"store_id": store.id, "location": store.name, "law": s["law"],
                          "gap": {"value": float(round(gap, 2)), "unit": s["threshold_unit"], "period": s["period"]},
                          "effective_date": s["effective_date"],
                          "title": f"{store.name} is {_fmt(gap)} {unit} below the {s['law']} threshold of "
                                   f"{_fmt(threshold)} {unit}" + ("" if s is current else f" that applies from {when}")})
    return items


async def _business_types(db: AsyncSession, company_id: uuid.UUID) -> dict[uuid.UUID, str]:
    found = await db.execute(select(GeneratorProfile.store_id, GeneratorProfile.business_type)
                             .where(GeneratorProfile.company_id == company_id))
    return dict(found.all())


async def coverage(db: AsyncSession, company: Company, on: date, *, alert: bool = False) -> dict:
    """Every active location's state laws at `on`; a location without a state is a 422 naming it.
    With `alert` (the answer for today), a threshold crossed for the first time is logged and mailed."""
    stores = (await db.scalars(select(Store).where(Store.company_id == company.id, Store.is_active)
                               .order_by(Store.name))).all()
    missing = [s.name for s in stores if not (s.state or "").strip()]
    if missing:
        raise Invalid(f"Add a state to the address of {', '.join(missing)} to see which state laws apply")
    kinds = await _business_types(db, company.id)
    rates, refreshed = await run_in_threadpool(_rates, str(company.id))
    by_state = laws()
    locations, items = [], []
    for store in stores:
        state = store.state.strip().upper()
        entries = []
        steps = by_state.get(state, [])
        for key in dict.fromkeys(s["law_key"] for s in steps):
            entry, found = _entry(store, kinds.get(store.id), [s for s in steps if s["law_key"] == key], rates, on)
            entries.append(entry)
            items.extend(found)
        if not entries:
            entries.append({"law_key": None, "law": None, "citation": None, "covered": False, "basis": "none",
                            "threshold": None, "measured": None, "above_threshold": None, "effective_date": None,
                            "conditions": [], "covered_business_types": None, "exemptions": None,
                            "source": "No statewide organics law with a site threshold is on file for this state",
                            "unconfirmed": None, "step": None, "next_step": None})
        locations.append({"store_id": store.id, "location": store.name, "state": state, "laws": entries})
    if alert:
        await _alert_crossings(db, company, locations)
    return {"as_of": on, "locations": locations, "action_items": items, "last_refreshed_at": refreshed}


async def _alert_crossings(db: AsyncSession, company: Company, locations: list[dict]) -> None:
    """A location above a threshold in force for the first time: one activity-log entry per
    location, law and step, and one mail to each active manager (store_admin) of the company."""
    crossed = []
    for loc in locations:
        for law in loc["laws"]:
            if not law["above_threshold"] or law["covered"] is False:
                continue
            key = f"{loc['store_id']}:{law['law_key']}:{law['step']}"
            seen = await db.scalar(select(ComplianceEvent.id).where(
                ComplianceEvent.company_id == company.id, ComplianceEvent.event == CROSSED,
                ComplianceEvent.description.startswith(f"[{key}]")))
            if seen is not None:
                continue
            t, m = law["threshold"], law["measured"]
            unit = f"{UNIT_WORDS[t['unit']]} a {t['period']}"
            text = (f"{loc['location']} ({loc['state']}) is above the {law['law']} threshold: "
                    f"{m['value']:g} {unit} measured over {m['weeks']} weeks against {t['value']:g} {unit}")
            db.add(ComplianceEvent(company_id=company.id, event=CROSSED, severity="warning",
                                   description=f"[{key}] {text}"))
            crossed.append((law, text))
    if not crossed:
        return
    await db.flush()
    managers = (await db.scalars(select(User.email).where(
        User.company_id == company.id, User.role == "store_admin", User.is_active))).all()
    body = "\n\n".join(
        f"{text}.\n{'; '.join(law['conditions']) or 'No condition Flow cannot check.'}\n"
        f"{law['citation'] or ''} (source: {law['source']})" for law, text in crossed)
    body += "\n\nSee Reports > State laws in Flow for every location."
    subject = f"{company.name}: a location is above a state organics law threshold"
    for email in managers:
        await deliver(email, subject, body)
