"""Offline batch sync, set-based: a constant number of statements per batch, not per ticket.

One query reads every reference the batch names (references.load_book), one finds every
client_id already stored, one upsert takes the numbers of all new tickets (per local day), one
INSERT ... SELECT FROM unnest(arrays) writes the tickets and one their line items. The answer
for a new ticket is built from the values written, as the single create's is (no re-read).

The answer is per ticket and the same as the one-savepoint-per-ticket sync gave: a stored
client_id with the same payload is a duplicate, with another payload an error (422); an invalid
ticket is an error alone, takes no number and writes nothing, the others are kept; a client_id
sent twice in one batch answers the second with the first.

Tickets with a side effect that reads and locks other rows one ticket at a time go through
service.create_one in their own savepoint, after the set-based insert: a photo (stored
beside the row), a completed load of a waste type the site holds inventory of (drawn down
oldest item first) and a completed truck-scale load (bill of lading and payable). If the
set-based insert meets a parallel sync of the same client_id (unique violation), it is
rolled back whole and those tickets go the one-by-one way too, which answers the race as the
single create does. Every completed ticket is announced (`TicketCompleted`) either way.
"""
from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from functools import cache
from types import SimpleNamespace

from sqlalchemy import Table, TextClause, select, text
from sqlalchemy.dialects import postgresql
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.kit.errors import DomainError, Invalid
from api.kit.events import publish
from api.kit.idempotency import payload_digest
from api.tables.tickets import TYPE_2, Ticket, TicketLineItem
from api.tickets.events import TicketCompleted
from api.tickets.numbering import take_ticket_numbers
from api.tickets.references import ReferenceBook, add_store, load_book
from api.tickets.schemas import BatchResult, TicketBatch, TicketCreate, TicketRead
from api.tickets.service import (
    REUSED_CLIENT_ID,
    Caller,
    Prepared,
    create_one,
    prepare,
    store_name,
)
from api.tickets.views import read_tickets, ticket_read

NO_CLIENT_ID = "client_id is required for batch sync"


@dataclass
class Slot:
    """One ticket of the batch, in its place: what it is and, once known, what became of it."""

    body: TicketCreate
    digest: str | None = None
    prepared: Prepared | None = None
    one_by_one: bool = False
    status: str = "error"
    ticket: Ticket | None = None
    read: TicketRead | None = None
    error: DomainError | None = None
    lines: list[dict] | None = None  # the line item rows written with it (set-based insert)
    same_as: int | None = None  # a repeat in this batch of an earlier slot's client_id


def _one_by_one(book: ReferenceBook, body: TicketCreate, prepared: Prepared) -> bool:
    """Does this ticket set off a per-ticket side effect (see the module docstring)?"""
    values = prepared.values
    if body.image_data:
        return True
    if values["status"] != "completed":
        return False
    return values["outbound_ticket_type"] == TYPE_2 or values["waste_type_id"] in book.stocked_waste_types


async def create_batch(db: AsyncSession, caller: Caller, batch: TicketBatch) -> list[BatchResult]:
    book = await load_book(db, caller.company, batch.tickets)
    await add_store(db, book, caller.scope or caller.user.assigned_location_id)
    slots = [Slot(body=body) for body in batch.tickets]
    client_ids = {s.body.client_id for s in slots if s.body.client_id is not None}
    stored = {}
    if client_ids:
        rows = await db.execute(select(Ticket).where(Ticket.client_id.in_(client_ids)))
        stored = {t.client_id: t for t in rows.scalars()}

    first_of: dict[uuid.UUID, int] = {}  # client_id -> the slot that writes it in this batch
    now = datetime.now(tz=UTC)
    for i, slot in enumerate(slots):
        cid = slot.body.client_id
        if cid is None:
            slot.error = Invalid(NO_CLIENT_ID)
            continue
        slot.digest = payload_digest(slot.body)
        known = stored.get(cid)
        if known is None and cid in first_of:
            first = slots[first_of[cid]]
            if first.digest == slot.digest:
                slot.status, slot.same_as = "duplicate", first_of[cid]
            else:
                slot.error = Invalid(REUSED_CLIENT_ID)
            continue
        if known is not None:
            if known.payload_digest == slot.digest:
                slot.status, slot.ticket = "duplicate", known
            else:
                slot.error = Invalid(REUSED_CLIENT_ID)
            continue
        try:
            slot.prepared = prepare(book, caller, slot.body, now)
        except DomainError as exc:
            slot.error = exc
            continue
        slot.status = "created"
        slot.one_by_one = _one_by_one(book, slot.body, slot.prepared)
        first_of[cid] = i

    together = [s for s in slots if s.status == "created" and not s.one_by_one]
    if together:
        try:
            async with db.begin_nested():
                await _insert_together(db, caller, book, together, now)
        except IntegrityError:
            for s in together:
                s.one_by_one, s.read = True, None
    for s in slots:
        if s.status == "created" and s.one_by_one:
            await _create_alone(db, caller, book, s)
    for s in slots:
        if s.same_as is not None:
            first = slots[s.same_as]
            if first.status == "error":  # the first of its client_id failed: this one never matched
                s.status, s.same_as = "created", None
                await _create_alone(db, caller, book, s)
            else:
                s.ticket, s.read = first.ticket, first.read

    unread = [s.ticket for s in slots if s.ticket is not None and s.read is None]
    reads = {r.id: r for r in await read_tickets(db, list({t.id: t for t in unread}.values()))}
    results = []
    for s in slots:
        read = s.read or (reads.get(s.ticket.id) if s.ticket is not None else None)
        exc = s.error
        results.append(BatchResult(
            client_id=s.body.client_id, status=s.status, ticket=read,
            detail=exc.detail if exc else None,
            status_code=exc.status_code if exc else (201 if s.status == "created" else 200),
        ))
    return results


async def _create_alone(db: AsyncSession, caller: Caller, book: ReferenceBook, slot: Slot) -> None:
    """The one-savepoint-per-ticket way (as before the set-based sync)."""
    try:
        async with db.begin_nested():
            ticket, created, _lines, _images = await create_one(db, caller, book, slot.body, slot.body.client_id)
        slot.status, slot.ticket, slot.read = ("created" if created else "duplicate"), ticket, None
    except DomainError as exc:
        slot.status, slot.ticket, slot.read, slot.error = "error", None, None, exc


async def _insert_together(db: AsyncSession, caller: Caller, book: ReferenceBook, slots: list[Slot],
                           now: datetime) -> None:
    company_id = caller.company.id
    numbers = await take_ticket_numbers(
        db, company_id, [s.prepared.values["ticket_at"] for s in slots], inbound=False, tz=book.tz
    )
    ticket_rows, line_rows = [], []
    for slot, number in zip(slots, numbers, strict=True):
        row = {"id": uuid.uuid4(), "ticket_number": number, "client_id": slot.body.client_id,
               "payload_digest": slot.digest, "company_id": company_id, "created_at": now, "updated_at": now,
               **slot.prepared.values}
        lines = [{"id": uuid.uuid4(), "ticket_id": row["id"], "company_id": company_id, "created_at": now,
                  "updated_at": now, **li} for li in slot.prepared.lines]
        ticket_rows.append(row)
        line_rows.extend(lines)
        slot.lines = lines
    # One statement per table whatever the batch size: the rows go as one array per column
    # (one cached statement, parsed once), not one pipelined INSERT per row.
    await db.execute(*_unnest_insert(Ticket.__table__, ticket_rows))
    if line_rows:
        await db.execute(*_unnest_insert(TicketLineItem.__table__, line_rows))
    # The answer as a re-read would give it: values are at their columns' scale already
    # (rules.tenth, kit.money.cents); times in the connection's time zone, as the driver loads them.
    driver = (await (await db.connection()).get_raw_connection()).driver_connection
    tz = driver.info.timezone
    for slot, row in zip(slots, ticket_rows, strict=True):
        slot.read = _as_read(row, slot.lines, store_name(book, row["store_id"]), tz)
    # Each completed ticket is announced as a single create announces it (api.tickets.events).
    # These set nothing off (a load with a side effect went the one-by-one way), so the ticket
    # is the row as written, not re-read; stocked=False is what the reference book already knows.
    for row in ticket_rows:
        if row["status"] == "completed":
            await publish(db, TicketCompleted(Ticket(**row), caller.user.id, now, stocked=False))


def _as_read(row: dict, lines: list[dict], store: str | None, tz: tzinfo):
    """TicketRead of a ticket just written (no images: a ticket with a photo goes one by one)."""
    ticket = SimpleNamespace(**row, voided_at=None, void_reason=None)
    for name in ("ticket_at", "created_at", "updated_at"):
        setattr(ticket, name, getattr(ticket, name).astimezone(tz))
    if ticket.vehicle_info is not None:
        ticket.vehicle_info = jsonb_order(ticket.vehicle_info)
    line_items = [SimpleNamespace(**li) for li in lines]
    return ticket_read(ticket, line_items, [], store)


def jsonb_order(value: dict) -> dict:
    """The key order Postgres keeps a jsonb object in (shorter keys first, then bytewise)."""
    return dict(sorted(value.items(), key=lambda kv: (len(kv[0].encode()), kv[0].encode())))


def _unnest_insert(table: Table, rows: list[dict]) -> tuple[TextClause, dict]:
    columns = tuple(rows[0])
    params = {}
    for name in columns:
        values = [row[name] for row in rows]
        if isinstance(table.c[name].type, postgresql.JSONB):
            # As the JSONB type binds them: None is the JSON null, not SQL NULL.
            values = [json.dumps(v) for v in values]
        params[name] = values
    return _unnest_statement(table, columns), params


@cache
def _unnest_statement(table: Table, columns: tuple[str, ...]) -> TextClause:
    dialect = postgresql.dialect()
    arrays = ", ".join(f"CAST(:{name} AS {table.c[name].type.compile(dialect=dialect)}[])" for name in columns)
    names = ", ".join(columns)
    return text(f"INSERT INTO {table.name} ({names}) SELECT * FROM unnest({arrays})")
