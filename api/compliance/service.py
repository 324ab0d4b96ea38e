"""SB 1383 dashboard from the published sb1383_* marts: the API picks the company's rows, the
marts (dbt/models/marts/compliance, rules in dbt/macros/sb1383.sql) carry every figure."""
from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, time
from decimal import Decimal
from zoneinfo import ZoneInfo

from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.concurrency import run_in_threadpool

from api.companies.logo import logo_png
from api.compliance import ear, recovery, tiers
from api.compliance.location_report import to_pdf as location_report_pdf
from api.compliance.targets import constants, diversion_target
from api.kit.calendar import company_today, company_zone_name
from api.kit.errors import Conflict
from api.kit.fields import MAX_OFFSET
from api.tables.companies import Company
from api.tables.compliance import ComplianceEvent, FoodRecoveryAgreement, FoodRecoveryPartner
from api.tables.settings import CompanySettings
from api.warehouse import cached_rows, last_refreshed_at, read_warehouse

ZERO = Decimal(0)
LOG_ENTRIES = 20


def years(con, company_id: str) -> list[int]:
    found = cached_rows(con, "select report_year from marts.sb1383_yearly where company_id = ? "
                             "order by report_year desc", [company_id])
    return [r["report_year"] for r in found]


def latest_year(company_id: str) -> int | None:
    with read_warehouse() as con:
        found = years(con, company_id)
    return found[0] if found else None


def dashboard(company_id: str, year: int | None, this_year: int, target_setting: Decimal | None) -> dict:
    """The dashboard for one calendar year (default: the latest year with tickets, else this year)."""
    with read_warehouse() as con:
        available = years(con, company_id)
        year = year or (available[0] if available else this_year)
        seeded = constants(con)
        found = cached_rows(con, "select * from marts.sb1383_yearly where company_id = ? and report_year = ?",
                            [company_id, year])
        y = found[0] if found else None
        trend = cached_rows(con, """
            select month_start as month, diversion_rate_percent as diversion_rate, target_percent as target_rate,
                   is_compliant, net_weight_lb as total_waste, diverted_weight_lb as diverted_weight, ticket_count
            from marts.sb1383_monthly
            where company_id = ? and month_start >= make_date(?, 1, 1) and month_start < make_date(? + 1, 1, 1)
            order by month_start""", [company_id, year, year])
        locations = cached_rows(con, """
            select location_id, location_name, diversion_rate_percent as diversion_rate, net_weight_lb as total_weight,
                   is_compliant, ticket_count, risk_level, lb_to_target, target_percent
            from marts.sb1383_location_yearly where company_id = ? and report_year = ?
            order by lb_to_target desc, location_name""", [company_id, year])
        unlocated = ear.unlocated_tickets(con, company_id, year)
        refreshed = last_refreshed_at(con)
    target = diversion_target(y, target_setting, seeded)
    food_target = y["food_recovery_target_percent"] if y else seeded["sb1383_food_recovery_target_percent"]
    min_tickets = int(seeded["ear_min_tickets"])
    due = date(year + 1, 8, 1)
    current = trend[-1] if trend else None
    eligible = bool(y and y["eligible_for_submission"]) and unlocated == 0
    return {
        "year": year,
        "available_years": available,
        "has_data": y is not None,
        "compliance_status": {
            "is_compliant": bool(y and y["is_compliant"]), "target_rate": target,
            "diversion_rate": y["diversion_rate_percent"] if y else ZERO,
            "total_tickets_analyzed": y["ticket_count"] if y else 0,
            "risk_level": y["risk_level"] if y else "none",
        },
        "diversion_metrics": {
            "total_waste": y["net_weight_lb"] if y else ZERO,
            "diverted_weight": y["diverted_weight_lb"] if y else ZERO,
            "landfill_weight": y["landfill_weight_lb"] if y else ZERO,
            "diversion_rate": y["diversion_rate_percent"] if y else ZERO,
            "monthly_trend": trend,
            "current_rate": current["diversion_rate"] if current else ZERO,
            "current_month": current["month"] if current else None,
            "target_rate": target,
            "gap_to_compliance": y["gap_to_compliance_points"] if y else target,
            "lb_to_target": y["lb_to_target"] if y else ZERO,
        },
        "food_recovery": {
            "recovered_pounds": y["donated_weight_lb"] if y else ZERO,
            "recovery_rate": y["food_recovery_rate_percent"] if y else ZERO,
            "target_rate": food_target,
            "donation_tickets": y["donation_ticket_count"] if y else 0,
            "gap_to_target": y["food_recovery_gap_points"] if y else food_target,
            "lb_to_target": y["food_recovery_lb_to_target"] if y else ZERO,
        },
        "ear_progress": {
            "completion_percentage": y["ear_completion_percent"] if y else 0,
            "eligible_for_submission": eligible,
            "current_quarter": y["current_quarter"] if y else None,
            "reporting_due_date": due,
            "status": y["ear_status"] if y else "not_started",
            "min_tickets": min_tickets,
            "tickets_without_location": unlocated,
        },
        "calrecycle_integration": {
            "connection_status": "not connected", "last_sync": None,
            "submission_status": "ready" if eligible else "pending", "next_submission_date": due,
        },
        "location_compliance": {
            r["location_name"]: {key: r[key] for key in ("location_id", "diversion_rate", "total_weight",
                                                         "is_compliant", "ticket_count", "risk_level",
                                                         "lb_to_target")}
            for r in locations
        },
        "action_items": ([{"priority": "high", "title": "Assign tickets to their locations",
                           "description": ear.unlocated_reason(unlocated, year), "location": None, "pounds": None}]
                         if unlocated else []) + action_items(y, locations, min_tickets),
        "last_refreshed_at": refreshed,
    }


def _lb(value) -> str:
    return f"{Decimal(value):,.1f} lb"


def action_items(y: dict | None, locations: list[dict], min_tickets: int) -> list[dict]:
    """What to do next, from the gaps the marts computed (no figure is made here)."""
    if y is None:
        return [{"priority": "high", "title": "Start recording waste tickets",
                 "description": "Weigh every outbound load (compost, landfill, donation) so diversion can be measured."}]
    items = []
    for loc in locations:
        if loc["is_compliant"]:
            continue
        items.append({
            "priority": "high" if loc["risk_level"] == "high" else "medium",
            "title": f"Divert {_lb(loc['lb_to_target'])} more at {loc['location_name']}",
            "description": (f"{loc['location_name']} diverts {loc['diversion_rate']}% against the "
                            f"{loc['target_percent']}% target: send {_lb(loc['lb_to_target'])} of what now goes to "
                            "landfill to compost, anaerobic digestion or food recovery instead."),
            "location": loc["location_name"], "pounds": loc["lb_to_target"],
        })
    if not y["food_recovery_target_met"]:
        items.append({
            "priority": "medium",
            "title": f"Recover {_lb(y['food_recovery_lb_to_target'])} more edible food",
            "description": (f"Food recovery is {y['food_recovery_rate_percent']}% of net weight against the "
                            f"{y['food_recovery_target_percent']}% goal: route surplus edible food to a food "
                            "recovery partner before it becomes waste."),
            "pounds": y["food_recovery_lb_to_target"],
        })
    if not y["has_min_tickets"]:
        items.append({"priority": "medium", "title": f"Record {min_tickets - y['ticket_count']} more tickets",
                      "description": f"The EAR export needs at least {min_tickets} waste tickets in the year."})
    if not y["every_month_has_tickets"]:
        items.append({"priority": "low", "title": "Fill months without tickets",
                      "description": (f"{y['months_with_tickets']} months of {y['report_year']} have tickets up to "
                                      f"{y['last_month_start']:%B}: an inspector expects records for every month.")})
    return items


TREND_EVENTS = ("month_closed_below_target", "threshold_crossed")


def dated_trend_events(trend: list[dict], today: date) -> list[tuple[date, str, str, str]]:
    """Activity-log events the marts' monthly figures show: a closed month below its target, and
    the monthly rate crossing the target from one month to the next. (month, event, severity, text)."""
    found = []
    this_month = today.replace(day=1)
    prev = None
    for m in trend:
        month = f"{m['month']:%B %Y}"
        if m["month"] < this_month and not m["is_compliant"]:
            found.append((m["month"], "month_closed_below_target", "warning",
                          f"{month} closed at {m['diversion_rate']}% diversion, below the {m['target_rate']}% target"))
        if prev is not None and prev["is_compliant"] != m["is_compliant"]:
            side = "at or above" if m["is_compliant"] else "below"
            text = (f"Diversion moved {side} the {m['target_rate']}% target in {month}: {m['diversion_rate']}% "
                    f"(from {prev['diversion_rate']}% in {prev['month']:%B %Y})")
            found.append((m["month"], "threshold_crossed", "info" if m["is_compliant"] else "warning", text))
        prev = m
    return found


def trend_events(trend: list[dict], today: date) -> list[tuple[str, str, str]]:
    """dated_trend_events without the month: (event, severity, text)."""
    return [(event, severity, text) for _, event, severity, text in dated_trend_events(trend, today)]


def trend_log(trend: list[dict], company: Company) -> list[dict]:
    """The trend events as log entries, derived on every read from the marts (never stored: a GET
    writes nothing, and the log follows the marts after each refresh). Each is dated when its month
    closed (the next month's first midnight in the company's zone), or now for the running month."""
    zone = ZoneInfo(company_zone_name(company))
    now = datetime.now(tz=UTC)
    entries = []
    for month, event, severity, description in dated_trend_events(trend, company_today(company)):
        next_month = date(month.year + month.month // 12, month.month % 12 + 1, 1)
        closed = datetime.combine(next_month, time(), tzinfo=zone).astimezone(UTC)
        entries.append({"event": event, "description": description, "severity": severity, "timestamp": min(closed, now)})
    return entries


async def sb1383_settings(db: AsyncSession, company_id: uuid.UUID) -> tuple[bool | None, Decimal | None]:
    """The company's SB 1383 override and target, read once per request: the compliance gate and the
    dashboard both need them (one statement instead of two). Kept in the session's info, which lives
    as long as the request's transaction; no compliance route writes these columns after the gate."""
    key = ("sb1383_settings", company_id)
    if key not in db.info:
        row = (await db.execute(select(CompanySettings.sb1383_compliance_override,
                                       CompanySettings.sb1383_target_percent)
                                .where(CompanySettings.company_id == company_id))).first()
        db.info[key] = (row[0], row[1]) if row is not None else (None, None)
    return db.info[key]


# Everything the dashboard reads from Postgres besides the gate's settings row, in one statement
# (it was six: partners, agreements, destination names, locations, questionnaires, the log): the
# partners' activity and agreement end dates, the locations with their questionnaire answers, and
# the newest stored log entries. Each list is one json_agg; the company is a parameter of each part
# (row-level security scopes the same tables as well).
DASHBOARD_READS = text("""
    select
      (select coalesce(json_agg(json_build_object('id', p.id, 'is_active', p.is_active)), '[]'::json)
         from food_recovery_partners as p where p.company_id = :company_id) as partners,
      (select coalesce(json_agg(json_build_object('partner_id', a.partner_id, 'end_date', a.end_date)), '[]'::json)
         from food_recovery_agreements as a where a.company_id = :company_id) as agreements,
      (select coalesce(json_agg(json_build_object(
                 'name', s.name, 'is_active', s.is_active, 'answered', g.id is not null,
                 'business_type', g.business_type, 'gross_annual_sales_usd', g.gross_annual_sales_usd::text,
                 'facility_square_feet', g.facility_square_feet, 'seats', g.seats, 'rooms', g.rooms,
                 'beds', g.beds, 'has_onsite_food_facility', g.has_onsite_food_facility,
                 'average_daily_attendance', g.average_daily_attendance)
               order by s.is_active desc, s.name), '[]'::json)
         from stores as s
         left join location_generator_profiles as g on g.store_id = s.id and g.company_id = :company_id
         where s.company_id = :company_id) as locations,
      (select coalesce(json_agg(json_build_object('event', e.event, 'description', e.description,
                                                  'severity', e.severity, 'timestamp', e.created_at)
               order by e.created_at desc), '[]'::json)
         from (select event, description, severity, created_at from compliance_events
               where company_id = :company_id and event <> all(:trend_events)
               order by created_at desc limit :entries) as e) as events""")


async def dashboard_reads(db: AsyncSession, company_id: uuid.UUID, today: date) -> tuple[list[dict], list[dict]]:
    """The tier warnings' inputs and the stored log entries, in one Postgres statement: (warnings,
    stored log entries). The tiers come from the warehouse rule as in tiers.locations, the agreement
    statuses from recovery.agreement_status, so the dashboard says what the tier and recovery
    screens say."""
    found = (await db.execute(DASHBOARD_READS, {"company_id": company_id, "trend_events": list(TREND_EVENTS),
                                                "entries": LOG_ENTRIES})).one()
    ends: dict[str, list[date | None]] = {}
    for a in found.agreements:
        ends.setdefault(a["partner_id"], []).append(date.fromisoformat(a["end_date"]) if a["end_date"] else None)
    partners = [{"is_active": p["is_active"], "agreements": [
        {"status": recovery.end_status(end, today), "end_date": end} for end in ends.get(p["id"], [])]}
        for p in found.partners]
    answered = [loc for loc in found.locations if loc["answered"]]
    for loc in answered:
        if loc["gross_annual_sales_usd"] is not None:
            loc["gross_annual_sales_usd"] = Decimal(loc["gross_annual_sales_usd"])
    outcomes = await run_in_threadpool(tiers.outcomes, [{name: loc[name] for name in tiers.ANSWERS}
                                                        for loc in answered])
    tier_of = {id(loc): o["tier"] for loc, o in zip(answered, outcomes, strict=True)}
    located = [{"location_name": loc["name"], "is_active": loc["is_active"],
                "tier": tier_of.get(id(loc), "unanswered")} for loc in found.locations]
    stored = [{**e, "timestamp": datetime.fromisoformat(e["timestamp"])} for e in found.events]
    return tiers.warnings(located, partners), stored


async def read_dashboard(db: AsyncSession, company: Company, year: int | None) -> dict:
    """The dashboard with the company's target setting and the newest compliance log entries: the
    events stored as they happened (compliance_events) and the year's trend events from the marts.
    Reads only: the tier warnings become action items here and are logged by the screens that
    change tiers and agreements."""
    _override, target = await sb1383_settings(db, company.id)
    body = await run_in_threadpool(dashboard, str(company.id), year, company_today(company).year, target)
    # Tier 1 / Tier 2 locations without a food recovery agreement in force come first.
    warned, stored = await dashboard_reads(db, company.id, company_today(company))
    body["action_items"] = [{"priority": "high", "title": (
        f"Put a food recovery agreement on file for {w['location']}" if w["kind"] == "missing"
        else f"Renew the food recovery agreement for {w['location']}"), "description": w["text"],
        "location": w["location"]} for w in warned] + body["action_items"]
    # Trend events stored by earlier versions (which logged them on read) are left out: the marts' are shown.
    trend = trend_log(body["diversion_metrics"]["monthly_trend"], company)
    body["compliance_log"] = sorted(stored + trend, key=lambda e: e["timestamp"], reverse=True)[:LOG_ENTRIES]
    body["compliance_log_total"] = len(trend) + (len(stored) if len(stored) < LOG_ENTRIES else int(await db.scalar(
        select(func.count()).select_from(ComplianceEvent).where(
            ComplianceEvent.company_id == company.id, ComplianceEvent.event.not_in(TREND_EVENTS))) or 0))
    return body


async def location_report(db: AsyncSession, company: Company, year: int | None) -> tuple[bytes, int]:
    """The per-location report PDF of one year, and the year it covers."""
    body = await read_dashboard(db, company, year)
    data = await run_in_threadpool(location_report_pdf, company.name, body, datetime.now(tz=UTC), logo_png(company))
    return data, body["year"]


async def report_year(company: Company, year: int | None) -> int:
    """The asked year, else the latest with tickets, else this year in the company's zone."""
    if year is not None:
        return year
    found = await run_in_threadpool(latest_year, str(company.id))
    return found or company_today(company).year


async def partners_on_file(db: AsyncSession, company_id: uuid.UUID, today: date) -> int:
    """Active partners with a contract or written agreement on file that has not expired."""
    found = await db.scalar(select(func.count(func.distinct(FoodRecoveryAgreement.partner_id))).join(
        FoodRecoveryPartner, FoodRecoveryPartner.id == FoodRecoveryAgreement.partner_id).where(
        FoodRecoveryAgreement.company_id == company_id, FoodRecoveryPartner.is_active.is_(True),
        (FoodRecoveryAgreement.end_date.is_(None)) | (FoodRecoveryAgreement.end_date >= today)))
    return found or 0


async def ear_report(db: AsyncSession, company: Company, year: int) -> dict:
    partners = await partners_on_file(db, company.id, company_today(company))
    _override, target = await sb1383_settings(db, company.id)
    return await run_in_threadpool(ear.report, str(company.id), year, partners, target)


async def export_ear(db: AsyncSession, company: Company, year: int | None, format: str) -> tuple[bytes, str]:
    """The EAR file in `format` and its name, allowed only when eligible_for_submission (else a
    Conflict with the reason); the export is logged as a compliance event."""
    y = await report_year(company, year)
    rep = await ear_report(db, company, y)
    if not rep["eligible_for_submission"]:
        raise Conflict(rep["reason"])
    detail = await run_in_threadpool(ear.lines, str(company.id), y)
    now = datetime.now(tz=UTC)
    if format == "json":
        body = ear.to_json(company.name, rep, detail, now)
    elif format == "csv":
        body = ear.to_csv(detail)
    elif format == "xlsx":
        body = await run_in_threadpool(ear.to_xlsx, company.name, rep, detail)
    else:
        body = await run_in_threadpool(ear.to_pdf, company.name, rep, detail, now, logo_png(company))
    db.add(ComplianceEvent(company_id=company.id, event="ear_exported", severity="info",
                           description=f"EAR report for {y} exported as {format.upper()}"))
    await db.flush()
    return body, f"ear_report_{y}.{format}"


def year_trend(company_id: str, year: int | None, this_year: int) -> list[dict]:
    """The monthly figures of one year as the dashboard reads them (its default year too): the
    trend events' input, without the rest of the dashboard."""
    with read_warehouse() as con:
        available = years(con, company_id)
        year = year or (available[0] if available else this_year)
        return cached_rows(con, """
            select month_start as month, diversion_rate_percent as diversion_rate, target_percent as target_rate,
                   is_compliant
            from marts.sb1383_monthly
            where company_id = ? and month_start >= make_date(?, 1, 1) and month_start < make_date(? + 1, 1, 1)
            order by month_start""", [company_id, year, year])


async def activity_log(db: AsyncSession, company: Company, year: int | None, limit: int,
                       offset: int) -> tuple[list[dict], int]:
    """The Compliance Activity Log a page at a time, newest first: the stored events and the year's
    trend events, as the dashboard merges its newest LOG_ENTRIES. (page, how many there are)."""
    trend = trend_log(await run_in_threadpool(year_trend, str(company.id), year, company_today(company).year), company)
    stored_where = (ComplianceEvent.company_id == company.id, ComplianceEvent.event.not_in(TREND_EVENTS))
    stored_count = await db.scalar(select(func.count()).select_from(ComplianceEvent).where(*stored_where)) or 0
    newest = (await db.execute(
        select(ComplianceEvent.event, ComplianceEvent.description, ComplianceEvent.severity, ComplianceEvent.created_at)
        .where(*stored_where).order_by(ComplianceEvent.created_at.desc(), ComplianceEvent.id.desc())
        .limit(min(offset + limit, MAX_OFFSET)))).all()  # a bigint: offset near its top overflowed (a 500)
    stored = [{"event": e, "description": d, "severity": v, "timestamp": t} for e, d, v, t in newest]
    merged = sorted(stored + trend, key=lambda e: e["timestamp"], reverse=True)
    return merged[offset:offset + limit], int(stored_count) + len(trend)
