"""AI Analytics report (issue 16, enterprise): figures from the marts ai_analytics_daily and
ai_daily_anomalies, filtered and summed here; recommendations are sentences written from those
figures by fixed rules (no model). The optional narrative (narrative()) is written by an OpenAI
model from the computed figures only, and says so; without a key the report is complete.

Waste figures (per location, product, weekday, trend, anomalies) count outbound tickets, the
waste the locations generated; the data-quality figures (photos, readings) count every ticket.
"""
from __future__ import annotations

import json
import logging
from datetime import date
from decimal import Decimal

import openai

from api.analytics.service import NO_LOCATION, ReportFilter, pct
from api.core.config import get_settings
from api.warehouse import last_refreshed_at, read_warehouse, rows

log = logging.getLogger("flow.analytics.ai")

DAILY = "marts.ai_analytics_daily"
ANOMALIES = "marts.ai_daily_anomalies"
PHOTO_TARGET_PERCENT = Decimal(85)  # Orbisk's aim for the share of weighed weight with a photo
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
ANOMALY_STATISTIC = ("z-score of the day's outbound lb against the mean and sample standard deviation of the "
                     "same series' previous 28 weighing days; flagged at |z| >= 3 with at least 7 earlier days")
MAX_ANOMALIES = 20
NO_KEY = ("No AI provider is connected for this Flow service, so no narrative summary is written. "
          "Every figure in this report is computed from the warehouse and is complete without it.")


def _where(f: ReportFilter, *, outbound_only: bool) -> tuple[str, list]:
    """The report filter on the AI marts (their columns match ticket_facts_daily's)."""
    return f.where(outbound_only=outbound_only)


def ai_report(f: ReportFilter, today: date | None = None) -> dict:
    """The report of the period. Anomalies are looked for on complete days only: `today` (the
    company's, still being weighed) is never compared with whole days (issue 29)."""
    with read_warehouse() as con:
        out_where, out_params = _where(f, outbound_only=True)
        all_where, all_params = _where(f, outbound_only=False)
        totals = rows(con, f"""
            select coalesce(sum(ticket_count), 0) as total_tickets,
                   coalesce(sum(net_weight_lb), 0) as total_weight_lb,
                   count(distinct local_date) as active_days
            from {DAILY} where {out_where}""", out_params)[0]
        quality = rows(con, f"""
            select coalesce(sum(ticket_count), 0) as tickets,
                   coalesce(sum(net_weight_lb), 0) as weight_lb,
                   coalesce(sum(photo_ticket_count), 0) as photo_tickets,
                   coalesce(sum(photo_weight_lb), 0) as photo_weight_lb,
                   {pct('sum(photo_weight_lb)', 'sum(net_weight_lb)')} as photo_weight_percent,
                   coalesce(sum(ai_read_count), 0) as ai_readings,
                   coalesce(sum(ai_accepted_count), 0) as ai_accepted,
                   coalesce(sum(ai_corrected_count), 0) as ai_corrected,
                   {pct('sum(ai_accepted_count)', 'sum(ai_read_count)')} as ai_accepted_percent,
                   coalesce(sum(ticket_count) - sum(ai_read_count), 0) as typed_tickets
            from {DAILY} where {all_where}""", all_params)[0]
        by_location = rows(con, f"""
            select location_id, coalesce(max(location_name), '{NO_LOCATION}') as location_name,
                   sum(ticket_count) as tickets, sum(net_weight_lb) as weight_lb,
                   {pct('sum(net_weight_lb)', f'(select sum(net_weight_lb) from {DAILY} where {out_where})')}
                       as share_percent,
                   round(sum(net_weight_lb) / count(distinct local_date), 1) as lb_per_active_day
            from {DAILY} where {out_where}
            group by location_id order by weight_lb desc, location_name""", out_params + out_params)
        by_product = rows(con, f"""
            select coalesce(waste_type_name, '(none)') as waste_type, sum(ticket_count) as tickets,
                   sum(net_weight_lb) as weight_lb,
                   {pct('sum(net_weight_lb)', f'(select sum(net_weight_lb) from {DAILY} where {out_where})')}
                       as share_percent
            from {DAILY} where {out_where}
            group by waste_type_name order by weight_lb desc, waste_type""", out_params + out_params)
        by_weekday = rows(con, f"""
            select iso_weekday, sum(ticket_count) as tickets, sum(net_weight_lb) as weight_lb,
                   count(distinct local_date) as days,
                   round(sum(net_weight_lb) / count(distinct local_date), 1) as lb_per_day
            from {DAILY} where {out_where}
            group by iso_weekday order by iso_weekday""", out_params)
        trend = rows(con, f"""
            select cast(date_trunc('week', local_date) as date) as week_start, sum(ticket_count) as tickets,
                   sum(net_weight_lb) as weight_lb
            from {DAILY} where {out_where}
            group by week_start order by week_start""", out_params)
        anomalies = _anomalies(con, f, today)
        refreshed = last_refreshed_at(con)
    for row in by_weekday:
        row["weekday"] = WEEKDAYS[row["iso_weekday"] - 1]
    figures = {
        "period": {"start_date": f.start, "end_date": f.end},
        "totals": totals, "data_quality": {**quality, "photo_target_percent": PHOTO_TARGET_PERCENT},
        "by_location": by_location, "by_product": by_product, "by_weekday": by_weekday,
        "weekly_trend": trend, "trend": _trend(trend),
        "anomalies": anomalies, "anomaly_statistic": ANOMALY_STATISTIC,
        "last_refreshed_at": refreshed,
    }
    figures["recommendations"] = recommendations(figures)
    return figures


def _anomalies(con, f: ReportFilter, today: date | None) -> list[dict]:
    clauses = ["company_id = ?", "local_date between ? and ?", "is_anomaly"]
    params: list = [f.company_id, f.start, f.end]
    if today is not None:  # an unfinished day is not an anomaly
        clauses.append("local_date < ?")
        params.append(today)
    if f.location_id:  # one location: its own series only
        clauses += ["scope = 'location'", "location_id = ?"]
        params.append(f.location_id)
    return rows(con, f"""
        select scope, location_id, location_name, local_date, net_weight_lb, prior_days, prior_mean_lb,
               prior_stddev_lb, z_score, case when z_score > 0 then 'high' else 'low' end as direction
        from {ANOMALIES} where {' and '.join(clauses)}
        order by abs(z_score) desc, local_date desc limit {MAX_ANOMALIES}""", params)


def _trend(weeks: list[dict]) -> dict:
    """First full week of the period against the last (weeks are summed from the mart)."""
    if len(weeks) < 2:
        return {"direction": "flat", "change_percent": None, "first_week_lb": None, "last_week_lb": None}
    first, last = Decimal(weeks[0]["weight_lb"] or 0), Decimal(weeks[-1]["weight_lb"] or 0)
    change = None if first == 0 else ((last - first) / first * 100).quantize(Decimal("0.1"))
    direction = "flat" if change is None or abs(change) < 5 else ("up" if change > 0 else "down")
    return {"direction": direction, "change_percent": change, "first_week_lb": first, "last_week_lb": last}


def _one(value) -> Decimal:
    """A figure with one decimal for a sentence (DuckDB answers doubles for shares)."""
    return Decimal(str(value or 0)).quantize(Decimal("0.1"))


def recommendations(fig: dict) -> list[str]:
    """Sentences from the figures, by fixed rules; each names the figure it rests on."""
    out: list[str] = []
    q, total = fig["data_quality"], fig["totals"]
    if not total["total_tickets"] and not q["tickets"]:
        return ["No completed tickets in this period: weigh waste at the scale to get recommendations."]
    photo = _one(q["photo_weight_percent"])
    if photo < PHOTO_TARGET_PERCENT:
        out.append(f"Only {photo}% of weighed lb has a photo (aim: more than {PHOTO_TARGET_PERCENT}%). "
                   "Take the scale photo with every weighing so readings can be checked.")
    else:
        out.append(f"{photo}% of weighed lb has a photo, above the {PHOTO_TARGET_PERCENT}% aim: keep it up.")
    if q["ai_readings"]:
        corrected = 100 - _one(q["ai_accepted_percent"])
        if corrected >= 20:
            out.append(f"{corrected}% of AI scale readings were corrected by hand: check the camera angle and "
                       "lighting at the scale display.")
    elif q["tickets"]:
        out.append("No weight in this period was read from a scale photo: the AI reading at the scale saves typing.")
    if fig["by_location"]:
        top = fig["by_location"][0]
        if len(fig["by_location"]) > 1:
            out.append(f"{top['location_name']} produced {_one(top['share_percent'])}% of outbound lb "
                       f"({_one(top['weight_lb']):,} lb): start waste reduction there.")
    if fig["by_product"]:
        top = fig["by_product"][0]
        out.append(f"{top['waste_type']} is the largest stream at {_one(top['share_percent'])}% of outbound lb.")
    if len(fig["by_weekday"]) > 1:
        peak = max(fig["by_weekday"], key=lambda r: r["lb_per_day"])
        out.append(f"{peak['weekday']} averages the most waste ({_one(peak['lb_per_day']):,} lb a day): "
                   "review prep and ordering for that day.")
    trend = fig["trend"]
    if trend["direction"] == "up":
        out.append(f"Weekly outbound lb rose {trend['change_percent']}% from the first week to the last.")
    elif trend["direction"] == "down":
        out.append(f"Weekly outbound lb fell {abs(trend['change_percent'])}% from the first week to the last.")
    for a in fig["anomalies"][:3]:
        where = a["location_name"] or "all locations"
        out.append(f"{a['local_date']}: {where} weighed {_one(a['net_weight_lb']):,} lb against a usual "
                   f"{_one(a['prior_mean_lb']):,} lb (z = {a['z_score']}): check what happened that day.")
    return out


# ---- the optional narrative ---------------------------------------------------------------------
NARRATIVE_PROMPT = (
    "You write a short summary (at most 120 words, plain text, no lists) of a food-waste analytics "
    "report for a restaurant manager. Use only the figures in the JSON below; do not invent numbers, "
    "causes or facts not in it. Mention the largest location or product, the trend, any anomaly and "
    "the photo share against the 85% aim."
)


def _facts(fig: dict) -> str:
    keep = {k: fig[k] for k in ("period", "totals", "data_quality", "by_location", "by_product", "by_weekday",
                                "trend", "anomalies")}
    return json.dumps(keep, default=str)


async def narrative(fig: dict) -> dict:
    """{status: off | written | failed, text, model, message}: never raises, never invents."""
    s = get_settings()
    if not s.openai_api_key:
        return {"status": "off", "text": None, "model": None, "message": NO_KEY}
    from api.ai.openai_reader import openai_client  # the one configured OpenAI client (base URL, time-out)

    client = openai_client(s.openai_api_key, s.openai_base_url, s.openai_timeout_s, 1)
    try:
        completion = await client.chat.completions.create(
            model=s.openai_model, temperature=0,
            messages=[{"role": "system", "content": NARRATIVE_PROMPT}, {"role": "user", "content": _facts(fig)}],
        )
        text = (completion.choices[0].message.content or "").strip() if completion.choices else ""
    except openai.APIError as exc:
        log.info("AI analytics narrative not written: %s", type(exc).__name__)
        return {"status": "failed", "text": None, "model": s.openai_model,
                "message": "The AI service could not write the summary now; the figures below are complete."}
    if not text:
        return {"status": "failed", "text": None, "model": s.openai_model,
                "message": "The AI service sent no summary; the figures below are complete."}
    return {"status": "written", "text": text[:2000], "model": s.openai_model,
            "message": f"Written by the AI model {s.openai_model} from the figures of this report only."}
