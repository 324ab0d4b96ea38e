"""Edible food recovery records a jurisdiction inspector asks a Tier 1 or 2 generator for
(14 CCR 18991.4): food recovery partners with their contracts or written agreements on file, and
pounds recovered per partner and month (from the food_recovery_records mart)."""
from __future__ import annotations

import csv
import hashlib
import io
import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import PurePath

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.concurrency import run_in_threadpool

from api.companies.logo import logo_png
from api.compliance import tiers
from api.kit.calendar import company_today
from api.kit.errors import Conflict, DomainError, Invalid, NotFound
from api.reports.spreadsheet import safe_row
from api.tables.companies import Company
from api.tables.compliance import ComplianceEvent, FoodRecoveryAgreement, FoodRecoveryPartner
from api.tables.lists import DestinationType
from api.tickets.public import image_store
from api.warehouse import last_refreshed_at, read_warehouse, rows

EXPIRING_DAYS = 30
MAX_AGREEMENT_BYTES = 10 * 1024 * 1024
# Checked by content, not by the name or the declared type.
SIGNATURES = ((b"%PDF-", "application/pdf"), (b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"))
RECORD_COLUMNS = ["Partner", "Type", "Address", "Contact", "Types of Food", "Collection Frequency", "Collection",
                  "Agreement on File", "Agreement Start", "Agreement End", "Month", "Tickets", "Pounds Recovered"]


class AgreementTooLarge(DomainError):
    status_code = 413


def agreement_status(agreement: FoodRecoveryAgreement | None, today: date) -> str:
    if agreement is None:
        return "missing"
    return end_status(agreement.end_date, today)


def end_status(end_date: date | None, today: date) -> str:
    """An agreement's status from its end date: expired, expiring (within EXPIRING_DAYS), on_file."""
    if end_date is not None and end_date < today:
        return "expired"
    if end_date is not None and end_date <= today + timedelta(days=EXPIRING_DAYS):
        return "expiring"
    return "on_file"


def current_agreement(agreements: list[FoodRecoveryAgreement], today: date) -> FoodRecoveryAgreement | None:
    """The agreement in force today, else the latest one (its status says expired or future)."""
    in_force = [a for a in agreements if a.start_date <= today and (a.end_date is None or a.end_date >= today)]
    pool = in_force or agreements
    return max(pool, key=lambda a: (a.end_date or date.max, a.created_at)) if pool else None


async def check_destination(db: AsyncSession, company_id: uuid.UUID, destination_id: uuid.UUID | None,
                            partner_id: uuid.UUID | None = None) -> DestinationType | None:
    if destination_id is None:
        return None
    dest = await db.scalar(select(DestinationType).where(DestinationType.id == destination_id,
                                                         DestinationType.company_id == company_id))
    if dest is None or dest.management_path != "donation":
        raise Invalid("destination_id: choose one of your food donation destinations")
    taken = await db.scalar(select(FoodRecoveryPartner.name).where(
        FoodRecoveryPartner.company_id == company_id, FoodRecoveryPartner.destination_id == destination_id,
        FoodRecoveryPartner.is_active.is_(True), FoodRecoveryPartner.id != (partner_id or uuid.uuid4())))
    if taken:
        raise Conflict(f"Destination '{dest.name}' already names partner '{taken}': one partner per destination, "
                       "so each donation ticket names exactly one partner")
    return dest


async def partner_in_scope(db: AsyncSession, company_id: uuid.UUID, partner_id: uuid.UUID) -> FoodRecoveryPartner:
    partner = await db.scalar(select(FoodRecoveryPartner).where(FoodRecoveryPartner.id == partner_id,
                                                                FoodRecoveryPartner.company_id == company_id))
    if partner is None:
        raise NotFound("Food recovery partner not found")
    return partner


async def partners_read(db: AsyncSession, company_id: uuid.UUID, today: date) -> list[dict]:
    partners = (await db.scalars(select(FoodRecoveryPartner).where(FoodRecoveryPartner.company_id == company_id)
                                 .order_by(FoodRecoveryPartner.is_active.desc(), FoodRecoveryPartner.name))).all()
    agreements = (await db.scalars(select(FoodRecoveryAgreement).where(
        FoodRecoveryAgreement.company_id == company_id).order_by(FoodRecoveryAgreement.start_date.desc()))).all()
    names = dict((await db.execute(select(DestinationType.id, DestinationType.name).where(
        DestinationType.company_id == company_id))).all())
    out = []
    for p in partners:
        mine = [a for a in agreements if a.partner_id == p.id]
        out.append({
            "id": p.id, "name": p.name, "kind": p.kind, "address": p.address, "contact": p.contact,
            "food_types": p.food_types, "collection_frequency": p.collection_frequency, "pickup_mode": p.pickup_mode,
            "destination_id": p.destination_id, "destination_name": names.get(p.destination_id),
            "is_active": p.is_active, "agreement_status": agreement_status(current_agreement(mine, today), today),
            "agreements": [{"id": a.id, "start_date": a.start_date, "end_date": a.end_date, "file_name": a.file_name,
                            "content_type": a.content_type, "size_bytes": a.size_bytes, "created_at": a.created_at,
                            "status": agreement_status(a, today)} for a in mine],
        })
    return out


def warnings(partners: list[dict], unassigned_lb: Decimal = Decimal(0)) -> list[str]:
    active = [p for p in partners if p["is_active"]]
    found = []
    if not active:
        found.append("No food recovery partner on record: Tier 1 and Tier 2 generators must keep a contract or "
                     "written agreement with each food recovery organization or service.")
    for p in active:
        status = p["agreement_status"]
        if status == "missing":
            found.append(f"{p['name']}: no contract or written agreement on file.")
        elif status == "expired":
            found.append(f"{p['name']}: the agreement on file has expired.")
        elif status == "expiring":
            end = next(a["end_date"] for a in p["agreements"] if a["status"] == "expiring")
            found.append(f"{p['name']}: the agreement ends on {end:%B %-d, %Y}; renew it.")
        if p["destination_id"] is None:
            found.append(f"{p['name']}: no donation destination linked, so no tickets name this partner.")
    if unassigned_lb > 0:
        found.append(f"{unassigned_lb:,.1f} lb were donated to destinations no partner names.")
    return found


async def log_expiring(db: AsyncSession, company_id: uuid.UUID, partners: list[dict]) -> None:
    """One activity-log entry per expiring agreement, the first time it is seen expiring."""
    for p in partners:
        for a in p["agreements"]:
            if a["status"] != "expiring":
                continue
            text = f"Agreement with {p['name']} ends on {a['end_date']:%Y-%m-%d} (agreement {a['id']})"
            seen = await db.scalar(select(ComplianceEvent.id).where(
                ComplianceEvent.company_id == company_id, ComplianceEvent.event == "agreement_expiring",
                ComplianceEvent.description == text))
            if seen is None:
                db.add(ComplianceEvent(company_id=company_id, event="agreement_expiring", severity="warning",
                                       description=text))


def read_upload(data: bytes, file_name: str | None) -> tuple[str, str]:
    """(content type by content, safe file name) or a 4xx naming the field."""
    if len(data) > MAX_AGREEMENT_BYTES:
        raise AgreementTooLarge(f"file: the agreement is too large (maximum {MAX_AGREEMENT_BYTES // (1024 * 1024)} MB)")
    kind = next((mime for magic, mime in SIGNATURES if data.startswith(magic)), None)
    if kind is None:
        raise Invalid("file: upload the agreement as a PDF, PNG or JPEG file")
    name = PurePath((file_name or "agreement").replace("\\", "/")).name[:200] or "agreement"
    return kind, name


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def storage_key(company_id: uuid.UUID, agreement_id: uuid.UUID) -> str:
    return f"{company_id}/agreements/{agreement_id}"


def records(company_id: str, year: int) -> tuple[list[dict], datetime | None]:
    with read_warehouse() as con:
        found = rows(con, """
            select partner_id, partner_name, destination_name, month_start as month, ticket_count, recovered_weight_lb
            from marts.food_recovery_records where company_id = ? and report_year = ?
            order by partner_name nulls last, destination_name, month_start""", [company_id, year])
        refreshed = last_refreshed_at(con)
    return found, refreshed


def _agreement_cells(p: dict) -> list:
    on_file = [a for a in p["agreements"] if a["status"] != "expired"] or p["agreements"]
    a = on_file[0] if on_file else None
    return ["yes" if a else "no", a["start_date"].isoformat() if a else "", a["end_date"].isoformat()
            if a and a["end_date"] else ""]


def to_csv(body: dict) -> bytes:
    partners = {str(p["id"]): p for p in body["partners"]}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(RECORD_COLUMNS)
    for r in body["records"]:
        p = partners.get(r["partner_id"] or "")
        head = ([p["name"], p["kind"], p["address"] or "", p["contact"] or "", p["food_types"] or "",
                 p["collection_frequency"] or "", p["pickup_mode"].replace("_", "-"), *_agreement_cells(p)] if p else
                [f"(no partner) {r['destination_name']}", "", "", "", "", "", "", "no", "", ""])
        writer.writerow(safe_row([*head, f"{r['month']:%Y-%m}", r["ticket_count"], str(r["recovered_weight_lb"])]))
    # Partners without pounds this year are records too (the list of contracted partners).
    with_pounds = {r["partner_id"] for r in body["records"]}
    for p in body["partners"]:
        if str(p["id"]) not in with_pounds:
            writer.writerow(safe_row([p["name"], p["kind"], p["address"] or "", p["contact"] or "",
                                      p["food_types"] or "", p["collection_frequency"] or "",
                                      p["pickup_mode"].replace("_", "-"), *_agreement_cells(p), "", 0, "0.0"]))
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def to_pdf(company_name: str, body: dict, generated_at: datetime, logo: bytes | None = None) -> bytes:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import landscape, letter
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import inch
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    from api.reports.pdf import GREEN, STRIPE, lb, logo_flowable

    s = getSampleStyleSheet()
    esc = lambda t: str(t or "").replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    story = [*logo_flowable(logo),
             Paragraph(f"{esc(company_name)} - Edible Food Recovery Records {body['year']}", s["Title"]),
             Paragraph(f"Generated {generated_at:%Y-%m-%d %H:%M} UTC (14 CCR 18991.4 generator records). "
                       f"Total recovered: {lb(body['total_recovered_lb'])} lbs.", s["Normal"]), Spacer(1, 0.15 * inch)]
    partner_rows = [["Partner", "Type", "Address", "Contact", "Types of food", "Frequency", "Collection", "Agreement"]]
    for p in body["partners"]:
        on_file, start, end = _agreement_cells(p)
        partner_rows.append([esc(p["name"]), p["kind"], esc(p["address"]), esc(p["contact"]), esc(p["food_types"]),
                             esc(p["collection_frequency"]), p["pickup_mode"].replace("_", "-"),
                             f"{start} to {end or 'open'}" if on_file == "yes" else "none on file"])
    month_rows = [["Partner", "Month", "Tickets", "Pounds recovered"],
                  *[[esc(r["partner_name"] or f"(no partner) {r['destination_name']}"), f"{r['month']:%Y-%m}",
                     str(r["ticket_count"]), lb(r["recovered_weight_lb"])] for r in body["records"]]]
    style = TableStyle([("BACKGROUND", (0, 0), (-1, 0), GREEN), ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
                        ("FONTSIZE", (0, 0), (-1, -1), 8), ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, STRIPE])])
    for title, data in (("Food recovery organizations and services", partner_rows), ("Pounds recovered per month",
                                                                                       month_rows)):
        grid = Table(data, repeatRows=1, hAlign="LEFT")
        grid.setStyle(style)
        story += [Paragraph(title, s["Heading2"]), grid, Spacer(1, 0.15 * inch)]
    if body["warnings"]:
        story += [Paragraph("Warnings: " + esc(" ".join(body["warnings"])), s["Normal"])]
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=landscape(letter), title=f"Food recovery records {body['year']}",
                      author="Flow").build(story)
    return out.getvalue()


# What the routes do, each scoped to the caller's company.

async def partner_read(db: AsyncSession, company: Company, partner_id: uuid.UUID) -> dict:
    found = await partners_read(db, company.id, company_today(company))
    return next(p for p in found if p["id"] == partner_id)


async def list_partners(db: AsyncSession, company: Company) -> dict:
    """Partners with their agreements on file, and warnings for missing or expiring agreements."""
    partners = await partners_read(db, company.id, company_today(company))
    await log_expiring(db, company.id, partners)
    # Tier 1 and Tier 2 locations without an agreement in force come first.
    tiered = [w["text"] for w in await tiers.tier_warnings(db, company.id, partners)]
    return {"partners": partners, "warnings": tiered + warnings(partners)}


async def generator_tiers(db: AsyncSession, company: Company) -> dict:
    """Each location's questionnaire answers and tier, and the warnings of tiered locations."""
    found = await tiers.locations(db, company.id)
    partners = await partners_read(db, company.id, company_today(company))
    warned = tiers.warnings(found, partners)
    await tiers.log_warnings(db, company.id, warned)
    return {"locations": found, "warnings": [w["text"] for w in warned]}


async def create_partner(db: AsyncSession, company: Company, fields: dict) -> dict:
    await check_destination(db, company.id, fields.get("destination_id"))
    partner = FoodRecoveryPartner(company_id=company.id, **fields)
    db.add(partner)
    await db.flush()
    db.add(ComplianceEvent(company_id=company.id, event="partner_added", severity="info",
                           description=f"Food recovery partner {partner.name} added"))
    return await partner_read(db, company, partner.id)


async def update_partner(db: AsyncSession, company: Company, partner_id: uuid.UUID, changes: dict) -> dict:
    partner = await partner_in_scope(db, company.id, partner_id)
    if "name" in changes and changes["name"] is None:
        raise Invalid("name: a partner needs a name")
    if "destination_id" in changes or changes.get("is_active"):
        await check_destination(db, company.id, changes.get("destination_id", partner.destination_id), partner.id)
    for key, value in changes.items():
        setattr(partner, key, value)
    await db.flush()
    return await partner_read(db, company, partner.id)


async def add_agreement(db: AsyncSession, company: Company, user_id: uuid.UUID, partner_id: uuid.UUID,
                        data: bytes, file_name: str | None, start_date: date, end_date: date | None) -> dict:
    """Keep a copy of the contract or written agreement on file (checked by content)."""
    partner = await partner_in_scope(db, company.id, partner_id)
    if end_date is not None and end_date < start_date:
        raise Invalid("end_date: the agreement cannot end before it starts")
    content_type, name = read_upload(data, file_name)
    agreement = FoodRecoveryAgreement(id=uuid.uuid4(), company_id=company.id, partner_id=partner.id,
                                      start_date=start_date, end_date=end_date, file_name=name,
                                      content_type=content_type, size_bytes=len(data), sha256=sha256(data),
                                      uploaded_by_id=user_id)
    agreement.storage_key = storage_key(company.id, agreement.id)
    await image_store().save(agreement.storage_key, data, content_type)
    db.add(agreement)
    db.add(ComplianceEvent(company_id=company.id, event="agreement_uploaded", severity="info",
                           description=f"Agreement with {partner.name} on file from {start_date:%Y-%m-%d}"
                                       + (f" to {end_date:%Y-%m-%d}" if end_date else "")))
    await db.flush()
    await db.refresh(agreement)
    return {**{k: getattr(agreement, k) for k in ("id", "start_date", "end_date", "file_name", "content_type",
                                                  "size_bytes", "created_at")},
            "status": agreement_status(agreement, company_today(company))}


async def agreement_file(db: AsyncSession, company: Company, partner_id: uuid.UUID,
                         agreement_id: uuid.UUID) -> tuple[bytes, FoodRecoveryAgreement]:
    await partner_in_scope(db, company.id, partner_id)
    agreement = await db.get(FoodRecoveryAgreement, agreement_id)
    if agreement is None or agreement.company_id != company.id or agreement.partner_id != partner_id:
        raise NotFound("Agreement not found")
    data = await image_store().load(agreement.storage_key)
    if data is None:
        raise NotFound("Agreement file not found")
    return data, agreement


async def records_read(db: AsyncSession, company: Company, year: int | None) -> dict:
    """Each partner and pounds recovered per partner and month of the year (default: this year)."""
    today = company_today(company)
    y = year or today.year
    partners = await partners_read(db, company.id, today)
    found, refreshed = await run_in_threadpool(records, str(company.id), y)
    unassigned = sum((r["recovered_weight_lb"] for r in found if r["partner_id"] is None), Decimal(0))
    return {"year": y, "partners": partners, "records": found,
            "total_recovered_lb": sum((r["recovered_weight_lb"] for r in found), Decimal(0)),
            "unassigned_lb": unassigned, "warnings": warnings(partners, unassigned),
            "last_refreshed_at": refreshed}


async def export_records(db: AsyncSession, company: Company, body: dict, format: str) -> bytes:
    """The records as CSV or PDF; the request is logged as a compliance event."""
    db.add(ComplianceEvent(company_id=company.id, event="records_requested", severity="info",
                           description=f"Food recovery records for {body['year']} exported as {format.upper()}"))
    return (to_csv(body) if format == "csv"
            else await run_in_threadpool(to_pdf, company.name, body, datetime.now(tz=UTC), logo_png(company)))
