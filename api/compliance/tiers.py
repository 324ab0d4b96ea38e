"""Tier 1 / Tier 2 commercial edible food generators (14 CCR 18982): a location's questionnaire
answers (Postgres) and the tier they lead to.

The rule is written once, in dbt (macros/edible_food_generator.sql): the mart
edible_food_generators applies it to the stored answers, and the same macro is published as the
warehouse function marts.edible_food_generator_rule(...), which this module calls so a saved
questionnaire is answered at once, before the next refresh. The seed edible_food_generator_rules
says what each outcome means (tier, explanation, citation)."""
from __future__ import annotations

import uuid

import duckdb
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.concurrency import run_in_threadpool

from api.compliance.tiers_schemas import GeneratorAnswers
from api.kit.errors import NotFound
from api.tables.companies import Company
from api.tables.compliance import ComplianceEvent, GeneratorProfile
from api.tables.stores import Store
from api.warehouse import cached_rows, empty_warehouse, read_warehouse

ANSWERS = tuple(GeneratorAnswers.model_fields)
TIER_WORD = {"tier_1": "Tier 1", "tier_2": "Tier 2"}
RULE = ("select rules.rule_key, rules.tier, rules.obligated_from, rules.explanation, rules.citation "
        "from (select marts.edible_food_generator_rule(?, ?, ?, ?, ?, ?, ?, ?) as rule_key) as k "
        "join reference.edible_food_generator_rules as rules on rules.rule_key = k.rule_key")


def _outcomes(con: duckdb.DuckDBPyConnection, answered: list[dict]) -> list[dict]:
    # The rule is a function of the answers and the published file: kept per published version.
    return [cached_rows(con, RULE, [a[name] for name in ANSWERS])[0] for a in answered]


def outcomes(answered: list[dict]) -> list[dict]:
    """The rule, tier, explanation and citation for each set of answers (one warehouse read)."""
    if not answered:
        return []
    with read_warehouse() as con:
        try:
            return _outcomes(con, answered)
        except duckdb.CatalogException:
            pass  # a warehouse published before the rule existed: the rule of the empty warehouse dbt made
    con = empty_warehouse()
    try:
        return _outcomes(con, answered)
    finally:
        con.close()


def profile_answers(p: GeneratorProfile) -> dict:
    return {name: getattr(p, name) for name in ANSWERS}


async def locations(db: AsyncSession, company_id: uuid.UUID) -> list[dict]:
    stores = (await db.scalars(select(Store).where(Store.company_id == company_id)
                               .order_by(Store.is_active.desc(), Store.name))).all()
    profiles = {p.store_id: p for p in (await db.scalars(select(GeneratorProfile).where(
        GeneratorProfile.company_id == company_id))).all()}
    answered = [s for s in stores if s.id in profiles]
    found = dict(zip([s.id for s in answered],
                     await run_in_threadpool(outcomes, [profile_answers(profiles[s.id]) for s in answered]),
                     strict=True))
    out = []
    for s in stores:
        p, o = profiles.get(s.id), found.get(s.id)
        out.append({"location_id": s.id, "location_name": s.name, "is_active": s.is_active,
                    "answers": profile_answers(p) if p else None, "tier": o["tier"] if o else "unanswered",
                    "rule_key": o and o["rule_key"], "explanation": o and o["explanation"],
                    "citation": o and o["citation"], "obligated_from": o and o["obligated_from"],
                    "answered_at": p.updated_at if p else None})
    return out


def warnings(tiers: list[dict], partners: list[dict]) -> list[dict]:
    """Tier 1/2 locations without an agreement in force, or whose agreements all end soon.
    Partners' agreements serve every location (a partner is the company's)."""
    active = [p for p in partners if p["is_active"]]
    in_force = [a for p in active for a in p["agreements"] if a["status"] in ("on_file", "expiring")]
    lasting = [a for a in in_force if a["status"] == "on_file"]
    found = []
    for t in tiers:
        if t["tier"] not in TIER_WORD or not t["is_active"]:
            continue
        who = f"{t['location_name']} is a {TIER_WORD[t['tier']]} commercial edible food generator"
        if not in_force:
            found.append({"location": t["location_name"], "kind": "missing", "text": (
                f"{who} with no food recovery agreement on file: keep a contract or written agreement with a food "
                "recovery organization or service (14 CCR 18991.3, records per 18991.4).")})
        elif not lasting:
            end = max(a["end_date"] for a in in_force)
            found.append({"location": t["location_name"], "kind": "expiring", "text": (
                f"{who}: its food recovery agreements on file end by {end:%B %-d, %Y}; renew one before it lapses.")})
    return found


async def log_warnings(db: AsyncSession, company_id: uuid.UUID, found: list[dict]) -> None:
    """One activity-log entry per location and kind of warning, the first time it is seen."""
    for w in found:
        event = f"tier_agreement_{w['kind']}"
        seen = await db.scalar(select(ComplianceEvent.id).where(
            ComplianceEvent.company_id == company_id, ComplianceEvent.event == event,
            ComplianceEvent.description == w["text"]))
        if seen is None:
            db.add(ComplianceEvent(company_id=company_id, event=event, severity="warning", description=w["text"]))


async def tier_warnings(db: AsyncSession, company_id: uuid.UUID, partners: list[dict]) -> list[dict]:
    """The warnings of the company's tiered locations, each logged the first time it is seen."""
    found = warnings(await locations(db, company_id), partners)
    await log_warnings(db, company_id, found)
    return found


async def answer(db: AsyncSession, company: Company, user_id: uuid.UUID, store_id: uuid.UUID,
                 body: GeneratorAnswers) -> dict:
    """Store a location's answers and return its tier at once (logged as tier_determined)."""
    store = await db.scalar(select(Store).where(Store.id == store_id, Store.company_id == company.id))
    if store is None:
        raise NotFound("Location not found")
    profile = await db.scalar(select(GeneratorProfile).where(GeneratorProfile.store_id == store.id))
    if profile is None:
        profile = GeneratorProfile(company_id=company.id, store_id=store.id, business_type=body.business_type)
        db.add(profile)
    for key, value in body.model_dump().items():
        setattr(profile, key, value)
    profile.answered_by_id = user_id
    await db.flush()
    found = next(t for t in await locations(db, company.id) if t["location_id"] == store.id)
    tier = TIER_WORD.get(found["tier"], "not a commercial edible food generator")
    db.add(ComplianceEvent(company_id=company.id, event="tier_determined", severity="info",
                           description=f"{store.name}: {tier} ({found['explanation']})"))
    return found
